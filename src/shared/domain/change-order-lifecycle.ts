import { defineLifecycle } from './lifecycle.js';

/**
 * The change order state machine (issue 18, item 6): either party of a live deal proposes a change
 * (a description, an amount, extra days); the other party accepts or declines it, the proposer may
 * withdraw it while it is proposed. Whether an accepted change order is paid is its payment row's
 * status (paymentStatus on the wire), not a status of its own: the money has one lifecycle, the
 * payment's.
 */
export const changeOrderStatuses = ['proposed', 'accepted', 'declined', 'withdrawn'] as const;
export type ChangeOrderStatus = (typeof changeOrderStatuses)[number];
export type ChangeOrderAction = 'accept' | 'decline' | 'withdraw';

/** proposer: the party who proposed it; counterparty: the deal's other party; other: anyone else. */
export const changeOrderActors = ['proposer', 'counterparty', 'other'] as const;
export type ChangeOrderActor = (typeof changeOrderActors)[number];

/** Who proposed a change order: the deal's two sides. */
export const changeOrderProposers = ['owner', 'finisher'] as const;
export type ChangeOrderProposer = (typeof changeOrderProposers)[number];

export const changeOrderLifecycle = defineLifecycle<ChangeOrderStatus, ChangeOrderAction, ChangeOrderActor, void>({
  name: 'change order',
  statuses: changeOrderStatuses,
  actors: changeOrderActors,
  edges: {
    accept: {
      from: ['proposed'],
      to: 'accepted',
      actors: ['counterparty'],
      refusal: 'This change order is no longer open: only a proposed change order can be accepted',
      forbidden: 'Only the other party of the deal can accept this change order',
    },
    decline: {
      from: ['proposed'],
      to: 'declined',
      actors: ['counterparty'],
      refusal: 'This change order is no longer open: only a proposed change order can be declined',
      forbidden: 'Only the other party of the deal can decline this change order',
    },
    withdraw: {
      from: ['proposed'],
      to: 'withdrawn',
      actors: ['proposer'],
      refusal: 'This change order is no longer open: only a proposed change order can be withdrawn',
      forbidden: 'Only the party who proposed this change order can withdraw it',
    },
  },
});
