import { defineLifecycle } from './lifecycle.js';
import { type ProjectStatus, projectStatuses } from './project-status.js';

/**
 * The project state machine of spec section 4. Its actors: the project's owner, its assigned
 * finisher, the system (payment events), and anyone else (who may take no edge).
 */
export const projectActors = ['owner', 'finisher', 'system', 'other'] as const;
export type ProjectActor = (typeof projectActors)[number];

export type ProjectAction = 'pause' | 'reactivate' | 'cancel' | 'assign' | 'reopen' | 'startWork' | 'deliver' | 'acceptWork' | 'requestRevision';

/** What the server knows beyond the status when it picks a target. */
export interface ProjectFacts {
  /** The winning bid's payment is held or released (see isPaidBidStatus). */
  isPaid: boolean;
}

export const openForBidsStatuses = ['open', 'active'] as const satisfies readonly ProjectStatus[];
const underWay = ['assigned', 'in_progress', 'paid'] as const satisfies readonly ProjectStatus[];

const ownerChangesStatus = 'Only the project owner can change its status';
const ownerReviewsWork = 'Only the project owner can review the delivered work';

/**
 * Money is held before work is delivered (issue 26): delivering, accepting, and a milestone's
 * completion and approval wait for the accepted bid's payment. The server gives `isPaid` as "the
 * payment came" (madePaymentStatuses), so a chargeback does not send a deal back to waiting for it.
 */
export const awaitingPaymentRefusal = "This deal waits for the owner's payment: the work can be delivered once the money is held.";
export const paymentHeld = { holds: (facts: { isPaid: boolean }) => facts.isPaid, refusal: awaitingPaymentRefusal };

export const projectLifecycle = defineLifecycle<ProjectStatus, ProjectAction, ProjectActor, ProjectFacts>({
  name: 'project',
  statuses: projectStatuses,
  actors: projectActors,
  edges: {
    pause: {
      from: openForBidsStatuses,
      to: 'paused',
      actors: ['owner'],
      refusal: 'Only a project that is open for bids can be paused',
      forbidden: ownerChangesStatus,
    },
    reactivate: { from: ['paused'], to: 'active', actors: ['owner'], refusal: 'Only a paused project can be reactivated', forbidden: ownerChangesStatus },
    // Accepted work is final: its money is released, so there is nothing left to cancel (issue 16).
    cancel: {
      from: projectStatuses.filter((status) => status !== 'cancelled' && status !== 'accepted'),
      to: 'cancelled',
      actors: ['owner'],
      refusal: 'This project can no longer be cancelled: it is already cancelled, or its work has been accepted',
      forbidden: ownerChangesStatus,
    },
    assign: {
      from: openForBidsStatuses,
      to: 'assigned',
      actors: ['owner'],
      refusal: 'This project is not open for bids',
      forbidden: 'Only the project owner can accept bids',
    },
    // Decision 037: the accepted bid was not paid within DEAL_PAYMENT_WINDOW; the owner may pick again.
    reopen: { from: ['assigned'], to: 'open', actors: ['system'], refusal: 'Only an assigned, unpaid project can reopen for bids' },
    startWork: { from: ['assigned'], to: 'in_progress', actors: ['system'], refusal: 'Work can only start on an assigned project' },
    deliver: {
      from: underWay,
      to: 'completed',
      actors: ['finisher'],
      refusal: 'Work can only be delivered while the project is assigned or in progress',
      forbidden: 'Only the assigned developer can mark this project as completed',
      needs: paymentHeld,
    },
    // The system accepts a delivery the owner left unreviewed past the review window (the deal clock).
    acceptWork: {
      from: ['completed'],
      to: 'accepted',
      actors: ['owner', 'system'],
      refusal: 'Work can only be accepted after it has been delivered',
      forbidden: ownerReviewsWork,
      needs: paymentHeld,
    },
    // A revision sends paid work back to in progress, and unpaid work back to assigned.
    requestRevision: {
      from: ['completed'],
      to: (facts) => (facts.isPaid ? 'in_progress' : 'assigned'),
      actors: ['owner'],
      refusal: 'A revision can only be requested after the work has been delivered',
      forbidden: ownerReviewsWork,
    },
  },
});

export function isOpenForBids(status: ProjectStatus): boolean {
  return (openForBidsStatuses as readonly ProjectStatus[]).includes(status);
}
