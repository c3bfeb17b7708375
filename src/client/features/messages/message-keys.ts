/**
 * Cache keys of the chat data. The live connection refreshes them on new_message, so they are
 * the messages feature's public surface (like its hooks), not an internal detail.
 */
export const messageKeys = {
  /** GET /api/users/{id}/chats: the conversation list. */
  chats: (userId: number) => ['/api/users', userId, 'chats'] as const,
  /** GET /api/bids/{id}: the same key as the payment page's bid (spec section 7: cached under the numeric id). */
  bid: (bidId: number) => ['/api/bids', bidId] as const,
  /** GET /api/bids/{id}/messages. */
  bidMessages: (bidId: number) => ['/api/bids', bidId, 'messages'] as const,
};
