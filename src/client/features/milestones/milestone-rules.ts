import type { Milestone } from '#shared/contracts/milestones.js';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';

/** The accepted bid's amount in cents (the milestones' budget); undefined when not visible. */
export function acceptedBidCents(bids: ProjectDetail['bids']): number | undefined {
  return bids.find((bid) => (winningBidStatuses as readonly string[]).includes(bid.status))?.amountCents;
}

/** The sum of the visible milestone amounts, in cents. */
export function plannedCents(milestones: Milestone[]): number {
  return milestones.reduce((cents, milestone) => cents + (milestone.amountCents ?? 0), 0);
}
