import { describe, expect, it } from 'vitest';
import { dealStages } from './deal-machine.js';
import { finishlineCheckText } from './pull-request-check.js';
import { nextAccessStatus, repositoryAccessStatuses, repositoryAccessWanted } from './repository-access.js';

describe('the push access a deal wants', () => {
  it('is granted while the paid deal runs, removed once it ended, none before payment', () => {
    const wanted = Object.fromEntries(dealStages.map((stage) => [stage, repositoryAccessWanted(stage, { isOptedOut: false })]));
    expect(wanted).toEqual({
      open: 'none',
      awaiting_payment: 'none',
      in_progress: 'granted',
      revision_requested: 'granted',
      delivered: 'granted',
      money_settled: 'removed',
      cancellation_requested: 'granted',
      cancellation_objected: 'granted',
      dispute_awaiting_response: 'granted',
      dispute_negotiating: 'granted',
      dispute_with_operator: 'granted',
      completed: 'removed',
      cancelled: 'removed',
    });
  });

  it('is never granted when the owner opted out, and still removed at the end', () => {
    expect(repositoryAccessWanted('in_progress', { isOptedOut: true })).toBe('none');
    expect(repositoryAccessWanted('completed', { isOptedOut: true })).toBe('removed');
  });

  it('moves a row only forward, and removed is final', () => {
    const table = repositoryAccessStatuses.flatMap((status) =>
      (['granted', 'removed', 'none'] as const).map((wanted) => `${status} + ${wanted} -> ${nextAccessStatus(status, wanted) ?? 'stay'}`),
    );
    expect(table).toEqual([
      'none + granted -> grant',
      'none + removed -> stay',
      'none + none -> stay',
      'invited + granted -> stay',
      'invited + removed -> remove',
      'invited + none -> stay',
      'granted + granted -> stay',
      'granted + removed -> remove',
      'granted + none -> stay',
      'removed + granted -> stay',
      'removed + removed -> stay',
      'removed + none -> stay',
    ]);
  });
});

describe("Finishline's check on a delivered pull request", () => {
  const due = new Date('2026-11-28T15:00:00Z');
  it('names the criteria evidenced and the review date in the owner’s zone, pending while in review', () => {
    expect(finishlineCheckText({ criteria: 3, evidenced: 3, reviewDueAt: due, timeZone: 'Europe/Berlin', outcome: 'in_review' })).toEqual({
      title: 'Finishline: 3 of 3 criteria evidenced, review due 28 Nov',
      summary: expect.any(String),
      conclusion: null,
    });
    expect(finishlineCheckText({ criteria: 0, evidenced: 0, reviewDueAt: due, timeZone: 'Pacific/Auckland', outcome: 'in_review' }).title).toBe(
      'Finishline: delivered, review due 29 Nov',
    );
  });

  it('turns neutral on a revision and success on acceptance', () => {
    expect(finishlineCheckText({ criteria: 2, evidenced: 1, reviewDueAt: null, timeZone: 'UTC', outcome: 'revision_requested' }).conclusion).toBe('neutral');
    expect(finishlineCheckText({ criteria: 2, evidenced: 2, reviewDueAt: null, timeZone: 'UTC', outcome: 'accepted' }).conclusion).toBe('success');
  });
});
