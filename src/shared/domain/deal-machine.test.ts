import { describe, expect, it } from 'vitest';
import { allowedActionsOf, type DealFacts, dealStateOf, dealVerdictOf, disputeStageOf, sideOf } from './deal-machine.js';

const now = new Date('2026-11-25T10:00:00.000Z');
const later = new Date('2026-11-30T10:00:00.000Z');

/** A paid deal at work: the money held, nothing delivered. */
const facts = (overrides: Partial<DealFacts> = {}): DealFacts => ({
  status: 'in_progress',
  hasFinisher: true,
  hasWinningBid: true,
  bidAmountCents: 100_000,
  isWorkAccepted: false,
  paymentStatus: 'held',
  heldCents: 100_000,
  payoutCents: 90_000,
  isCardDisputed: false,
  finisherCanBePaid: true,
  cancellation: null,
  dispute: null,
  hasDisputeOverPayment: false,
  hasRevisionRequest: false,
  hasReviewed: { owner: false, finisher: false },
  hasDelivered: false,
  reviewDueAt: null,
  milestoneReview: null,
  deliveryDueAt: later,
  paymentDueAt: null,
  names: { owner: 'maya', finisher: 'lena' },
  now,
  ...overrides,
});
const negotiating = {
  status: 'negotiating' as const,
  openedBy: 'owner' as const,
  hasResponded: false,
  respondBy: later,
  negotiateBy: later,
  disputedCents: 100_000,
};

describe('the stage of a deal', () => {
  it('follows the deal from payment to its end', () => {
    expect(dealStateOf(facts({ hasFinisher: false, hasWinningBid: false, status: 'open', paymentStatus: null })).stage).toBe('open');
    expect(dealStateOf(facts({ status: 'assigned', paymentStatus: null, heldCents: 0 })).stage).toBe('awaiting_payment');
    expect(dealStateOf(facts()).stage).toBe('in_progress');
    expect(dealStateOf(facts({ status: 'completed', hasDelivered: true })).stage).toBe('delivered');
    expect(dealStateOf(facts({ hasRevisionRequest: true, hasDelivered: true })).stage).toBe('revision_requested');
    expect(dealStateOf(facts({ status: 'accepted', isWorkAccepted: true })).stage).toBe('completed');
    expect(dealStateOf(facts({ status: 'cancelled', cancellation: { outcome: 'open', respondBy: later } })).stage).toBe('cancellation_requested');
    expect(dealStateOf(facts({ status: 'cancelled', paymentStatus: 'refunded', cancellation: { outcome: 'agreed', respondBy: null } })).stage).toBe(
      'cancelled',
    );
    expect(dealStateOf(facts({ status: 'completed', dispute: negotiating })).stage).toBe('dispute_awaiting_response');
    expect(dealStateOf(facts({ status: 'completed', dispute: { ...negotiating, hasResponded: true } })).stage).toBe('dispute_negotiating');
    expect(dealStateOf(facts({ status: 'completed', dispute: { ...negotiating, status: 'with_operator' } })).stage).toBe('dispute_with_operator');
  });

  it('says whose move it is, as the next step does', () => {
    expect(dealStateOf(facts({ status: 'assigned', paymentStatus: null, heldCents: 0 })).turn).toBe('owner');
    expect(dealStateOf(facts()).turn).toBe('finisher');
    expect(dealStateOf(facts({ status: 'completed', reviewDueAt: later })).turn).toBe('owner');
    expect(dealStateOf(facts({ status: 'completed', dispute: { ...negotiating, status: 'with_operator' } })).turn).toBe('operator');
    expect(dealStateOf(facts({ status: 'accepted', isWorkAccepted: true, paymentStatus: 'released', heldCents: 0 })).turn).toBeNull();
  });
});

describe('the next step after a milestone', () => {
  it('asks the finisher to deliver the rest, not to revise, once a delivered milestone is approved', () => {
    // A milestone was delivered and approved: its share left the held money; nobody asked for a revision.
    const step = dealStateOf(facts({ hasDelivered: true, heldCents: 40_000, payoutCents: 36_000 })).nextStep;
    expect(step?.action).toBe('deliver');
    expect(step?.description).toBe('lena has until 30 Nov to deliver the work; after that maya may cancel and get $400 back at once.');
    expect(step?.description).not.toMatch(/revising/);
  });

  it('says the finisher is revising only after a revision request', () => {
    const step = dealStateOf(facts({ hasDelivered: true, hasRevisionRequest: true })).nextStep;
    expect(step?.description).toBe('lena is revising the work for maya; the next delivery starts a new review window.');
  });
});

describe('opening a dispute (what the client asked canOpenDispute before)', () => {
  const may = (f: DealFacts) => dealVerdictOf(f, 'owner', 'open_dispute').allowed;

  it('opens while money is held in review, after a revision request, or in a pending or objected cancellation', () => {
    expect(may(facts({ status: 'completed' }))).toBe(true);
    expect(may(facts({ hasRevisionRequest: true }))).toBe(true);
    expect(may(facts({ status: 'cancelled', cancellation: { outcome: 'open', respondBy: later } }))).toBe(true);
    // The server's rule wins where the client's differed: an objected cancellation is disputable.
    expect(may(facts({ status: 'cancelled', cancellation: { outcome: 'objected', respondBy: null } }))).toBe(true);
    expect(may(facts())).toBe(false);
    expect(may(facts({ status: 'completed', heldCents: 0 }))).toBe(false);
    expect(may(facts({ status: 'completed', paymentStatus: null, heldCents: 0 }))).toBe(false);
  });

  it('refuses with the sentences the server answers', () => {
    expect(dealVerdictOf(facts({ status: 'completed', dispute: negotiating }), 'finisher', 'open_dispute')).toEqual({
      allowed: false,
      code: 'CONFLICT',
      message: 'A dispute is already open on this project',
    });
    expect(dealVerdictOf(facts({ status: 'completed', hasDisputeOverPayment: true }), 'owner', 'open_dispute')).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: "This deal's dispute was settled; its decision is final",
    });
    expect(dealVerdictOf(facts({ status: 'completed', isCardDisputed: true }), 'owner', 'open_dispute')).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(dealVerdictOf(facts({ status: 'completed' }), 'operator', 'open_dispute')).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('records where the deal stood', () => {
    expect(disputeStageOf(facts({ status: 'completed' }))).toBe('delivery_review');
    expect(disputeStageOf(facts({ hasRevisionRequest: true }))).toBe('revision');
    expect(disputeStageOf(facts({ status: 'cancelled', cancellation: { outcome: 'open', respondBy: later } }))).toBe('cancellation');
    expect(disputeStageOf(facts())).toBeNull();
  });
});

describe('proposing a change order (what the client asked canProposeChangeOrder before)', () => {
  const may = (f: DealFacts, side: 'owner' | 'finisher' | 'operator' = 'owner') => dealVerdictOf(f, side, 'propose_change_order').allowed;

  it('lets either party propose on a held deal whose work is not accepted', () => {
    expect(may(facts())).toBe(true);
    expect(may(facts({ status: 'completed', dispute: { ...negotiating, status: 'settled' } }), 'finisher')).toBe(true);
  });

  it('refuses an operator, an unpaid, accepted or cancelled deal, and a deal in dispute', () => {
    expect(may(facts(), 'operator')).toBe(false);
    expect(may(facts({ status: 'assigned', paymentStatus: null }))).toBe(false);
    // Paid is not enough: the server reads the money held (released money is no live deal).
    expect(may(facts({ paymentStatus: 'released' }))).toBe(false);
    expect(may(facts({ status: 'accepted', isWorkAccepted: true }))).toBe(false);
    expect(may(facts({ status: 'cancelled' }))).toBe(false);
    expect(may(facts({ dispute: negotiating }))).toBe(false);
  });
});

describe('the deal steps of each side', () => {
  it('lets the finisher deliver and the owner review, once the money is held', () => {
    expect(allowedActionsOf(dealStateOf(facts()), 'finisher')).toContain('deliver');
    expect(allowedActionsOf(dealStateOf(facts()), 'owner')).not.toContain('deliver');
    expect(dealVerdictOf(facts(), 'owner', 'deliver')).toEqual({
      allowed: false,
      code: 'FORBIDDEN',
      message: 'Only the assigned developer can mark this project as completed',
    });
    expect(dealVerdictOf(facts({ status: 'assigned', paymentStatus: 'pending' }), 'finisher', 'deliver')).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: "This deal waits for the owner's payment: the work can be delivered once the money is held.",
    });
    const delivered = dealStateOf(facts({ status: 'completed', reviewDueAt: later }));
    expect(allowedActionsOf(delivered, 'owner')).toEqual(expect.arrayContaining(['accept_work', 'request_revision', 'open_dispute', 'cancel']));
  });

  it('freezes the deal while a dispute is open: only the dispute steps remain', () => {
    const state = dealStateOf(facts({ status: 'completed', dispute: negotiating }));
    expect(allowedActionsOf(state, 'owner')).toEqual([
      'add_dispute_evidence',
      'make_dispute_offer',
      'accept_dispute_offer',
      'escalate_dispute',
      'decline_change_order',
      'withdraw_change_order',
    ]);
    expect(state.actions.accept_work.owner).toEqual({
      allowed: false,
      code: 'INVALID_TRANSITION',
      message: 'This project has an open dispute: its next steps wait until the dispute is settled',
    });
    expect(allowedActionsOf(dealStateOf(facts({ status: 'completed', dispute: { ...negotiating, status: 'with_operator' } })), 'operator')).toEqual([
      'rule_dispute',
    ]);
  });

  it('asks only the finisher to answer an open cancellation', () => {
    const state = dealStateOf(facts({ status: 'cancelled', cancellation: { outcome: 'open', respondBy: later } }));
    expect(state.actions.agree_to_cancellation.finisher.allowed).toBe(true);
    expect(state.actions.object_to_cancellation.owner).toMatchObject({ code: 'FORBIDDEN' });
    expect(dealVerdictOf(facts(), 'finisher', 'agree_to_cancellation')).toMatchObject({
      message: 'There is no open cancellation request to answer on this project',
    });
  });

  it('opens reviews once the work is accepted', () => {
    expect(dealVerdictOf(facts(), 'owner', 'leave_review')).toMatchObject({ message: 'Reviews open once the work has been accepted' });
    expect(dealVerdictOf(facts({ status: 'accepted', isWorkAccepted: true }), 'finisher', 'leave_review').allowed).toBe(true);
  });
});

describe('sideOf', () => {
  const project = { submitterId: 1, finisherId: 2 };
  it('names the owner, the finisher, an operator, or nobody', () => {
    expect(sideOf({ id: 1, role: 'submitter' }, project)).toBe('owner');
    expect(sideOf({ id: 2, role: 'finisher' }, project)).toBe('finisher');
    expect(sideOf({ id: 9, role: 'operator' }, project)).toBe('operator');
    expect(sideOf({ id: 3, role: 'finisher' }, project)).toBeNull();
    expect(sideOf(null, project)).toBeNull();
    expect(sideOf({ id: 2, role: 'finisher' }, { submitterId: 1, finisherId: null })).toBeNull();
  });
});
