import type { ChatMessage, ChatSummary } from '#shared/contracts/conversations.js';

export interface ConversationQuery {
  /** ?bid={bidId} */
  bidId: number | null;
  /** ?channel={channelId}, from the dashboard's messages tab. */
  channelId: number | null;
  /** ?messageId={id}, from a message notification. */
  messageId: number | null;
  /** Who sent that message, when a cached notification says so. */
  messageSender?: string | null;
}

/** A positive whole number from a query parameter, else null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The bid whose conversation opens. A message id cannot be looked up without reading (and so
 * marking read) every conversation, so it opens the newest conversation with the message's
 * sender when that is known, else the newest conversation.
 */
export function selectConversation(conversations: readonly ChatSummary[] | undefined, query: ConversationQuery): number | null {
  if (query.bidId !== null) return query.bidId;
  if (!conversations) return null;
  if (query.channelId !== null) return conversations.find((conversation) => conversation.channelId === query.channelId)?.bidId ?? null;
  if (query.messageId !== null) {
    const fromSender = query.messageSender ? conversations.find((conversation) => conversation.otherUser.username === query.messageSender) : undefined;
    return (fromSender ?? conversations[0])?.bidId ?? null;
  }
  return null;
}

/** The sender named by a message notification's title ('New message from {username}'). */
export function senderFromNotificationTitle(title: string): string | null {
  const match = /^New message from (.+)$/.exec(title.trim());
  return match ? match[1]! : null;
}

/** True when the fetched list holds a message from the other party that the cache had not seen. */
export function hasNewIncoming(previous: readonly ChatMessage[] | undefined, next: readonly ChatMessage[], userId: number): boolean {
  const seen = new Set((previous ?? []).map((message) => message.id));
  return next.some((message) => message.senderId !== userId && !seen.has(message.id));
}
