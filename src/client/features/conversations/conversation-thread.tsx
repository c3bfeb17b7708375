import type { ChatMessage } from '#shared/contracts/conversations.js';
import { MessageComposer } from './message-composer.js';
import { MessageList } from './message-list.js';
import { useOpenConversation } from '#client/lib/open-conversation.js';

interface ConversationThreadProps {
  bidId: number;
  currentUserId: number;
  messages: readonly ChatMessage[] | undefined;
  isLoading: boolean;
}

/** A bid's thread and its input: the part the Messages page and the Chat page share. */
export function ConversationThread({ bidId, currentUserId, messages, isLoading }: ConversationThreadProps) {
  useOpenConversation(bidId);
  return (
    <>
      <MessageList bidId={bidId} messages={messages} currentUserId={currentUserId} isLoading={isLoading} />
      {/* Keyed by bid so a half-written draft never follows the user into another conversation. */}
      <MessageComposer key={bidId} bidId={bidId} />
    </>
  );
}
