import { useEffect, useRef } from 'react';
import type { ChatMessage } from '#shared/contracts/conversations.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { cn } from '#client/lib/utils.js';
import { formatChatTime } from '#client/lib/format.js';
import { avatarInitial } from './conversation-format.js';

interface MessageListProps {
  messages: readonly ChatMessage[] | undefined;
  currentUserId: number;
  isLoading?: boolean;
  className?: string;
}

/**
 * The messages of one bid, oldest first: own messages on the right, the other party's on the
 * left with an avatar initial and username. Content is rendered as text, never as HTML.
 */
export function MessageList({ messages, currentUserId, isLoading = false, className }: MessageListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const lastId = messages?.at(-1)?.id;

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [lastId]);

  return (
    // Focusable so keyboard users can scroll the history (the log itself is the scroller).
    <div
      ref={scrollerRef}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      className={cn(
        'min-h-0 flex-1 overflow-y-auto px-4 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset',
        className,
      )}
    >
      {isLoading && !messages ? (
        <div className="flex h-full items-center justify-center">
          <Spinner label="Loading messages" />
        </div>
      ) : !messages || messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">No messages yet. Start the conversation!</p>
      ) : (
        <ol className="grid gap-4">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} isOwn={message.senderId === currentUserId} />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageItem({ message, isOwn }: { message: ChatMessage; isOwn: boolean }) {
  const time = formatChatTime(message.createdAt);
  return (
    <li data-own={isOwn} className={cn('flex items-end gap-2', isOwn ? 'justify-end' : 'justify-start')}>
      {isOwn ? null : (
        <Avatar className="size-8">
          {message.sender.avatarUrl ? <AvatarImage src={message.sender.avatarUrl} alt="" /> : null}
          <AvatarFallback>{avatarInitial(message.sender.username)}</AvatarFallback>
        </Avatar>
      )}
      {/* min-w-0 and 'anywhere' (not break-words, which keeps a long word's full width as its minimum)
          let the sender's own bubble shrink to the window as the reader's does (issue 28, item 12). */}
      <div className={cn('grid min-w-0 max-w-[80%] grid-cols-1 gap-1', isOwn ? 'justify-items-end' : 'justify-items-start')}>
        {isOwn ? <span className="sr-only">You</span> : <span className="text-xs font-medium text-muted-foreground">{message.sender.username}</span>}
        <p
          data-testid="message-content"
          className={cn(
            'max-w-full rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
            isOwn ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
          )}
        >
          {message.content}
        </p>
        {time ? (
          <time dateTime={message.createdAt} className="text-[11px] text-muted-foreground">
            {time}
          </time>
        ) : null}
      </div>
    </li>
  );
}
