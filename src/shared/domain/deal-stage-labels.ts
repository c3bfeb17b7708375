import { type BidStatus, bidStatusLabel, winningBidStatuses } from './bid-lifecycle.js';
import type { DealStage } from './deal-machine.js';
import { projectStatusLabel } from './project-status.js';

/**
 * The status label of every deal stage (issue 28, item 8), one map beside the deal machine: a card, a
 * badge and a list all name a stage with these words, so "Completed" means one thing (the work was
 * accepted, as the spec displays the accepted status) and a deal awaiting review, in dispute or
 * cancelled and refunded reads as such. The spec's own words where it names a status: 'Open for Bids',
 * 'In Progress', 'Completed', 'Cancelled'.
 */
export const dealStageLabels: Record<DealStage, string> = {
  open: 'Open for Bids',
  awaiting_payment: 'Awaiting Payment',
  in_progress: 'In Progress',
  revision_requested: 'Revision Requested',
  delivered: 'Awaiting Review',
  money_settled: 'Paid Out',
  cancellation_requested: 'Cancellation Requested',
  cancellation_objected: 'Cancellation Objected',
  dispute_awaiting_response: 'In Dispute',
  dispute_negotiating: 'In Dispute: Negotiating',
  dispute_with_operator: 'In Dispute: Awaiting Ruling',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * A project's label: its deal stage's when the server sent one (to the deal's two parties), else its
 * public status's. An open-stage project keeps its status's words ('Open for Bids' or 'Paused').
 */
export function projectLabelOf(project: { status: string; dealStage?: DealStage | null }): string {
  const { dealStage } = project;
  return dealStage && dealStage !== 'open' ? dealStageLabels[dealStage] : projectStatusLabel(project.status);
}

/**
 * A bid's label: the winning bid names its deal's stage when the server sent one (a bid stays 'paid'
 * on a project cancelled and refunded; its deal says 'Cancelled'), every other bid its own status.
 */
export function bidLabelOf(bid: { status: BidStatus }, dealStage?: DealStage | null): string {
  return bidShowsStage(bid.status, dealStage) ? dealStageLabels[dealStage] : bidStatusLabel(bid.status);
}

/**
 * Whether a bid's badge names its deal's stage: only the winning bid, and only once the deal has gone
 * past what the bid's own status says ('Accepted' while the client has not paid: the spec's word).
 */
export function bidShowsStage(status: BidStatus, dealStage?: DealStage | null): dealStage is DealStage {
  const isWinning = (winningBidStatuses as readonly BidStatus[]).includes(status);
  return isWinning && !!dealStage && dealStage !== 'open' && dealStage !== 'awaiting_payment';
}
