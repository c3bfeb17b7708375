import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LogIn, MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ChatSummary } from '#shared/contracts/conversations.js';
import type { Notification } from '#shared/contracts/notifications.js';
import type { User } from '#shared/contracts/users.js';
import { Button } from '#client/components/ui/button.js';
import { useUser } from '#client/lib/auth.js';
import { notificationKeys } from '#client/features/notifications/api.js';
import { isApiError } from '#client/lib/api.js';
import { cn } from '#client/lib/utils.js';
import { ConversationThread } from './conversation-thread.js';
import { conversationParties } from './conversation-parties.js';
import { ConversationDetails } from './conversation-details.js';
import { ConversationList } from './conversation-list.js';
import { MessageSearchBox, MessageSearchResults } from './message-search.js';
import { idParam, selectConversation, senderFromNotificationTitle } from './select-conversation.js';
import { useBidMessages, useConversationBid, useConversations } from './api.js';

/** The query parameters that pick a conversation; choosing one in the list replaces them all with ?bid=. */
const selectionParams = ['bid', 'channel', 'thread', 'messageId'] as const;

/**
 * The Messages page's three panes (spec section 2): conversations, the selected thread and the
 * other party's details. Also the dashboard's messages tab (?tab=messages&channel=...).
 */
export function MessagesView({ className }: { className?: string }) {
  const { user } = useUser();
  if (!user) return <SignInRequired />;
  return <MessagesPanes user={user} className={className} />;
}

function SignInRequired() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border px-6 py-16 text-center">
      <LogIn aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-lg font-semibold">Sign In Required</h2>
      <p className="text-sm text-muted-foreground">Please sign in to view your messages.</p>
      <Button asChild>
        <Link to="/auth">Log in / Sign up</Link>
      </Button>
    </div>
  );
}

/** Who sent a message, from the message notification the user probably clicked (it is cached by then). */
function senderOfMessage(queryClient: QueryClient, userId: number, messageId: number): string | null {
  for (const queryKey of [notificationKeys.list(userId), notificationKeys.unreadList(userId)]) {
    const found = queryClient.getQueryData<Notification[]>(queryKey)?.find((item) => item.type === 'message' && item.relatedId === messageId);
    if (found) return senderFromNotificationTitle(found.title);
  }
  return null;
}

function MessagesPanes({ user, className }: { user: User; className?: string }) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const conversations = useConversations(user.id);
  const [search, setSearch] = useState('');
  const bidParam = idParam(searchParams.get('bid'));
  const messageId = idParam(searchParams.get('messageId'));
  const selectedBidId = selectConversation(conversations.data, {
    bidId: bidParam,
    channelId: idParam(searchParams.get('channel')),
    messageId,
    messageSender: messageId === null ? null : senderOfMessage(queryClient, user.id, messageId),
  });

  const selectBid = (bidId: number | null) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of selectionParams) next.delete(name);
        if (bidId !== null) next.set('bid', String(bidId));
        return next;
      },
      { replace: bidId === null },
    );

  // A conversation found by message id falls back to the newest one; pin it so it stays open when the list reorders.
  useEffect(() => {
    if (bidParam === null && messageId !== null && selectedBidId !== null) {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const name of selectionParams) next.delete(name);
          next.set('bid', String(selectedBidId));
          return next;
        },
        { replace: true },
      );
    }
  }, [bidParam, messageId, selectedBidId, setSearchParams]);

  const selectedSummary = conversations.data?.find((summary) => summary.bidId === selectedBidId);

  return (
    <div
      className={cn(
        'grid h-[calc(100dvh-14rem)] min-h-[520px] overflow-hidden rounded-xl border bg-card md:grid-cols-[280px_minmax(0,1fr)] lg:grid-cols-[300px_minmax(0,1fr)_260px]',
        className,
      )}
    >
      <aside aria-label="Conversation list" className={cn('min-h-0 flex-col border-r', selectedBidId === null ? 'flex' : 'hidden md:flex')}>
        <h2 className="border-b px-4 py-3 text-sm font-semibold">Conversations</h2>
        <MessageSearchBox value={search} onChange={setSearch} />
        {search.trim() === '' ? (
          <ConversationList conversations={conversations.data} isLoading={conversations.isPending} selectedBidId={selectedBidId} onSelect={selectBid} />
        ) : (
          <MessageSearchResults q={search} onSelect={(hit) => selectBid(hit.bidId)} />
        )}
        {conversations.error ? <p className="px-4 py-2 text-sm text-destructive">Could not load your conversations.</p> : null}
      </aside>
      {selectedBidId === null ? (
        <section className="hidden min-h-0 flex-col items-center justify-center gap-2 p-6 text-center md:flex lg:col-span-2">
          <MessagesSquare aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">Select a conversation</p>
          <p className="text-sm text-muted-foreground">Choose a conversation from the list to see its messages.</p>
        </section>
      ) : (
        <SelectedConversation key={selectedBidId} user={user} bidId={selectedBidId} summary={selectedSummary} onBack={() => selectBid(null)} />
      )}
    </div>
  );
}

function SelectedConversation({ user, bidId, summary, onBack }: { user: User; bidId: number; summary: ChatSummary | undefined; onBack: () => void }) {
  const bid = useConversationBid(bidId);
  const messages = useBidMessages(bidId);
  const parties = conversationParties(user, bid.data, summary);
  const error = messages.error ?? bid.error;

  return (
    <>
      <section aria-label="Conversation" className="flex min-h-0 flex-col">
        <header className="flex items-center gap-2 border-b px-3 py-2.5">
          <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
            <ArrowLeft aria-hidden="true" />
          </Button>
          <div className="grid min-w-0">
            <h2 className="truncate font-semibold">{parties.otherUsername || 'Conversation'}</h2>
            {parties.project ? <p className="truncate text-xs text-muted-foreground">{parties.project.name}</p> : null}
          </div>
        </header>
        {error ? (
          <p role="alert" className="flex flex-1 items-center justify-center p-6 text-center text-sm text-muted-foreground">
            {isApiError(error, 'FORBIDDEN')
              ? "You don't have permission to access this chat."
              : "This chat conversation could not be found or you don't have access to it."}
          </p>
        ) : (
          <ConversationThread bidId={bidId} currentUserId={user.id} messages={messages.data} isLoading={messages.isPending} />
        )}
      </section>
      <aside className="hidden min-h-0 overflow-y-auto border-l lg:block">{error ? null : <ConversationDetails parties={parties} />}</aside>
    </>
  );
}
