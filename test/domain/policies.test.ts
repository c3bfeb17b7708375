import { describe, expect, it } from 'vitest';
import { milestoneStatuses } from '#shared/domain/milestone-lifecycle.js';
import { awaitsPayment, canAddMilestone, canDeliverWork, canLeaveReview, canReviewWork, canTakeMilestoneStep, type Person } from '#shared/domain/policies.js';
import { projectStatuses, type ProjectStatus } from '#shared/domain/project-status.js';

// The predicates the client shows and hides controls with, beside the rules they stand for.
const owner: Person = { id: 1, role: 'submitter' };
const finisher: Person = { id: 2, role: 'finisher' };
const stranger: Person = { id: 3, role: 'finisher' };
const people = [owner, finisher, stranger, null];
const project = (status: ProjectStatus, isPaid = true) => ({ submitterId: 1, finisherId: 2, status, isPaid });

describe('client-facing policies', () => {
  it('lets only the owner review delivered work, and only once it is delivered', () => {
    for (const status of projectStatuses) {
      for (const person of people) expect(canReviewWork(person, project(status))).toBe(person === owner && status === 'completed');
    }
  });

  it('opens star reviews to the two parties of an accepted project', () => {
    for (const status of projectStatuses) {
      for (const person of people) expect(canLeaveReview(person, project(status))).toBe((person === owner || person === finisher) && status === 'accepted');
    }
  });

  it('lets the owner add milestones while the work is assigned or in progress', () => {
    for (const status of projectStatuses) {
      for (const person of people) expect(canAddMilestone(person, project(status))).toBe(person === owner && ['assigned', 'in_progress'].includes(status));
    }
  });

  it('gives each milestone step to its actor, from its milestone status, at its project stage', () => {
    const expected = (person: Person, action: string, milestone: string, status: ProjectStatus) => {
      const working = ['assigned', 'in_progress'].includes(status);
      const underWay = working || status === 'completed';
      if (person === owner && (action === 'edit' || action === 'remove')) return milestone === 'pending' && working;
      if (person === owner && (action === 'approve' || action === 'sendBack')) return milestone === 'completed' && underWay;
      if (person === finisher && action === 'complete') return milestone === 'pending' && working;
      return false;
    };
    for (const status of projectStatuses) {
      for (const milestone of milestoneStatuses) {
        for (const action of ['edit', 'remove', 'complete', 'approve', 'sendBack'] as const) {
          for (const person of people) {
            expect(canTakeMilestoneStep(person, project(status), action, milestone)).toBe(expected(person, action, milestone, status));
          }
        }
      }
    }
  });

  it('offers no delivery, review, milestone completion or approval until the money is held (issue 26)', () => {
    for (const status of projectStatuses) {
      for (const person of people) {
        expect(canReviewWork(person, project(status, false))).toBe(false);
        expect(canDeliverWork(person, project(status, false))).toBe(false);
        expect(canDeliverWork(person, project(status))).toBe(person === finisher && ['assigned', 'in_progress', 'paid'].includes(status));
        for (const milestone of milestoneStatuses) {
          expect(canTakeMilestoneStep(person, project(status, false), 'complete', milestone)).toBe(false);
          expect(canTakeMilestoneStep(person, project(status, false), 'approve', milestone)).toBe(false);
        }
      }
      expect(awaitsPayment(project(status, false))).toBe(['assigned', 'in_progress', 'paid', 'completed'].includes(status));
      expect(awaitsPayment(project(status))).toBe(false);
    }
  });
});
