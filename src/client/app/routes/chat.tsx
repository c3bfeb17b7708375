import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '#shared/domain/money.js';
import { canReadBid } from '#shared/domain/policies.js';
import { Card } from '#client/components/ui/card.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { conversationParties } from '#client/features/conversations/conversation-parties.js';
import { ConversationThread } from '#client/features/conversations/conversation-thread.js';
import { ChatUnavailable } from '#client/features/conversations/chat-unavailable.js';
import { idParam } from '#client/features/conversations/select-conversation.js';
import { useBidMessages, useConversationBid } from '#client/features/conversations/api.js';
import { isApiError } from '#client/lib/api.js';

export default function ChatPage() {
  const bidId = idParam(useParams().bidId ?? null);
  const { user, isLoading: isUserLoading } = useUser();
  const bid = useConversationBid(bidId);
  const messages = useBidMessages(bidId !== null && user ? bidId : null);

  if (bidId === null) return <ChatUnavailable reason="not-found" />;
  if (isUserLoading || bid.isPending) return <PageSpinner label="Loading chat" />;
  const error = bid.error ?? messages.error;
  if (isApiError(error, 'FORBIDDEN')) return <ChatUnavailable reason="access-denied" />;
  if (error || !bid.data || !user) return <ChatUnavailable reason="not-found" />;
  // Only the project's owner and the bid's finisher may open the chat (spec section 6).
  if (!canReadBid(user, bid.data.project, bid.data)) return <ChatUnavailable reason="access-denied" />;

  const parties = conversationParties(user, bid.data, undefined);
  const projectName = bid.data.project.name;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to="/messages" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Messages
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Project Chat</h1>
      <p className="mt-2 text-muted-foreground">
        {parties.isViewerOwner
          ? `Chatting with ${parties.otherUsername} about your project "${projectName}"`
          : `Chatting with the client about "${projectName}"`}
      </p>
      <p className="mt-1 text-sm">
        Bid Amount: <span className="font-semibold">{formatMoney(bid.data.amountCents ?? 0)}</span>
      </p>
      <Card className="mt-6 flex h-[600px] flex-col gap-0 overflow-hidden py-0">
        <header className="border-b px-4 py-3">
          <h2 className="font-semibold">Chat with {parties.otherUsername}</h2>
          <p className="text-sm text-muted-foreground">Project: {projectName}</p>
        </header>
        <ConversationThread bidId={bidId} currentUserId={user.id} messages={messages.data} isLoading={messages.isPending} />
      </Card>
    </div>
  );
}
