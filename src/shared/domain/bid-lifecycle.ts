import { defineLifecycle } from './lifecycle.js';

/** The bid state machine of spec section 4: the project's owner accepts one bid; payments move it on. */
export const bidStatuses = ['pending', 'accepted', 'rejected', 'paid', 'completed'] as const;
export type BidStatus = (typeof bidStatuses)[number];
export type BidAction = 'accept' | 'reject' | 'markPaid' | 'complete';

export const bidActors = ['owner', 'system', 'other'] as const;
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
    complete: { from: ['accepted', 'paid'], to: 'completed', actors: ['system'], refusal: 'Only an accepted or paid bid can be completed' },
  },
});

/** Bids that won their project: they count towards a finisher's acceptance rate. */
export const winningBidStatuses = ['accepted', 'paid', 'completed'] as const satisfies readonly BidStatus[];

export function bidStatusLabel(status: BidStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
