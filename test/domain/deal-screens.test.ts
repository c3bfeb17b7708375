import { describe, expect, it } from 'vitest';
import { allowedActionsOf, type DealFacts, type DealSide, dealStateOf } from '#shared/domain/deal-machine.js';
import { type MilestoneAction, milestoneLifecycle, milestoneStatuses } from '#shared/domain/milestone-lifecycle.js';
import { projectStatuses, type ProjectStatus } from '#shared/domain/project-status.js';

// The controls the project page shows come from the deal machine's allowed actions (issue 27): the
// rules the client once derived itself (canReviewWork, canDeliverWork, canLeaveReview,
// canAddMilestone, canTakeMilestoneStep, awaitsPayment), checked here on the machine instead.
const later = new Date('2026-11-30T10:00:00.000Z');
const facts = (status: ProjectStatus, isPaid = true): DealFacts => ({
  status,
  hasFinisher: true,
  hasWinningBid: true,
  bidAmountCents: 100_000,
  isWorkAccepted: status === 'accepted',
  paymentStatus: isPaid ? 'held' : null,
  heldCents: isPaid ? 100_000 : 0,
  payoutCents: isPaid ? 90_000 : 0,
  isCardDisputed: false,
  finisherCanBePaid: true,
  cancellation: null,
  dispute: null,
  hasDisputeOverPayment: false,
  hasRevisionRequest: false,
  hasReviewed: { owner: false, finisher: false },
  hasDelivered: status === 'completed' || status === 'accepted',
  reviewDueAt: null,
  milestoneReview: null,
  deliveryDueAt: later,
  paymentDueAt: null,
  names: { owner: 'maya', finisher: 'lena' },
  now: new Date('2026-11-25T10:00:00.000Z'),
});
const sides = ['owner', 'finisher'] as const satisfies readonly DealSide[];
const allowed = (status: ProjectStatus, side: DealSide, isPaid = true) => allowedActionsOf(dealStateOf(facts(status, isPaid)), side);
const milestoneActionOf = {
  edit: 'edit_milestone',
  remove: 'remove_milestone',
  complete: 'complete_milestone',
  approve: 'approve_milestone',
  sendBack: 'send_back_milestone',
} as const;
/** What the milestones card shows: the machine allows the step on the deal, and the milestone's status allows it. */
const showsStep = (status: ProjectStatus, side: DealSide, action: MilestoneAction, milestone: (typeof milestoneStatuses)[number], isPaid = true) =>
  allowed(status, side, isPaid).includes(milestoneActionOf[action]) && milestoneLifecycle.allows(action, milestone);

describe('the controls of the project page, from the deal machine', () => {
  it('lets only the owner review delivered work, and only once it is delivered', () => {
    for (const status of projectStatuses) {
      for (const side of sides) expect(allowed(status, side).includes('accept_work'), `${side} ${status}`).toBe(side === 'owner' && status === 'completed');
    }
  });

  it('opens star reviews to the two parties of an accepted project', () => {
    for (const status of projectStatuses) {
      for (const side of sides) expect(allowed(status, side).includes('leave_review'), `${side} ${status}`).toBe(status === 'accepted');
    }
  });

  it('lets the owner add milestones while the work is assigned or in progress', () => {
    for (const status of projectStatuses) {
      for (const side of sides) {
        expect(allowed(status, side).includes('add_milestone'), `${side} ${status}`).toBe(side === 'owner' && ['assigned', 'in_progress'].includes(status));
      }
    }
  });

  it('gives each milestone step to its actor, from its milestone status, at its project stage', () => {
    const expected = (side: DealSide, action: string, milestone: string, status: ProjectStatus) => {
      const working = ['assigned', 'in_progress'].includes(status);
      const underWay = working || status === 'completed';
      if (side === 'owner' && (action === 'edit' || action === 'remove')) return milestone === 'pending' && working;
      if (side === 'owner' && (action === 'approve' || action === 'sendBack')) return milestone === 'completed' && underWay;
      if (side === 'finisher' && action === 'complete') return milestone === 'pending' && working;
      return false;
    };
    for (const status of projectStatuses) {
      for (const milestone of milestoneStatuses) {
        for (const action of ['edit', 'remove', 'complete', 'approve', 'sendBack'] as const) {
          for (const side of sides)
            expect(showsStep(status, side, action, milestone), `${side} ${action} ${milestone} ${status}`).toBe(expected(side, action, milestone, status));
        }
      }
    }
  });

  it('offers no delivery, review, milestone completion or approval until the money is held (issue 26)', () => {
    for (const status of ['assigned', 'in_progress', 'paid', 'completed'] as const) {
      for (const side of sides) {
        expect(allowed(status, side, false)).not.toContain('accept_work');
        expect(allowed(status, side, false)).not.toContain('deliver');
        expect(allowed(status, side).includes('deliver'), `${side} ${status}`).toBe(side === 'finisher' && status !== 'completed');
        for (const milestone of milestoneStatuses) {
          expect(showsStep(status, side, 'complete', milestone, false)).toBe(false);
          expect(showsStep(status, side, 'approve', milestone, false)).toBe(false);
        }
      }
      expect(dealStateOf(facts(status, false)).stage).toBe('awaiting_payment');
      expect(dealStateOf(facts(status)).stage).not.toBe('awaiting_payment');
    }
  });
});
