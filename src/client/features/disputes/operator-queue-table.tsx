import { Link } from 'react-router';
import type { OperatorQueueItem } from '#shared/contracts/disputes.js';
import { formatMoney } from '#shared/domain/money.js';
import { disputeAge } from './dispute-rules.js';

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, { showCents: true }));

/** The queue, oldest first as the server sends it: the project (linking to the dispute), the parties, its age and the amounts. */
export function OperatorQueueTable({ disputes, caption }: { disputes: readonly OperatorQueueItem[]; caption: string }) {
  if (disputes.length === 0) return <p className="rounded-xl border px-6 py-10 text-center text-muted-foreground">No disputes here.</p>;
  const now = new Date();
  return (
    // The table may be wider than a phone: it scrolls in its own box, which takes the focus so the keyboard can scroll it.
    <div className="overflow-x-auto rounded-xl border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
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
        <tbody>
          {disputes.map((item) => (
            <tr key={item.id} className="border-t">
              <td className="px-4 py-3">
                <Link to={`/disputes/${item.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {item.projectName}
                </Link>
              </td>
              <td className="px-4 py-3">
                {item.ownerUsername} (client) · {item.finisherUsername} (developer)
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{disputeAge(item, now)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(item.disputedCents)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(item.latestOwnerOfferCents)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(item.latestFinisherAskCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
