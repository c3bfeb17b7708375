import type { DealHistoryEntry } from '#shared/contracts/deal.js';
import { formatMoney } from '#shared/domain/money.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { type DealNames, formatDealDate, historyLabels, partyName } from './deal-format.js';

/** Every step of the deal, oldest first: what happened, when, who took it, and what they wrote. */
export function DealHistoryCard({ history, names }: { history: readonly DealHistoryEntry[]; names: DealNames }) {
  return (
    <Card role="region" aria-labelledby="deal-history-title" className="gap-4">
      <CardHeader>
        <CardTitle id="deal-history-title">Deal history</CardTitle>
        <CardDescription>Every step of this deal, oldest first. Only you and the other party see it.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened in this deal yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Deal history entries">
            {history.map((entry, index) => (
              <HistoryItem key={`${entry.kind}-${entry.at}-${index}`} entry={entry} names={names} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryItem({ entry, names }: { entry: DealHistoryEntry; names: DealNames }) {
  const title = entry.milestoneTitle ? `${historyLabels[entry.kind]}: ${entry.milestoneTitle}` : historyLabels[entry.kind];
  return (
    <li aria-label={title} className="grid min-w-0 gap-1 border-l-2 border-muted pl-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium break-words">{title}</span>
        <time dateTime={entry.at} className="text-xs text-muted-foreground">
          {formatDealDate(entry.at)}
        </time>
      </div>
      <p className="text-muted-foreground">
        by {partyName(entry.by, names)}
        {entry.amountCents !== undefined ? ` · ${formatMoney(entry.amountCents, { showCents: true })}` : null}
      </p>
      {entry.message ? <p className="rounded-md bg-muted/60 p-2 break-words whitespace-pre-line">{entry.message}</p> : null}
    </li>
  );
}
