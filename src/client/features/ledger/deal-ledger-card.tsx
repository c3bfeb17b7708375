import type { LedgerEntry } from '#shared/contracts/ledger.js';
import { ledgerKindLabels } from '#shared/domain/ledger.js';
import { formatMoney } from '#shared/domain/money.js';
import { LocalTime } from '#client/components/local-time.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { useDealLedger } from './api.js';

/** "Released $270 for milestone 'API'": what the entry did, with what it was for. */
function LedgerLine({ entry }: { entry: LedgerEntry }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <span>
        {ledgerKindLabels[entry.kind]} <strong className="font-medium tabular-nums">{formatMoney(entry.amountCents, { showCents: true })}</strong>
        {entry.note ? <> for {entry.note}</> : null}
      </span>
      <LocalTime value={entry.createdAt} className="text-sm text-muted-foreground" />
    </li>
  );
}

/**
 * Where a deal's money went (issue 31, item 2): every ledger entry, oldest first, and what is still
 * held, as the server counts it. For the two parties and operators; nothing before money moved.
 */
export function DealLedgerCard({ projectId, enabled }: { projectId: number; enabled: boolean }) {
  const { data: ledger } = useDealLedger(projectId, enabled);
  if (!ledger || ledger.entries.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="deal-ledger-title" className="gap-4">
      <CardHeader>
        <CardTitle id="deal-ledger-title">Money</CardTitle>
        <CardDescription>
          Every movement of this deal&apos;s money, oldest first. Still held:{' '}
          <strong className="text-foreground">{formatMoney(ledger.heldCents, { showCents: true })}</strong>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="divide-y text-sm" aria-label="Money movements">
          {ledger.entries.map((entry) => (
            <LedgerLine key={entry.id} entry={entry} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
