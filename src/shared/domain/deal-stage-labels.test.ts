import { describe, expect, it } from 'vitest';
import { bidStatuses } from './bid-lifecycle.js';
import { dealStages } from './deal-machine.js';
import { bidLabelOf, dealStageLabels, projectLabelOf } from './deal-stage-labels.js';
import { projectStatusLabel } from './project-status.js';

describe('the labels of the deal stages (issue 28, item 8)', () => {
  it('give every stage a label of its own, in the spec words where it names the status', () => {
    const labels = dealStages.map((stage) => dealStageLabels[stage]);
    expect(new Set(labels).size).toBe(dealStages.length);
    expect(dealStageLabels.open).toBe('Open for Bids');
    expect(dealStageLabels.completed).toBe('Completed');
    expect(dealStageLabels.in_progress).toBe('In Progress');
    expect(dealStageLabels.cancelled).toBe('Cancelled');
  });

  it('name "Completed" only for accepted work: delivered work awaits review, for a party and for anyone else', () => {
    expect(projectLabelOf({ status: 'completed', dealStage: 'delivered' })).toBe('Awaiting Review');
    expect(projectLabelOf({ status: 'completed', dealStage: 'dispute_negotiating' })).toBe('In Dispute: Negotiating');
    expect(projectLabelOf({ status: 'accepted', dealStage: 'completed' })).toBe('Completed');
    expect(projectStatusLabel('completed')).toBe('Awaiting Review');
    expect(projectStatusLabel('accepted')).toBe('Completed');
  });

  it("keep an open deal's status words: open for bids or paused", () => {
    expect(projectLabelOf({ status: 'paused', dealStage: 'open' })).toBe('Paused');
    expect(projectLabelOf({ status: 'active', dealStage: 'open' })).toBe('Open for Bids');
    expect(projectLabelOf({ status: 'open' })).toBe('Open for Bids');
  });

  it("name a winning bid by its deal's stage: a paid bid of a cancelled, refunded deal reads Cancelled", () => {
    expect(bidLabelOf({ status: 'paid' }, 'cancelled')).toBe('Cancelled');
    expect(bidLabelOf({ status: 'completed' }, 'completed')).toBe('Completed');
    expect(bidLabelOf({ status: 'accepted' }, 'awaiting_payment')).toBe('Accepted');
    // Without the stage (someone outside the deal), and for every bid that did not win, the bid's own status.
    expect(bidLabelOf({ status: 'paid' })).toBe('Paid');
    for (const status of bidStatuses.filter((s) => !['accepted', 'paid', 'completed'].includes(s))) {
      expect(bidLabelOf({ status }, 'cancelled')).not.toBe('Cancelled');
    }
    expect(bidLabelOf({ status: 'declined' }, 'in_progress')).toBe('Declined');
  });
});
