import { Search } from 'lucide-react';
import type { MessageSearchHit } from '#shared/contracts/conversations.js';
import { Input } from '#client/components/ui/input.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { formatChatTime } from '#client/lib/format.js';
import { useMessageSearch } from './api.js';

/** The search box over the conversation list (issue 32, item 6). */
export function MessageSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative border-b px-3 py-2">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label="Search messages"
        placeholder="Search messages"
        className="pl-8"
      />
    </div>
  );
}

/** Messages with the words, newest first; choosing one opens its conversation. */
export function MessageSearchResults({ q, onSelect }: { q: string; onSelect: (hit: MessageSearchHit) => void }) {
  const search = useMessageSearch(q);
  if (q.trim().length < 2) return <p className="px-4 py-6 text-center text-sm text-muted-foreground">Type at least 2 characters to search.</p>;
  if (search.isPending)
    return (
      <div className="flex justify-center p-6">
        <Spinner label="Searching messages" />
      </div>
    );
  if (search.error) return <p className="px-4 py-6 text-center text-sm text-destructive">Could not search your messages.</p>;
  if (search.data.length === 0) return <p className="px-4 py-6 text-center text-sm text-muted-foreground">No messages match “{q.trim()}”.</p>;
  return (
    <ul aria-label="Messages found" className="min-h-0 flex-1 divide-y overflow-y-auto">
      {search.data.map((hit) => (
        <li key={hit.messageId}>
          <button
            type="button"
            onClick={() => onSelect(hit)}
            className="grid w-full grid-cols-1 gap-0.5 px-4 py-3 text-left transition-colors hover:bg-accent/60"
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="truncate font-medium">{hit.otherUser.username}</span>
              <span className="shrink-0 text-[11px] text-muted-foreground">{formatChatTime(hit.createdAt)}</span>
            </span>
            <span className="truncate text-xs text-muted-foreground">{hit.project.name}</span>
            <span className="line-clamp-2 text-sm [overflow-wrap:anywhere]">{hit.content}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
