import { Link } from 'react-router';
import type { BidWithProject } from '#shared/contracts/bids.js';
import { formatMoney } from '#shared/domain/money.js';
import { formatDays } from '#client/lib/format.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { BidStatusBadge } from '#client/components/badges.js';
import { DashboardSection, EmptyNote } from './dashboard-section.js';
import { Pager } from './pager.js';
import { usePager } from './use-pager.js';

/** The projects the finisher applied to (their bids), paged at 4. */
export function AppliedList({ bids }: { bids: BidWithProject[] }) {
  const pager = usePager(bids);
  return (
    <DashboardSection id="applied-projects" title="Applied Projects" description="Projects you have bid on.">
      {bids.length === 0 ? (
        <EmptyNote>You haven't applied to any projects yet.</EmptyNote>
      ) : (
        <>
          <ul className="grid gap-3">
            {pager.pageItems.map((bid) => (
              <li key={bid.id} aria-label={bid.project.name} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
                <div className="grid gap-0.5">
                  <Link to={`/projects/${bid.projectId}`} className="font-medium hover:underline">
                    {bid.project.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {bid.detailsHidden ? null : `${formatMoney(bid.amountCents ?? 0)} · ${formatDays(bid.timeline)} · `}Applied{' '}
                    <RelativeDate value={bid.createdAt} />
                  </span>
                </div>
                <BidStatusBadge status={bid.status} dealStage={bid.project.dealStage} />
              </li>
            ))}
          </ul>
          <Pager {...pager} />
        </>
      )}
    </DashboardSection>
  );
}
