import type { ChatMessage } from '#shared/contracts/conversations.js';
import { MessageComposer } from './message-composer.js';
import { MessageList } from './message-list.js';
import { useOpenConversation } from '#client/lib/open-conversation.js';
import { useIsTyping } from '#client/lib/live-typing.js';

interface ConversationThreadProps {
  bidId: number;
  currentUserId: number;
  messages: readonly ChatMessage[] | undefined;
  isLoading: boolean;
}

/** A bid's thread and its input: the part the Messages page and the Chat page share. */
export function ConversationThread({ bidId, currentUserId, messages, isLoading }: ConversationThreadProps) {
  useOpenConversation(bidId);
  const isTyping = useIsTyping(bidId, null);
  const otherName = messages?.find((message) => message.senderId !== currentUserId)?.sender.username;
  return (
    <>
      <MessageList bidId={bidId} messages={messages} currentUserId={currentUserId} isLoading={isLoading} />
      {/* Always in the page, so a screen reader hears the change; empty while nobody types. */}
      <p aria-live="polite" data-testid="typing-indicator" className="min-h-5 px-4 text-xs text-muted-foreground italic">
        {isTyping ? `${otherName ?? 'The other party'} is typing…` : ''}
      </p>
      {/* Keyed by bid so a half-written draft never follows the user into another conversation. */}
      <MessageComposer key={bidId} bidId={bidId} />
    </>
  );
}
