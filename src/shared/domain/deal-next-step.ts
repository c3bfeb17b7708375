/**
 * The one step a deal waits for, in a sentence with the names, the date and the money: part of the
 * deal machine's answer (deal-machine.ts), worded here so the machine stays readable.
 */
import { type DealParty, type DealStepAction, deadlineDay } from './deal.js';
import type { DealFacts } from './deal-machine.js';
import { formatMoney } from './money.js';
import { graceNote } from './time-zone.js';

export interface DealNextStep {
  action: DealStepAction;
  actor: DealParty;
  /** ISO date-time; null when the step has no deadline (paying, the operator's decision). */
  dueAt: string | null;
  /** The grace `dueAt` includes (a delivery deadline), said beside it. */
  graceMs?: number;
  description: string;
}

const money = (cents: number) => formatMoney(cents, { showCents: true });

/** `timeZone` is the reader's (decision 048): the sentence names the day the deadline falls on where they are. */
export function dealNextStepOf(f: DealFacts, timeZone?: string): DealNextStep | null {
  const day = (date: Date) => deadlineDay(date, timeZone);
  const { owner, finisher } = f.names;
  const isHeld = f.paymentStatus === 'held';
  const { heldCents, payoutCents, dispute, cancellation } = f;
  if (dispute && dispute.status !== 'settled') {
    if (dispute.status === 'with_operator') {
      return {
        action: 'operator_review',
        actor: 'operator',
        dueAt: null,
        description: `The dispute is with Finishline's operator, who rules how the ${money(dispute.disputedCents)} is split.`,
      };
    }
    const responder = dispute.openedBy === 'owner' ? 'finisher' : 'owner';
    if (!dispute.hasResponded) {
      return {
        action: 'respond_to_dispute',
        actor: responder,
        dueAt: dispute.respondBy.toISOString(),
        description: `${responder === 'owner' ? owner : finisher} has until ${day(dispute.respondBy)} to respond to the dispute; without a response it settles at ${dispute.openedBy === 'owner' ? owner : finisher}'s offer.`,
      };
    }
    return {
      action: 'settle_dispute',
      actor: responder,
      dueAt: dispute.negotiateBy.toISOString(),
      description: `${owner} and ${finisher} have until ${day(dispute.negotiateBy)} to agree on the ${money(dispute.disputedCents)} in dispute; after that the operator decides.`,
    };
  }
  if (f.status === 'cancelled') {
    if (cancellation?.outcome === 'open' && cancellation.respondBy) {
      return {
        action: 'answer_cancellation',
        actor: 'finisher',
        dueAt: cancellation.respondBy.toISOString(),
        description: `${finisher} has until ${day(cancellation.respondBy)} to agree to or object to the cancellation; after that ${money(heldCents)} is refunded to ${owner}.`,
      };
    }
    if (cancellation?.outcome === 'objected' && isHeld) {
      return {
        action: 'operator_review',
        actor: 'system',
        dueAt: null,
        description: `${finisher} objected to the cancellation; the ${money(heldCents)} stays held until Finishline's operator settles it.`,
      };
    }
  }
  // Work accepted before any money came (rows from before issue 26) still waits for the payment below.
  const isUnpaid = f.paymentStatus === null || f.paymentStatus === 'pending' || f.paymentStatus === 'failed';
  if (f.isWorkAccepted && !(isUnpaid && f.status !== 'cancelled')) {
    if (!isHeld || f.finisherCanBePaid) return null;
    return { action: 'set_up_payouts', actor: 'finisher', dueAt: null, description: `${finisher} sets up a payout account to receive ${money(payoutCents)}.` };
  }
  if (f.status === 'cancelled' || !f.hasFinisher || f.bidAmountCents === null) return null;
  if (!isHeld && f.paymentStatus !== 'released') {
    // Decision 037: unpaid past the payment window, the bid lapses and the project reopens for bids.
    const due = f.paymentDueAt;
    return {
      action: 'pay',
      actor: 'owner',
      dueAt: due?.toISOString() ?? null,
      description: `${owner} pays ${money(f.bidAmountCents)} to start the work; the money is held until the delivery is accepted.${due ? ` Unpaid by ${day(due)}, the bid lapses and the project reopens for bids.` : ''}`,
    };
  }
  if (!isHeld) return null;
  const payout = money(payoutCents);
  if (f.status === 'completed' && f.reviewDueAt) {
    return {
      action: 'review_delivery',
      actor: 'owner',
      dueAt: f.reviewDueAt.toISOString(),
      description: `${owner} has until ${day(f.reviewDueAt)} to review the delivery; after that it is accepted and ${payout} is released to ${finisher}.`,
    };
  }
  if (f.milestoneReview && (f.hasDelivered || !f.deliveryDueAt || f.milestoneReview.dueAt <= f.deliveryDueAt)) {
    const { dueAt, title } = f.milestoneReview;
    return {
      action: 'review_milestone',
      actor: 'owner',
      dueAt: dueAt.toISOString(),
      description: `${owner} has until ${day(dueAt)} to review the milestone "${title}"; after that it is approved and its share is released to ${finisher}.`,
    };
  }
  if (f.status !== 'assigned' && f.status !== 'in_progress') return null;
  // Only a revision request sends delivered work back to the finisher: a delivered (and approved)
  // milestone leaves the rest of the work still to deliver, with its deadline below.
  if (f.hasRevisionRequest) {
    return {
      action: 'deliver',
      actor: 'finisher',
      dueAt: null,
      description: `${finisher} is revising the work for ${owner}; the next delivery starts a new review window.`,
    };
  }
  const refund = money(heldCents);
  const due = f.deliveryDueAt ?? f.now;
  const grace = graceNote(f.deliveryGraceMs ?? 0);
  if (f.now.getTime() > due.getTime()) {
    return {
      action: 'deliver',
      actor: 'finisher',
      dueAt: due.toISOString(),
      ...(f.deliveryGraceMs ? { graceMs: f.deliveryGraceMs } : {}),
      description: `The delivery was due on ${day(due)}. ${finisher} can still deliver; ${owner} may cancel now and get ${refund} back at once.`,
    };
  }
  return {
    action: 'deliver',
    actor: 'finisher',
    dueAt: due.toISOString(),
    ...(f.deliveryGraceMs ? { graceMs: f.deliveryGraceMs } : {}),
    description: `${finisher} has until ${day(due)}${grace ? ` (the deadline ${grace})` : ''} to deliver the work; after that ${owner} may cancel and get ${refund} back at once.`,
  };
}
