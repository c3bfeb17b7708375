import { defineLifecycle } from './lifecycle.js';

/**
 * The bid state machine of spec section 4: the project's owner accepts one bid; payments move it on.
 * Issue 18 adds two ends a person chooses: the finisher withdraws a pending bid, the owner declines
 * one. Neither can be accepted afterwards (accept starts only from pending).
 */
export const bidStatuses = ['pending', 'accepted', 'rejected', 'paid', 'completed', 'withdrawn', 'declined', 'lapsed'] as const;
export type BidStatus = (typeof bidStatuses)[number];
export type BidAction = 'accept' | 'reject' | 'markPaid' | 'complete' | 'edit' | 'withdraw' | 'decline' | 'shortlist' | 'lapse' | 'reconsider';

/** bidder: the bid's own finisher. */
export const bidActors = ['owner', 'bidder', 'system', 'other'] as const;
export type BidActor = (typeof bidActors)[number];

export const bidLifecycle = defineLifecycle<BidStatus, BidAction, BidActor, void>({
  name: 'bid',
  statuses: bidStatuses,
  actors: bidActors,
  edges: {
    accept: {
      from: ['pending'],
      to: 'accepted',
      actors: ['owner'],
      refusal: 'Only a pending bid can be accepted',
      forbidden: 'Only the project owner can accept bids',
    },
    // Another bid won, or the project was cancelled.
    reject: { from: ['pending'], to: 'rejected', actors: ['system'], refusal: 'Only a pending bid can be rejected' },
    markPaid: { from: ['accepted'], to: 'paid', actors: ['system'], refusal: 'Only an accepted bid can be paid' },
    // Decision 037: an accepted bid left unpaid for DEAL_PAYMENT_WINDOW ends; its project reopens for bids.
    lapse: { from: ['accepted'], to: 'lapsed', actors: ['system'], refusal: 'Only an accepted, unpaid bid can lapse' },
    // The bids turned down when another won go back to the owner's choice once the winner lapsed.
    reconsider: { from: ['rejected'], to: 'pending', actors: ['system'], refusal: 'Only a rejected bid can be reconsidered' },
    complete: { from: ['accepted', 'paid'], to: 'completed', actors: ['system'], refusal: 'Only an accepted or paid bid can be completed' },
    // A change of terms keeps the bid pending (the owner is told what changed).
    edit: {
      from: ['pending'],
      to: 'pending',
      actors: ['bidder'],
      refusal: 'Only a pending bid can be edited',
      forbidden: 'Only the developer who placed this bid can edit it',
    },
    withdraw: {
      from: ['pending'],
      to: 'withdrawn',
      actors: ['bidder'],
      refusal: 'Only a pending bid can be withdrawn',
      forbidden: 'Only the developer who placed this bid can withdraw it',
    },
    decline: {
      from: ['pending'],
      to: 'declined',
      actors: ['owner'],
      refusal: 'Only a pending bid can be declined',
      forbidden: 'Only the project owner can decline bids',
    },
    // Shortlisting marks a pending bid (shortlisted_at); its status stays pending.
    shortlist: {
      from: ['pending'],
      to: 'pending',
      actors: ['owner'],
      refusal: 'Only a pending bid can be shortlisted',
      forbidden: 'Only the project owner can shortlist bids',
    },
  },
});

/** Bids that won their project: they count towards a finisher's acceptance rate. */
export const winningBidStatuses = ['accepted', 'paid', 'completed'] as const satisfies readonly BidStatus[];

/** An accepted bid whose payment did not arrive in time (decision 037); its checkout can no longer be paid. */
export const lapsedBidRefusal = 'This bid lapsed: it was not paid within the payment window, and the project is open for bids again.';

/** Bids their finisher took back: no longer an offer, so they count in no rate. */
export const withdrawnBidStatuses = ['withdrawn'] as const satisfies readonly BidStatus[];

/** Whether a bid counts in its finisher's acceptance rate: every bid but a withdrawn one (decision 033). */
export function countsInAcceptanceRate(status: BidStatus): boolean {
  return !(withdrawnBidStatuses as readonly BidStatus[]).includes(status);
}

/**
 * A finisher's acceptance rate, one rule for the public profile (server) and the dashboard (client):
 * winning bids over the bids that count (countsInAcceptanceRate), in whole percent; 0 with none.
 */
export function acceptanceRateOf({ won, counted }: { won: number; counted: number }): number {
  return counted === 0 ? 0 : Math.round((won / counted) * 100);
}

export function bidStatusLabel(status: BidStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
