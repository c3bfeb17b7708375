import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { conversationKeys } from './api.js';

/**
 * A conversation's id is its bid's: its messages and the viewer's conversation list (last message,
 * unread marks). The list names each project and its state, so a project's change refreshes it too.
 */
export const conversationLiveRefreshes = defineLiveRefreshes({
  conversation: (id, viewerId) => [conversationKeys.bidMessages(id), conversationKeys.ofUser(viewerId)],
  project: (_id, viewerId) => [conversationKeys.ofUser(viewerId)],
});
