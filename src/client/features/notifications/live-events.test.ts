import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/events.js';
import { isProjectQueryKey, liveEventRefreshes, liveEventToast, liveToastOutcome } from './live-events.js';

const sender = { id: 2, username: 'devon', avatarUrl: null };
const message = { id: 31, bidId: 5, threadId: 9, senderId: 2, receiverId: 1, content: 'Hi', createdAt: '2025-03-04T15:07:00.000Z', readAt: null, sender };
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
  it('refreshes the unread counts on auth_success', () => {
    const isStale = liveEventRefreshes({ type: 'auth_success', userId: 1 }, 1);
    expect(isStale(['/api/users', 1, 'unread-count'])).toBe(true);
    expect(isStale(['/api/users', 1, 'unread-notifications'])).toBe(true);
    expect(isStale(['/api/users', 1, 'chats'])).toBe(false);
    expect(isStale(['/api/users', 2, 'unread-count'])).toBe(false);
  });

  it('refreshes the bid’s messages, the chats and the counts on new_message', () => {
    const isStale = liveEventRefreshes(newMessage('t'), 1);
    expect(isStale(['/api/bids', 5, 'messages'])).toBe(true);
    expect(isStale(['/api/bids', 6, 'messages'])).toBe(false);
    expect(isStale(['/api/users', 1, 'chats'])).toBe(true);
    expect(isStale(['/api/users', 1, 'unread-count'])).toBe(true);
    expect(isStale(['/api/projects'])).toBe(false);
  });

  it('refreshes the notifications, and the project a bid or milestone notification is about', () => {
    const isStale = liveEventRefreshes(notification({ type: 'bid', relatedId: 12 }), 1);
    expect(isStale(['/api/users', 1, 'notifications'])).toBe(true);
    expect(isStale(['/api/users', 1, 'unread-count'])).toBe(true);
    expect(isStale(['/api/projects', 12])).toBe(true);
    // The person's own lists too: the owner's dashboard counts the new bid without a reload.
    expect(isStale(['/api/users', 1, 'projects'])).toBe(true);
    expect(isStale(['/api/users', 2, 'projects'])).toBe(false);
    expect(liveEventRefreshes(notification(), 1)(['/api/projects', 12])).toBe(false);
    expect(liveEventRefreshes(notification(), 1)(['/api/users', 1, 'projects'])).toBe(false);
  });

  it('refreshes the change orders, the deal and the payment of the project a change order notification is about', () => {
    const isStale = liveEventRefreshes(notification({ type: 'change_order', relatedId: 12 }), 1);
    expect(isStale(['/api/projects', 12, 'change-orders'])).toBe(true);
    expect(isStale(['/api/projects', 12, 'deal'])).toBe(true);
    expect(isStale(['/api/projects', 12, 'payment'])).toBe(true);
    expect(isStale(['/api/projects', 13, 'change-orders'])).toBe(false);
    expect(isStale(['/api/users', 1, 'unread-count'])).toBe(true);
  });

  it('refreshes the dispute, the queue and the project queries on a dispute notification, whose relatedId is the dispute', () => {
    const isStale = liveEventRefreshes(notification({ type: 'dispute', relatedId: 9 }), 1);
    expect(isStale(['/api/disputes', 9])).toBe(true);
    expect(isStale(['/api/disputes', 90])).toBe(false);
    expect(isStale(['/api/operator/disputes', 'with_operator'])).toBe(true);
    expect(isStale(['/api/projects', 12, 'deal'])).toBe(true);
    expect(isStale(['/api/projects', 12])).toBe(true);
    expect(isStale(['/api/users', 1, 'unread-count'])).toBe(true);
    expect(isStale(['/api/developers'])).toBe(false);
    expect(liveEventToast(notification({ type: 'dispute', relatedId: 9 }))?.id).toBe('notification-70');
  });

  it('refreshes every query of the milestone’s project', () => {
    const isStale = liveEventRefreshes({ type: 'milestone_approved', milestone }, 1);
    expect(isStale(['/api/projects', 12, 'milestones'])).toBe(true);
    expect(isStale(['/api/projects/12/milestones'])).toBe(true);
    expect(isStale(['/api/projects', 120])).toBe(false);
    expect(isStale(['/api/users', 1, 'projects'])).toBe(true);
    expect(isStale(['/api/users', 2, 'projects'])).toBe(false);
  });
});

describe('isProjectQueryKey', () => {
  it('matches both key styles of one project only', () => {
    expect(isProjectQueryKey(['/api/projects', 3], 3)).toBe(true);
    expect(isProjectQueryKey(['/api/projects/3'], 3)).toBe(true);
    expect(isProjectQueryKey(['/api/projects/3?tab=milestones'], 3)).toBe(true);
    expect(isProjectQueryKey(['/api/projects/30/milestones'], 3)).toBe(false);
    expect(isProjectQueryKey(['/api/projects'], 3)).toBe(false);
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
