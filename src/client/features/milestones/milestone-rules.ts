import { format, parseISO } from 'date-fns';
import type { Milestone } from '#shared/contracts/milestones.js';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { dollarsToCents, formatAmount } from '#shared/domain/money.js';

/** Milestone amounts may carry cents: '$400', '$350.50', '$1,000'. */
export function formatMilestoneAmount(dollars: number): string {
  return formatAmount(dollarsToCents(dollars));
}

/** 'YYYY-MM-DD' as 'Jan 5, 2026'; parsed as a local date so no time zone shifts the day. */
export function formatDueDate(value: string): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM d, yyyy');
}

/** The accepted bid's amount in dollars (the milestones' budget); undefined when not visible. */
export function acceptedBidAmount(bids: ProjectDetail['bids']): number | undefined {
  return bids.find((bid) => (winningBidStatuses as readonly string[]).includes(bid.status))?.amount;
}

/** The sum of the visible milestone amounts, in dollars, added in cents to avoid float drift. */
export function plannedAmount(milestones: Milestone[]): number {
  return milestones.reduce((cents, milestone) => cents + Math.round((milestone.amount ?? 0) * 100), 0) / 100;
}
