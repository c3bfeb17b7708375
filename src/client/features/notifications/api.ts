import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type CreateTestNotificationBody, type Notification, notificationEndpoints, type UnreadCount } from '#shared/contracts/notifications.js';
import { call, errorMessage } from '#client/lib/api.js';
import { userScopeKey } from '#client/lib/auth.js';
import { UNREAD_REFRESH_MS } from '#client/lib/query-client.js';

const endpoints = notificationEndpoints;

/**
 * Cache keys of the notifications data; every one sits under the user's scope like the other
 * per-user lists. The live connection refreshes them, so they are the feature's public surface.
 */
export const notificationKeys = {
  list: (userId: number) => [...userScopeKey(userId), 'notifications'] as const,
  /** GET /api/users/{id}/unread-count: both header badges. */
  unreadCount: (userId: number) => [...userScopeKey(userId), 'unread-count'] as const,
  unreadList: (userId: number) => [...userScopeKey(userId), 'unread-notifications'] as const,
};

const FETCH_FAILED = 'Failed to fetch notifications';

/** GET /api/users/{id}/notifications, newest first; a failure reads 'Failed to fetch notifications' (spec section 8). */
export const notificationsQuery = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: async ({ signal }) => {
      try {
        return await call(endpoints.list, { params: { id: userId } }, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(FETCH_FAILED, { cause: error });
      }
    },
  });

export interface UnreadCounts {
  messages: number;
  notifications: number;
}

const none: UnreadCounts = { messages: 0, notifications: 0 };

const countOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

/**
 * Both header badges from GET /api/users/{id}/unread-count ({count, notifications, messages}),
 * refreshed every 300000 ms and on the live connection's auth_success; 0 on any failure.
 */
export const unreadCountsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(userId ?? 0),
    queryFn: async ({ signal }): Promise<UnreadCounts> => {
      try {
        // Production trusts the server's answer unchecked, so every field is read defensively.
        const answer: Partial<UnreadCount> | null = await call(endpoints.unreadCount, { params: { id: userId! } }, { signal });
        return { messages: countOf(answer?.messages), notifications: countOf(answer?.notifications ?? answer?.count) };
      } catch {
        // Spec section 8: an unread-count failure falls back to 0 silently.
        return none;
      }
    },
    enabled: userId !== undefined,
    refetchInterval: UNREAD_REFRESH_MS,
  });

export const useNotifications = (userId: number) => useQuery(notificationsQuery(userId));

export function useUnreadCounts(userId: number | undefined): UnreadCounts {
  return useQuery(unreadCountsQuery(userId)).data ?? none;
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
    mutationFn: (notificationId: number) => call(endpoints.markRead, { params: { id: notificationId } }),
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
    mutationFn: () => call(endpoints.markAllRead, { params: { id: userId } }),
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
    mutationFn: (input: Omit<CreateTestNotificationBody, 'userId' | 'isRead'>) => call(endpoints.createTest, { body: { ...input, userId, isRead: false } }),
    onSuccess: () => refresh(),
    onError: (error) => toast.error('Failed to create notification', { description: errorMessage(error, 'Please try again later') }),
  });
}
