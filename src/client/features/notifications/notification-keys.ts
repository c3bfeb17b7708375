/** Cache keys of the notifications data; every one sits under ['/api/users', id] like the other per-user lists. */
export const notificationKeys = {
  list: (userId: number) => ['/api/users', userId, 'notifications'] as const,
  /** GET /api/users/{id}/unread-count: both header badges. */
  unreadCount: (userId: number) => ['/api/users', userId, 'unread-count'] as const,
  unreadList: (userId: number) => ['/api/users', userId, 'unread-notifications'] as const,
};
