import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '#shared/contracts/conversations.js';
import { hasNewIncoming, idParam, selectConversation, senderFromNotificationTitle } from './select-conversation.js';

const chat = (bidId: number, channelId: number, username: string): ChatSummary => ({
  bidId,
  channelId,
  otherUser: { id: bidId * 10, username, avatarUrl: null },
  project: { id: 1, name: 'Booking app' },
  bid: { amount: 900, amountCents: 90_000, status: 'pending' },
  lastMessage: null,
  lastMessageTime: null,
  unreadCount: 0,
});
const chats = [chat(5, 50, 'devon'), chat(6, 60, 'sam'), chat(7, 70, 'devon')];
const none = { bidId: null, channelId: null, messageId: null };

describe('selectConversation', () => {
  it('prefers ?bid, then ?channel, then ?messageId', () => {
    expect(selectConversation(chats, { ...none, bidId: 6 })).toBe(6);
    expect(selectConversation(undefined, { ...none, bidId: 6 })).toBe(6);
    expect(selectConversation(chats, { ...none, channelId: 70 })).toBe(7);
    expect(selectConversation(chats, { ...none, channelId: 99 })).toBeNull();
    expect(selectConversation(chats, none)).toBeNull();
  });

  it('opens the newest conversation with the message’s sender, else the newest one', () => {
    expect(selectConversation(chats, { ...none, messageId: 3, messageSender: 'sam' })).toBe(6);
    expect(selectConversation(chats, { ...none, messageId: 3, messageSender: 'nobody' })).toBe(5);
    expect(selectConversation(chats, { ...none, messageId: 3 })).toBe(5);
    expect(selectConversation([], { ...none, messageId: 3 })).toBeNull();
  });
});

describe('query helpers', () => {
  it('reads positive ids only', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('1e3')).toBeNull();
    expect(idParam(null)).toBeNull();
  });

  it('reads the sender out of a message notification title', () => {
    expect(senderFromNotificationTitle('New message from devon')).toBe('devon');
    expect(senderFromNotificationTitle('New bid received')).toBeNull();
  });
});

describe('hasNewIncoming', () => {
  const message = (id: number, senderId: number) => ({
    id,
    bidId: 5,
    threadId: 1,
    senderId,
    receiverId: 0,
    content: 'x',
    createdAt: '',
    readAt: null,
    editedAt: null,
    deletedAt: null,
    editableUntil: null,
    attachments: [],
    sender: { id: senderId, username: 'u', avatarUrl: null },
  });
  it('is true only for a message from the other party the cache had not seen', () => {
    expect(hasNewIncoming(undefined, [message(1, 2)], 1)).toBe(true);
    expect(hasNewIncoming(undefined, [message(1, 1)], 1)).toBe(false);
    expect(hasNewIncoming([message(1, 2)], [message(1, 2), message(2, 1)], 1)).toBe(false);
    expect(hasNewIncoming([message(1, 2)], [message(1, 2), message(3, 2)], 1)).toBe(true);
  });
});
