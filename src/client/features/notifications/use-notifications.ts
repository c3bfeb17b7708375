import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreateTestNotificationInput, Notification } from '#shared/contracts/notifications.js';
import { apiGet, apiRequest, errorMessage } from '#client/lib/api.js';
import { notificationKeys } from './notification-keys.js';

const FETCH_FAILED = 'Failed to fetch notifications';

/** GET /api/users/{id}/notifications, newest first; a failure reads 'Failed to fetch notifications' (spec section 8). */
export function useNotifications(userId: number) {
  return useQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<Notification[]>(`/api/users/${userId}/notifications`, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(FETCH_FAILED, { cause: error });
      }
    },
  });
}

function useRefreshNotifications(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [notificationKeys.list(userId), notificationKeys.unreadCount(userId), notificationKeys.unreadList(userId)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** PATCH /api/notifications/{id}/read. The list shows it read at once; a failure puts it back. */
export function useMarkNotificationRead(userId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshNotifications(userId);
  return useMutation({
    mutationFn: (notificationId: number) => apiRequest<Notification>('PATCH', `/api/notifications/${notificationId}/read`),
    onMutate: async (notificationId) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list(userId) });
      queryClient.setQueryData<Notification[]>(notificationKeys.list(userId), (list) =>
        list?.map((item) => (item.id === notificationId ? { ...item, isRead: true } : item)),
      );
    },
    onError: (error) => toast.error('Failed to mark notification as read', { description: errorMessage(error, 'Please try again later') }),
    onSettled: refresh,
  });
}

/** POST /api/users/{id}/mark-all-notifications-read. */
export function useMarkAllNotificationsRead(userId: number) {
  const refresh = useRefreshNotifications(userId);
  return useMutation({
    mutationFn: () => apiRequest<{ updated: number }>('POST', `/api/users/${userId}/mark-all-notifications-read`),
    onSuccess: async () => {
      toast.success('All notifications marked as read');
      await refresh();
    },
    onError: (error) => toast.error('Failed to mark all notifications as read', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** POST /api/notifications: the test panel notifies the signed-in user only, unread. */
export function useCreateTestNotification(userId: number) {
  const refresh = useRefreshNotifications(userId);
  return useMutation({
    mutationFn: (input: Omit<CreateTestNotificationInput, 'userId' | 'isRead'>) =>
      apiRequest<Notification>('POST', '/api/notifications', { ...input, userId, isRead: false }),
    onSuccess: () => refresh(),
    onError: (error) => toast.error('Failed to create notification', { description: errorMessage(error, 'Please try again later') }),
  });
}
