import { Link } from 'react-router';
import type { OperatorQueueItem } from '#shared/contracts/disputes.js';
import { formatMoney } from '#shared/domain/money.js';
import { cn } from '#client/lib/utils.js';
import { disputeAge } from './dispute-rules.js';

// A stacked cell (below sm) shows its column's name before its value.
const cell =
  'px-4 py-3 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';
const amountCell = cn(cell, 'text-right tabular-nums');

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, { showCents: true }));

/** The queue, oldest first as the server sends it: the project (linking to the dispute), the parties, its age and the amounts. */
export function OperatorQueueTable({ disputes, caption }: { disputes: readonly OperatorQueueItem[]; caption: string }) {
  if (disputes.length === 0) return <p className="rounded-xl border px-6 py-10 text-center text-muted-foreground">No disputes here.</p>;
  const now = new Date();
  return (
    // Below the sm breakpoint each row stacks into a card whose cells name their column (data-label):
    // at 320 px the amounts show without scrolling sideways (issue 28, item 13). From sm up it is a table.
    <div className="overflow-x-auto rounded-xl border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm max-sm:block sm:min-w-[40rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground max-sm:sr-only">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Project
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Parties
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Waiting
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Disputed
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Client offers
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Developer asks
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {disputes.map((item) => (
            <tr key={item.id} className="border-t max-sm:block max-sm:py-2 max-sm:first:border-t-0">
              <td className="px-4 py-3 max-sm:block max-sm:py-1">
                <Link to={`/disputes/${item.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {item.projectName}
                </Link>
              </td>
              <td className={cell} data-label="Parties">
                {item.ownerUsername} (client) · {item.finisherUsername} (developer)
              </td>
              <td className={cn(cell, 'whitespace-nowrap')} data-label="Waiting">
                {disputeAge(item, now)}
              </td>
              <td className={amountCell} data-label="Disputed">
                {money(item.disputedCents)}
              </td>
              <td className={amountCell} data-label="Client offers">
                {money(item.latestOwnerOfferCents)}
              </td>
              <td className={amountCell} data-label="Developer asks">
                {money(item.latestFinisherAskCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
