import { describe, expect, it } from 'vitest';
import type { DealRecord } from '#shared/contracts/disputes.js';
import { dealRecordSentence } from './deal-record.js';

const record = (dealsCompleted: number, outcomes: Partial<DealRecord['disputeOutcomes']> = {}): DealRecord => {
  const disputeOutcomes = { agreed: 0, silence: 0, ruling: 0, open: 0, ...outcomes };
  return { dealsCompleted, disputesAgainst: Object.values(disputeOutcomes).reduce((sum, count) => sum + count, 0), disputeOutcomes };
};

describe('dealRecordSentence', () => {
  it('reads short and plain, counts only', () => {
    expect(dealRecordSentence(record(12, { agreed: 1 }))).toBe('12 deals completed · 1 dispute opened against them: settled by agreement');
    expect(dealRecordSentence(record(1))).toBe('1 deal completed · no disputes opened against them');
    expect(dealRecordSentence(record(0, { ruling: 1 }))).toBe("0 deals completed · 1 dispute opened against them: decided by Finishline's operator");
    expect(dealRecordSentence(record(1200, { agreed: 2, silence: 1, open: 1 }))).toBe(
      '1,200 deals completed · 4 disputes opened against them: 2 settled by agreement, 1 settled when a side did not answer, 1 still open',
    );
  });
});
