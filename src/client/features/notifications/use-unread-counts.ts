import { useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '#shared/contracts/notifications.js';
import { apiGet } from '#client/lib/api.js';
import { UNREAD_REFRESH_MS } from '#client/lib/query-client.js';
import { notificationKeys } from './notification-keys.js';

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
export function useUnreadCounts(userId: number | undefined): UnreadCounts {
  const query = useQuery({
    queryKey: notificationKeys.unreadCount(userId ?? 0),
    queryFn: async ({ signal }): Promise<UnreadCounts> => {
      try {
        const answer = await apiGet<Partial<UnreadCount> | null>(`/api/users/${userId}/unread-count`, { signal });
        return { messages: countOf(answer?.messages), notifications: countOf(answer?.notifications ?? answer?.count) };
      } catch {
        // Spec section 8: an unread-count failure falls back to 0 silently.
        return none;
      }
    },
    enabled: userId !== undefined,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  return query.data ?? none;
}
