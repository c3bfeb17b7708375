import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { UNREAD_REFRESH_MS } from '@/lib/query-client';

/** The number of unread notifications: the length of GET /api/users/{id}/unread-notifications; 0 on any failure. */
export function useUnreadNotificationsCount(userId: number | undefined): number {
  const query = useQuery({
    queryKey: ['/api/users', userId, 'unread-notifications'],
    queryFn: async ({ signal }) => {
      try {
        const list = await apiGet<unknown>(`/api/users/${userId}/unread-notifications`, { signal });
        return Array.isArray(list) ? list.length : 0;
      } catch {
        // Spec section 8: an unread-count failure falls back to 0 silently.
        return 0;
      }
    },
    enabled: userId !== undefined,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  return query.data ?? 0;
}
