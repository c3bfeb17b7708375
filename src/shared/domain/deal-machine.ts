/**
 * The deal as one machine (issue 27, item 1; docs/decisions/041-deal-machine.md): a pure function
 * of the deal's facts gives its stage, whose move it is, the one next step in words, and for every
 * deal action and each side (owner, finisher, operator) either "allowed" or the refusal the server
 * answers (its code and sentence). The server builds the facts once (src/server/domain/deal-facts.ts)
 * and asks the machine before every deal step writes; the deal answer carries the caller's
 * `allowedActions`, which the client renders. No other file derives a deal's stage.
 *
 * The refusals are checked in the order the services checked them before the machine existed, so a
 * step refused for two reasons is refused with the same one as before.
 */
import type { ErrorCode } from '#shared/errors.js';
import type { CancellationOutcome } from './deal.js';
import { type DealNextStep, dealNextStepOf } from './deal-next-step.js';
import { type DisputeSide, type DisputeStage, type DisputeStatus, type DisputeStep, disputeStepRefusal, isActiveDispute } from './dispute.js';
import { isMilestoneStage, type MilestoneAction, milestoneLifecycle, milestoneStage, ownerManagesMilestones } from './milestone-lifecycle.js';
import type { PaymentStatus } from './payment-status.js';
import { permissions, type Person, type ProjectParties } from './policies.js';
import { type ProjectAction, projectLifecycle } from './project-lifecycle.js';
import type { ProjectStatus } from './project-status.js';
import { isOperator } from './roles.js';

/** Where a deal stands. */
export const dealStages = [
  /** No deal yet: no finisher assigned (or the accepted bid lapsed and the project reopened). */
  'open',
  /** A finisher is assigned; the owner's payment has not come. */
  'awaiting_payment',
  /** The money is held; the finisher works (nothing delivered, or redelivering without a revision request). */
  'in_progress',
  /** The owner asked for a revision; the finisher works on it. */
  'revision_requested',
  /** The work is delivered and waits for the owner's review. */
  'delivered',
  /** The money moved out of escrow (released or refunded) while the work was never accepted. */
  'money_settled',
  /** The owner cancelled a paid deal; the finisher is asked to agree or object. */
  'cancellation_requested',
  /** The finisher objected to the cancellation with nothing left to dispute: the operator settles it. */
  'cancellation_objected',
  /** A dispute was opened; the other side has not answered yet. */
  'dispute_awaiting_response',
  /** Both sides of the dispute negotiate. */
  'dispute_negotiating',
  /** The dispute waits for the operator's ruling. */
  'dispute_with_operator',
  /** The work was accepted (by the owner, by silence, or by a dispute's split): the deal is done. */
  'completed',
  /** The project was cancelled; whatever was held went back to the owner (or nothing was paid). */
  'cancelled',
] as const;
export type DealStage = (typeof dealStages)[number];

/** Every step a route takes on a deal. */
export const dealActions = [
  'pay',
  'deliver',
  'accept_work',
  'request_revision',
  'cancel',
  'agree_to_cancellation',
  'object_to_cancellation',
  'open_dispute',
  'add_dispute_evidence',
  'make_dispute_offer',
  'accept_dispute_offer',
  'escalate_dispute',
  'rule_dispute',
  'propose_change_order',
  'accept_change_order',
  'decline_change_order',
  'withdraw_change_order',
  'pay_change_order',
  'add_milestone',
  'edit_milestone',
  'remove_milestone',
  'complete_milestone',
  'approve_milestone',
  'send_back_milestone',
  'leave_review',
] as const;
export type DealAction = (typeof dealActions)[number];

/** Who asks: one of the deal's two parties, or a Finishline operator (who is never a party). */
export const dealSides = ['owner', 'finisher', 'operator'] as const;
export type DealSide = (typeof dealSides)[number];

export type DealVerdict = { allowed: true } | { allowed: false; code: ErrorCode; message: string };

/** The facts of a deal, as the server reads them (src/server/domain/deal-facts.ts): plain data, no rows. */
export interface DealFacts {
  status: ProjectStatus;
  /** A finisher is assigned to the project. */
  hasFinisher: boolean;
  /** The project has a winning bid (accepted, paid or completed). */
  hasWinningBid: boolean;
  /** The winning bid's amount, for the payment step's sentence. */
  bidAmountCents: number | null;
  /** The work was accepted (acceptedAt is set): by the owner, the clock, or a dispute's split. */
  isWorkAccepted: boolean;
  /** The winning bid's own payment (not a change order's), or null before checkout. */
  paymentStatus: PaymentStatus | null;
  /** The unsettled money of every held payment of the deal (its own and its change orders'). */
  heldCents: number;
  /** What the held payments still pay out to the finisher. */
  payoutCents: number;
  /** A held payment is disputed with the card's bank (a chargeback). */
  isCardDisputed: boolean;
  /** The finisher has a payout account that can receive money. */
  finisherCanBePaid: boolean;
  cancellation: { outcome: CancellationOutcome; respondBy: Date | null } | null;
  /** The deal's latest dispute, open or settled. */
  dispute: {
    status: DisputeStatus;
    openedBy: DisputeSide;
    hasResponded: boolean;
    respondBy: Date;
    negotiateBy: Date;
    disputedCents: number;
  } | null;
  /** A dispute was opened over the deal's own payment (settled or not): a deal's dispute settles once. */
  hasDisputeOverPayment: boolean;
  /** The owner asked for a revision at least once. */
  hasRevisionRequest: boolean;
  /** Which parties have reviewed the deal (one review each). */
  hasReviewed: { owner: boolean; finisher: boolean };
  /** Work (or a milestone) was delivered at least once. */
  hasDelivered: boolean;
  /** When silence accepts the latest delivery (its pending timer). */
  reviewDueAt: Date | null;
  /** A delivered milestone waiting for review, with the date silence approves it. */
  milestoneReview: { dueAt: Date; title: string } | null;
  deliveryDueAt: Date | null;
  /** The grace (DEAL_DELIVERY_GRACE) deliveryDueAt includes, said beside it (issue 28); unset reads as none. */
  deliveryGraceMs?: number;
  /** When the accepted bid lapses unpaid (decision 037). */
  paymentDueAt: Date | null;
  names: { owner: string; finisher: string };
  now: Date;
}

export interface DealState {
  stage: DealStage;
  /** Whose move it is, or null when the deal waits for nobody. */
  turn: DealSide | null;
  nextStep: DealNextStep | null;
  /** Every action, for each side. */
  actions: Record<DealAction, Record<DealSide, DealVerdict>>;
}

/** What a person is to a deal: its owner, its assigned finisher, an operator, or nobody (null). */
export function sideOf(person: Person, project: ProjectParties): DealSide | null {
  if (person === null) return null;
  if (person.id === project.submitterId) return 'owner';
  if (project.finisherId !== null && person.id === project.finisherId) return 'finisher';
  return isOperator(person.role) ? 'operator' : null;
}

/** The payment of the deal's own bid came and is held in escrow. */
const isHeld = (f: DealFacts) => f.paymentStatus === 'held';
/** The payment came (madePaymentStatuses): held, released, or taken back since. */
const hasPaymentArrived = (f: DealFacts) => f.paymentStatus === 'held' || f.paymentStatus === 'released' || f.paymentStatus === 'refunded';
const hasActiveDispute = (f: DealFacts) => f.dispute !== null && isActiveDispute(f.dispute.status);
const isDealCompleted = (f: DealFacts) => f.status === 'accepted' || f.isWorkAccepted;

/** Where the deal stands, from its facts: the one rule for every screen and list that names it. */
export function dealStageOf(f: DealFacts): DealStage {
  if (f.dispute && hasActiveDispute(f)) {
    if (f.dispute.status === 'with_operator') return 'dispute_with_operator';
    return f.dispute.hasResponded ? 'dispute_negotiating' : 'dispute_awaiting_response';
  }
  if (f.status === 'cancelled' && f.cancellation?.outcome === 'open') return 'cancellation_requested';
  if (f.status === 'cancelled' && f.cancellation?.outcome === 'objected') return 'cancellation_objected';
  // Work accepted before any money came (rows from before issue 26) still waits for its payment.
  const isUnpaid = f.paymentStatus === null || f.paymentStatus === 'pending' || f.paymentStatus === 'failed';
  if (f.isWorkAccepted && !(isUnpaid && f.status !== 'cancelled')) return 'completed';
  if (f.status === 'accepted') return 'completed';
  if (f.status === 'cancelled') return 'cancelled';
  if (!f.hasFinisher || !f.hasWinningBid) return 'open';
  if (!isHeld(f)) return f.paymentStatus === 'released' ? 'money_settled' : 'awaiting_payment';
  if (f.status === 'completed') return 'delivered';
  if (f.status === 'assigned' || f.status === 'in_progress' || f.status === 'paid') return f.hasRevisionRequest ? 'revision_requested' : 'in_progress';
  return 'open';
}

/** Where the deal stands for rule 1 of disputes (the stage a dispute records), or null when none can be opened. */
export function disputeStageOf(f: Pick<DealFacts, 'status' | 'cancellation' | 'hasRevisionRequest'>): DisputeStage | null {
  if (f.status === 'completed') return 'delivery_review';
  if (f.status === 'cancelled') return f.cancellation?.outcome === 'open' || f.cancellation?.outcome === 'objected' ? 'cancellation' : null;
  if (f.status === 'in_progress' || f.status === 'assigned') return f.hasRevisionRequest ? 'revision' : null;
  return null;
}

// The sentences the services have always answered.
export const disputeWaitsRefusal = 'This project has an open dispute: its next steps wait until the dispute is settled';
const noChangeOnAcceptedWork = 'The work on this project was already accepted: its deal can no longer change';

const allowed: DealVerdict = { allowed: true };
const refuse = (code: ErrorCode, message: string): DealVerdict => ({ allowed: false, code, message });
const forbid = (message: string) => refuse('FORBIDDEN', message);
const invalid = (message: string) => refuse('INVALID_TRANSITION', message);
const conflict = (message: string) => refuse('CONFLICT', message);

/** The first refusal of a list of checks, or allowed. */
function firstOf(...checks: (() => DealVerdict | null)[]): DealVerdict {
  for (const check of checks) {
    const verdict = check();
    if (verdict) return verdict;
  }
  return allowed;
}

const noActiveDispute = (f: DealFacts) => () => (hasActiveDispute(f) ? invalid(disputeWaitsRefusal) : null);
const onlyParties = (side: DealSide, message: string) => () => (side === 'operator' ? forbid(message) : null);
const onlyOwner = (side: DealSide, message: string) => () => (side !== 'owner' ? forbid(message) : null);

/** A project lifecycle edge (actor, status, then the payment it needs), as the server applies it. */
function projectEdge(f: DealFacts, side: DealSide, action: ProjectAction) {
  return () => {
    const result = projectLifecycle.transition(action, side === 'operator' ? 'other' : side, f.status, { isPaid: hasPaymentArrived(f) });
    if (result.ok) return null;
    return result.reason === 'forbidden' ? forbid(result.message) : invalid(result.message);
  };
}

/** A deal is live from its payment until its work is accepted or it is cancelled, and not while a dispute is open. */
function liveDeal(f: DealFacts) {
  return [
    () => (f.status === 'cancelled' ? invalid('This project has been cancelled') : null),
    () => (f.isWorkAccepted || f.status === 'accepted' ? invalid(noChangeOnAcceptedWork) : null),
    () => (!isHeld(f) ? invalid('A change order can be proposed once the project is paid, until its work is accepted') : null),
    noActiveDispute(f),
  ];
}

/** A milestone step at the deal's level: who takes it, the project stage, the payment it needs, no open dispute. */
function milestoneStep(f: DealFacts, side: DealSide, action: 'edit' | 'remove' | 'complete' | 'approve' | 'sendBack') {
  const actor = side === 'operator' ? 'other' : side;
  const edge = milestoneLifecycle.edges[action];
  return firstOf(
    () => (!milestoneLifecycle.isTakenBy(action, actor) ? forbid(edge.forbidden!) : null),
    () => (!isMilestoneStage(action, f.status) ? invalid(milestoneStage[action].refusal) : null),
    () => {
      const refusal = milestoneLifecycle.factsRefusal(action, { isPaid: hasPaymentArrived(f) });
      return refusal === null ? null : invalid(refusal);
    },
    noActiveDispute(f),
  );
}

/** A step on the deal's dispute (the dispute's status allows it). */
function disputeStep(f: DealFacts, step: DisputeStep) {
  return () => {
    if (!f.dispute) return invalid('There is no dispute on this deal');
    const refusal = disputeStepRefusal(step, f.dispute.status);
    return refusal === null ? null : invalid(refusal);
  };
}

const partyDisputeStep = (f: DealFacts, side: DealSide, step: Exclude<DisputeStep, 'rule'>) =>
  firstOf(onlyParties(side, permissions.actInDispute.refusal), disputeStep(f, step));

function verdictOf(f: DealFacts, side: DealSide, action: DealAction): DealVerdict {
  switch (action) {
    case 'pay':
      return firstOf(
        onlyOwner(side, permissions.payForBid.refusal),
        () => (hasPaymentArrived(f) ? refuse('CONFLICT', 'This bid has already been paid') : null),
        () => (f.status === 'cancelled' ? invalid('This project has been cancelled') : null),
        () => (!f.hasWinningBid || !f.hasFinisher ? invalid('This bid is not currently accepted for payment.') : null),
      );
    case 'deliver':
      return firstOf(projectEdge(f, side, 'deliver'), noActiveDispute(f));
    case 'accept_work':
      return firstOf(projectEdge(f, side, 'acceptWork'), noActiveDispute(f));
    case 'request_revision':
      return firstOf(projectEdge(f, side, 'requestRevision'), noActiveDispute(f));
    case 'cancel':
      return firstOf(projectEdge(f, side, 'cancel'), noActiveDispute(f));
    case 'agree_to_cancellation':
    case 'object_to_cancellation':
      return firstOf(
        () => (side !== 'finisher' ? forbid(permissions.answerCancellation.refusal) : null),
        () => (f.cancellation?.outcome !== 'open' ? invalid('There is no open cancellation request to answer on this project') : null),
        () => (hasActiveDispute(f) ? invalid('The cancellation is part of an open dispute; answer it there') : null),
      );
    case 'open_dispute':
      return firstOf(
        onlyParties(side, permissions.openDispute.refusal),
        () => (!isHeld(f) || f.heldCents <= 0 ? invalid('A dispute can only be opened while money is held for this project') : null),
        () => (f.isCardDisputed ? invalid("The payment is disputed with the card's bank; Finishline's operator handles it") : null),
        () => (hasActiveDispute(f) ? refuse('CONFLICT', 'A dispute is already open on this project') : null),
        () => (f.hasDisputeOverPayment ? invalid("This deal's dispute was settled; its decision is final") : null),
        () =>
          disputeStageOf(f) === null
            ? invalid('A dispute can be opened while a delivery awaits review, after a revision request, or while a cancellation request is pending')
            : null,
      );
    case 'add_dispute_evidence':
      return partyDisputeStep(f, side, 'addEvidence');
    case 'make_dispute_offer':
      return partyDisputeStep(f, side, 'offer');
    case 'accept_dispute_offer':
      return partyDisputeStep(f, side, 'acceptOffer');
    case 'escalate_dispute':
      return partyDisputeStep(f, side, 'escalate');
    case 'rule_dispute':
      return firstOf(() => (side !== 'operator' ? forbid(permissions.operate.refusal) : null), disputeStep(f, 'rule'));
    case 'propose_change_order':
      return firstOf(onlyParties(side, permissions.proposeChangeOrder.refusal), ...liveDeal(f));
    case 'accept_change_order':
      return firstOf(onlyParties(side, permissions.readChangeOrders.refusal), ...liveDeal(f));
    case 'decline_change_order':
    case 'withdraw_change_order':
      // Declining or withdrawing a proposal never hurts the deal.
      return firstOf(onlyParties(side, permissions.readChangeOrders.refusal));
    case 'pay_change_order':
      return firstOf(
        onlyOwner(side, permissions.payChangeOrder.refusal),
        () => (f.status === 'cancelled' ? invalid('This project has been cancelled: its change orders can no longer be paid') : null),
        () =>
          f.isWorkAccepted || f.status === 'accepted'
            ? invalid('The work on this project was already accepted: its change orders can no longer be paid')
            : null,
        noActiveDispute(f),
      );
    case 'add_milestone':
      return firstOf(
        onlyOwner(side, ownerManagesMilestones),
        () => (!isMilestoneStage('add', f.status) ? invalid(milestoneStage.add.refusal) : null),
        noActiveDispute(f),
      );
    case 'edit_milestone':
      return milestoneStep(f, side, 'edit');
    case 'remove_milestone':
      return milestoneStep(f, side, 'remove');
    case 'complete_milestone':
      return milestoneStep(f, side, 'complete');
    case 'approve_milestone':
      return milestoneStep(f, side, 'approve');
    case 'send_back_milestone':
      return milestoneStep(f, side, 'sendBack');
    case 'leave_review':
      return firstOf(onlyParties(side, permissions.reviewProject.refusal), () =>
        !isDealCompleted(f)
          ? invalid('Reviews open once the work has been accepted')
          : side !== 'operator' && f.hasReviewed[side]
            ? conflict('You have already reviewed this project')
            : null,
      );
  }
}

/** The deal machine's action for each step on a milestone (the milestone's own lifecycle judges the milestone). */
export const milestoneDealActions = {
  edit: 'edit_milestone',
  remove: 'remove_milestone',
  complete: 'complete_milestone',
  approve: 'approve_milestone',
  sendBack: 'send_back_milestone',
} as const satisfies Record<MilestoneAction, DealAction>;

/**
 * The deal's state: its stage, whose move it is, the next step in words (its dates in the reader's
 * `timeZone`, decision 048), and every action's verdict per side.
 */
export function dealStateOf(f: DealFacts, timeZone?: string): DealState {
  const nextStep = dealNextStepOf(f, timeZone);
  const actions = Object.fromEntries(
    dealActions.map((action) => [action, Object.fromEntries(dealSides.map((side) => [side, verdictOf(f, side, action)]))]),
  ) as DealState['actions'];
  return {
    stage: dealStageOf(f),
    turn: nextStep === null ? null : nextStep.actor === 'system' ? 'operator' : nextStep.actor,
    nextStep,
    actions,
  };
}

/** One action's verdict for one side, without the rest of the state. */
export const dealVerdictOf = (f: DealFacts, side: DealSide, action: DealAction): DealVerdict => verdictOf(f, side, action);

/** The actions a side may take now, in the order of dealActions. */
export const allowedActionsOf = (state: Pick<DealState, 'actions'>, side: DealSide): DealAction[] =>
  dealActions.filter((action) => state.actions[action][side].allowed);
