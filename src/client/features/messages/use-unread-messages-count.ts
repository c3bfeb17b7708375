import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { UNREAD_REFRESH_MS } from '@/lib/query-client';

/** The number of unread messages from GET /api/users/{id}/unread-count; 0 on any failure. */
export function useUnreadMessagesCount(userId: number | undefined): number {
  const query = useQuery({
    queryKey: ['/api/users', userId, 'unread-count'],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiGet<{ count?: unknown }>(`/api/users/${userId}/unread-count`, { signal });
        return typeof answer?.count === 'number' ? answer.count : 0;
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
