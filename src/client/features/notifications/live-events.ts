import type { QueryKey } from '@tanstack/react-query';
import type { ServerEvent } from '#shared/events.js';
import { isKeyUnder } from '#client/lib/live-changes.js';
import { notificationKeys } from './api.js';

/**
 * What each live event does on screen (spec section 8 "Live-event toasts") and which notification
 * queries it makes stale. Pure, so the unit tests cover it without a browser.
 */

export interface LiveToast {
  /**
   * The server pushes a chat message twice: as new_message and as the 'message' notification it
   * stored (milestones likewise). Both toasts share an id, so the second replaces the first
   * instead of stacking a duplicate.
   */
  id: string;
  title: string;
  description?: string;
}

const DEFAULT_THREAD_TITLE = 'New Message';
const milestoneTypes = ['milestone', 'milestone_completed', 'milestone_approved'] as const;

export function liveEventToast(event: ServerEvent): LiveToast | null {
  switch (event.type) {
    case 'new_message':
      return {
        id: `message-${event.message.id}`,
        title: 'New Message',
        description: `New message in thread: ${event.thread.title || DEFAULT_THREAD_TITLE}`,
      };
    case 'new_milestone':
      return { id: `milestone-${event.milestone.projectId}`, title: 'New Milestone Added', description: event.milestone.title };
    case 'milestone_completed':
      return { id: `milestone_completed-${event.milestone.projectId}`, title: 'Milestone Completed', description: event.milestone.title };
    case 'milestone_approved':
      return { id: `milestone_approved-${event.milestone.projectId}`, title: 'Milestone Approved', description: event.milestone.title };
    case 'notification': {
      const { notification } = event;
      return { id: notificationToastId(notification), title: notification.title, description: notification.content || undefined };
    }
    case 'auth_success':
    case 'error':
    case 'changed':
    case 'typing':
      return null;
  }
}

/** What a live event's toast does, given the conversation on screen (if any). */
export type LiveToastOutcome = 'show' | 'read-in-place' | 'left-to-the-message';

/**
 * A message arriving in the conversation on screen raises no toast (issue 16). The server pushes
 * a message's 'message' notification before the message itself (stored rows are pushed as
 * after-commit work, the message by a commit handler), and only the message names its
 * conversation: while a conversation is on screen, the notification leaves the toast to the
 * message, which shows it under the same id unless it belongs to that conversation.
 */
export function liveToastOutcome(event: ServerEvent, screen: { openConversation: number | null }): LiveToastOutcome {
  if (event.type === 'new_message' && event.bidId === screen.openConversation) return 'read-in-place';
  if (event.type === 'notification' && event.notification.type === 'message' && screen.openConversation !== null) return 'left-to-the-message';
  return 'show';
}

/** The toast id of the live event that carries the same news as this notification, if any. */
function notificationToastId(notification: { id: number; type: string; relatedId: number | null }): string {
  if (notification.relatedId !== null) {
    if (notification.type === 'message') return `message-${notification.relatedId}`;
    if ((milestoneTypes as readonly string[]).includes(notification.type)) return `${notification.type}-${notification.relatedId}`;
  }
  return `notification-${notification.id}`;
}

/**
 * A predicate over query keys: true for the notification queries (the list and both header
 * badges) the event makes stale. What a change does to projects, deals, disputes and conversations
 * arrives as a `changed` event, which each feature's declaration handles (decision 043), not here.
 */
export function liveEventRefreshes(event: ServerEvent, userId: number): (key: QueryKey) => boolean {
  const unread: QueryKey[] = [notificationKeys.unreadCount(userId), notificationKeys.unreadList(userId)];
  const anyOf = (prefixes: QueryKey[]) => (key: QueryKey) => prefixes.some((prefix) => isKeyUnder(key, prefix));

  switch (event.type) {
    // A notification stored before the socket was authenticated (the page loads the connection when
    // the browser is idle, decision 072) reached no one live: the list and the counts are read again.
    // Every chat message also leaves a 'message' notification for its recipient, and counts as unread.
    case 'auth_success':
    case 'new_message':
    case 'notification':
      return anyOf([...unread, notificationKeys.list(userId)]);
    case 'new_milestone':
    case 'milestone_completed':
    case 'milestone_approved':
    case 'changed':
    case 'error':
    case 'typing':
      return () => false;
  }
}
