import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '#shared/contracts/conversations.js';
import { AttachmentList } from '#client/components/attachment-list.js';
import { chatLimits } from '#shared/domain/limits.js';
import { Button } from '#client/components/ui/button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { cn } from '#client/lib/utils.js';
import { formatChatTime } from '#client/lib/format.js';
import { avatarInitial } from './conversation-format.js';
import { useChangeMessage } from './api.js';

interface MessageListProps {
  bidId: number;
  messages: readonly ChatMessage[] | undefined;
  currentUserId: number;
  isLoading?: boolean;
  className?: string;
}

/**
 * The messages of one bid, oldest first: own messages on the right, the other party's on the
 * left with an avatar initial and username. Content is rendered as text, never as HTML.
 */
export function MessageList({ bidId, messages, currentUserId, isLoading = false, className }: MessageListProps) {
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
            <MessageItem key={message.id} bidId={bidId} message={message} isOwn={message.senderId === currentUserId} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** Whether the sender may still change a message (the server decides again when asked). */
const isChangeable = (message: ChatMessage) => message.editableUntil !== null && Date.parse(message.editableUntil) > Date.now();

function MessageItem({ bidId, message, isOwn }: { bidId: number; message: ChatMessage; isOwn: boolean }) {
  const time = formatChatTime(message.createdAt);
  const [isEditing, setIsEditing] = useState(false);
  const change = useChangeMessage(bidId);
  const isDeleted = message.deletedAt !== null;
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
        {isEditing ? (
          <EditMessageForm
            message={message}
            isSaving={change.isPending}
            onCancel={() => setIsEditing(false)}
            onSave={(content) => change.mutate({ id: message.id, content }, { onSuccess: () => setIsEditing(false) })}
          />
        ) : isDeleted ? (
          <p data-testid="message-content" className="rounded-2xl border border-dashed px-3 py-2 text-sm text-muted-foreground italic">
            Message deleted
          </p>
        ) : message.content ? (
          <p
            data-testid="message-content"
            className={cn(
              'max-w-full rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
              isOwn ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
            )}
          >
            {message.content}
          </p>
        ) : null}
        {!isDeleted && message.attachments.length > 0 ? <AttachmentList attachments={message.attachments} /> : null}
        <p className="flex flex-wrap items-center gap-x-2 text-[11px] text-muted-foreground">
          {time ? <time dateTime={message.createdAt}>{time}</time> : null}
          {message.editedAt && !isDeleted ? <span>edited</span> : null}
          {isOwn && !isDeleted ? <span data-testid="message-status">{message.readAt ? 'Read' : 'Sent'}</span> : null}
          {isOwn && !isDeleted && !isEditing && isChangeable(message) ? (
            <>
              <Button type="button" variant="link" size="sm" className="h-auto p-0 text-[11px]" onClick={() => setIsEditing(true)}>
                Edit<span className="sr-only"> message</span>
              </Button>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto p-0 text-[11px] text-destructive"
                disabled={change.isPending}
                onClick={() => change.mutate({ id: message.id, content: null })}
              >
                Delete<span className="sr-only"> message</span>
              </Button>
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** The sender's own message in place, as a small form: Enter is a new line here, Save sends. */
function EditMessageForm({
  message,
  isSaving,
  onSave,
  onCancel,
}: {
  message: ChatMessage;
  isSaving: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(message.content);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim().length > 0) onSave(draft);
  };
  return (
    <form onSubmit={onSubmit} aria-label="Edit message" className="grid w-72 max-w-full gap-2">
      <Textarea
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        aria-label="Edited message"
        maxLength={chatLimits.messageMax}
        rows={2}
        autoFocus
        disabled={isSaving}
        className="min-h-16 resize-none"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={isSaving || draft.trim().length === 0}>
          Save
        </Button>
      </div>
    </form>
  );
}
