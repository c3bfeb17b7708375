import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/events.js';
import { liveEventRefreshes, liveEventToast, liveToastOutcome } from './live-events.js';

const sender = { id: 2, username: 'devon', avatarUrl: null };
const message = {
  id: 31,
  bidId: 5,
  threadId: 9,
  senderId: 2,
  receiverId: 1,
  content: 'Hi',
  createdAt: '2025-03-04T15:07:00.000Z',
  readAt: null,
  editedAt: null,
  deletedAt: null,
  editableUntil: null,
  attachments: [],
  sender,
};
const newMessage = (title: string): ServerEvent => ({ type: 'new_message', bidId: 5, thread: { id: 9, title }, message });
const notification = (overrides: Partial<Extract<ServerEvent, { type: 'notification' }>['notification']> = {}): ServerEvent => ({
  type: 'notification',
  notification: {
    id: 70,
    userId: 1,
    type: 'notification',
    title: 'Hello',
    content: 'World',
    relatedId: null,
    isRead: false,
    createdAt: '2025-03-04T15:07:00.000Z',
    ...overrides,
  },
});
const milestone = { id: 4, title: 'Payments wired', projectId: 12 };

describe('liveEventToast', () => {
  it('shows the spec texts of section 8', () => {
    expect(liveEventToast(newMessage('Bid #5: Booking app'))).toMatchObject({
      title: 'New Message',
      description: 'New message in thread: Bid #5: Booking app',
    });
    expect(liveEventToast(newMessage(''))).toMatchObject({ description: 'New message in thread: New Message' });
    expect(liveEventToast({ type: 'new_milestone', milestone })).toMatchObject({ title: 'New Milestone Added', description: 'Payments wired' });
    expect(liveEventToast({ type: 'milestone_completed', milestone })).toMatchObject({ title: 'Milestone Completed' });
    expect(liveEventToast({ type: 'milestone_approved', milestone })).toMatchObject({ title: 'Milestone Approved' });
    expect(liveEventToast(notification())).toMatchObject({ title: 'Hello', description: 'World' });
    expect(liveEventToast({ type: 'auth_success', userId: 1 })).toBeNull();
    expect(liveEventToast({ type: 'error', message: 'nope' })).toBeNull();
  });

  it('gives a message and the notification it left one toast id, so they do not stack', () => {
    const fromNotification = liveEventToast(notification({ type: 'message', relatedId: 31 }));
    expect(fromNotification?.id).toBe(liveEventToast(newMessage('t'))?.id);
    expect(liveEventToast(notification({ type: 'milestone', relatedId: 12 }))?.id).toBe(liveEventToast({ type: 'new_milestone', milestone })?.id);
    expect(liveEventToast(notification({ type: 'message', relatedId: null }))?.id).toBe('notification-70');
  });
});

describe('liveEventRefreshes', () => {
  it('refreshes the notifications and the unread counts on auth_success: what came before the socket did not arrive live', () => {
    const isStale = liveEventRefreshes({ type: 'auth_success', userId: 1 }, 1);
    expect(isStale(['/api/users', 1, 'notifications'])).toBe(true);
    expect(isStale(['/api/users', 1, 'unread-count'])).toBe(true);
    expect(isStale(['/api/users', 1, 'unread-notifications'])).toBe(true);
    expect(isStale(['/api/users', 1, 'chats'])).toBe(false);
    expect(isStale(['/api/users', 2, 'unread-count'])).toBe(false);
  });

  it('refreshes the notifications and the counts on new_message and on a notification, and nothing a feature caches', () => {
    for (const event of [newMessage('t'), notification({ type: 'bid', relatedId: 12 }), notification({ type: 'dispute', relatedId: 9 })]) {
      const isStale = liveEventRefreshes(event, 1);
      expect(isStale(['/api/users', 1, 'notifications'])).toBe(true);
      expect(isStale(['/api/users', 1, 'unread-count'])).toBe(true);
      expect(isStale(['/api/users', 1, 'unread-notifications'])).toBe(true);
      expect(isStale(['/api/users', 2, 'unread-count'])).toBe(false);
      // Those come with the server's `changed` event (decision 043): see app/live-updates.test.ts.
      expect(isStale(['/api/projects', 12])).toBe(false);
      expect(isStale(['/api/bids', 5, 'messages'])).toBe(false);
      expect(isStale(['/api/disputes', 9])).toBe(false);
    }
  });

  it('leaves every cached query to the features on a changed event and the milestone events', () => {
    const changed: ServerEvent = { type: 'changed', changes: [{ resource: 'project', id: 12 }] };
    for (const event of [changed, { type: 'milestone_approved', milestone } as const]) {
      expect(liveEventRefreshes(event, 1)(['/api/projects', 12])).toBe(false);
      expect(liveEventRefreshes(event, 1)(['/api/users', 1, 'unread-count'])).toBe(false);
    }
    expect(liveEventToast(changed)).toBeNull();
    expect(liveToastOutcome(changed, { openConversation: 5 })).toBe('show');
  });
});

describe('liveToastOutcome', () => {
  const messageNotification = notification({ type: 'message', relatedId: 31 });

  it('raises no toast over the conversation on screen, whichever of the message and its notification comes first', () => {
    // The server pushes the notification first: it names no conversation, so the message decides.
    expect(liveToastOutcome(messageNotification, { openConversation: 5 })).toBe('left-to-the-message');
    expect(liveToastOutcome(newMessage('Bid #5'), { openConversation: 5 })).toBe('read-in-place');
  });

  it('toasts a message from another conversation, and any news with no conversation on screen', () => {
    expect(liveToastOutcome(messageNotification, { openConversation: 6 })).toBe('left-to-the-message');
    expect(liveToastOutcome(newMessage('Bid #5'), { openConversation: 6 })).toBe('show');
    expect(liveToastOutcome(messageNotification, { openConversation: null })).toBe('show');
    expect(liveToastOutcome(newMessage('Bid #5'), { openConversation: null })).toBe('show');
    expect(liveToastOutcome(notification(), { openConversation: 5 })).toBe('show');
  });
});
