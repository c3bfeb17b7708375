import { MessageSquare } from 'lucide-react';
import type { ChatSummary } from '#shared/contracts/conversations.js';
import { Badge } from '#client/components/ui/badge.js';
import { formatUnreadCount } from '#client/components/ui/count-badge.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { cn } from '#client/lib/utils.js';
import { formatChatTime } from '#client/lib/format.js';
import { avatarInitial } from './conversation-format.js';

interface ConversationListProps {
  conversations: readonly ChatSummary[] | undefined;
  isLoading: boolean;
  selectedBidId: number | null;
  onSelect: (bidId: number) => void;
}

export function ConversationList({ conversations, isLoading, selectedBidId, onSelect }: ConversationListProps) {
  if (isLoading) {
    return (
      <div className="grid gap-2 p-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (!conversations || conversations.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-12 text-center">
        <MessageSquare aria-hidden="true" className="size-7 text-muted-foreground" />
        <p className="font-medium">No conversations</p>
        <p className="text-sm text-muted-foreground">Start chatting by bidding on projects</p>
      </div>
    );
  }
  return (
    <ul aria-label="Conversations" className="min-h-0 flex-1 divide-y overflow-y-auto">
      {conversations.map((conversation) => {
        const isSelected = conversation.bidId === selectedBidId;
        return (
          <li key={conversation.bidId}>
            <button
              type="button"
              onClick={() => onSelect(conversation.bidId)}
              aria-current={isSelected ? 'true' : undefined}
              className={cn('flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-accent/60', isSelected && 'bg-accent')}
            >
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold">
                {avatarInitial(conversation.otherUser.username)}
              </span>
              <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{conversation.otherUser.username}</span>
                  <span className="shrink-0 text-[11px] text-muted-foreground">{formatChatTime(conversation.lastMessageTime)}</span>
                </span>
                <span className="truncate text-xs text-muted-foreground">{conversation.project.name}</span>
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', conversation.unreadCount > 0 ? 'font-medium text-foreground' : 'text-muted-foreground')}>
                    {conversation.lastMessage ?? 'No messages yet'}
                  </span>
                  {conversation.unreadCount > 0 ? (
                    <Badge className="shrink-0 rounded-full px-1.5 tabular-nums">
                      {formatUnreadCount(conversation.unreadCount)}
                      <span className="sr-only"> unread</span>
                    </Badge>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
