/** The bid state machine of spec section 4, as data. */
export const bidStatuses = ['pending', 'accepted', 'rejected', 'paid', 'completed'] as const;
export type BidStatus = (typeof bidStatuses)[number];
export type BidAction = 'accept' | 'reject' | 'markPaid' | 'complete';

interface Edge {
  from: readonly BidStatus[];
  to: BidStatus;
  refusal: string;
}

export const bidLifecycle: Record<BidAction, Edge> = {
  accept: { from: ['pending'], to: 'accepted', refusal: 'Only a pending bid can be accepted' },
  reject: { from: ['pending'], to: 'rejected', refusal: 'Only a pending bid can be rejected' },
  markPaid: { from: ['accepted'], to: 'paid', refusal: 'Only an accepted bid can be paid' },
  complete: { from: ['accepted', 'paid'], to: 'completed', refusal: 'Only an accepted or paid bid can be completed' },
};

export function transitionBid(action: BidAction, from: BidStatus): { ok: true; to: BidStatus } | { ok: false; message: string } {
  const edge = bidLifecycle[action];
  return edge.from.includes(from) ? { ok: true, to: edge.to } : { ok: false, message: edge.refusal };
}

/** Bids that won their project: they count towards a finisher's acceptance rate. */
export const winningBidStatuses = ['accepted', 'paid', 'completed'] as const satisfies readonly BidStatus[];

export function bidStatusLabel(status: BidStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
