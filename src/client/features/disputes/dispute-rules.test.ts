import { describe, expect, it } from 'vitest';
import type { Dispute, DisputeOffer } from '#shared/contracts/disputes.js';
import { centsToDollarText, lengthProblem, parseDollarAmount } from '#client/lib/form-rules.js';
import { canRule, disputeAge, formatFileSize, latestOffer, partyControls } from './dispute-rules.js';

const offer = (id: number, side: DisputeOffer['side'], cents: number, acceptedAt: string | null = null): DisputeOffer => ({
  id,
  side,
  finisherAmountCents: cents,
  createdAt: '2026-11-23T10:00:00.000Z',
  acceptedAt,
});
const dispute = (viewer: Dispute['viewer'], status: Dispute['status'], offers: DisputeOffer[]) => ({ viewer, status, offers });

describe('latestOffer', () => {
  it('is the side’s most recent offer (offers come oldest first)', () => {
    const offers = [offer(1, 'owner', 0), offer(2, 'finisher', 90000), offer(3, 'owner', 40000)];
    expect(latestOffer(offers, 'owner')?.id).toBe(3);
    expect(latestOffer(offers, 'finisher')?.id).toBe(2);
    expect(latestOffer([offer(1, 'owner', 0)], 'finisher')).toBeNull();
  });
});

describe('partyControls', () => {
  const offers = [offer(1, 'owner', 0), offer(2, 'finisher', 90000), offer(3, 'owner', 40000)];

  it('lets a party accept only the other side’s latest offer, and ask the operator only while negotiating', () => {
    expect(partyControls(dispute('finisher', 'negotiating', offers))).toMatchObject({ side: 'finisher', canOffer: true, canEscalate: true });
    expect(partyControls(dispute('finisher', 'negotiating', offers)).acceptable?.id).toBe(3);
    expect(partyControls(dispute('owner', 'negotiating', offers)).acceptable?.id).toBe(2);
    expect(partyControls(dispute('owner', 'with_operator', offers))).toMatchObject({ canOffer: true, canAddEvidence: true, canEscalate: false });
  });

  it('gives an operator and a settled dispute no party controls', () => {
    for (const controls of [partyControls(dispute('operator', 'with_operator', offers)), partyControls(dispute('owner', 'settled', offers))]) {
      expect(controls).toMatchObject({ canOffer: false, canAddEvidence: false, canEscalate: false, acceptable: null });
    }
    expect(partyControls(dispute('owner', 'negotiating', [offer(1, 'owner', 0), offer(2, 'finisher', 5, '2026-11-24T10:00:00.000Z')])).acceptable).toBeNull();
  });

  it('lets only an operator rule, once the dispute was sent to them', () => {
    expect(canRule(dispute('operator', 'with_operator', []))).toBe(true);
    expect(canRule(dispute('operator', 'negotiating', []))).toBe(false);
    expect(canRule(dispute('operator', 'settled', []))).toBe(false);
    expect(canRule(dispute('owner', 'with_operator', []))).toBe(false);
  });
});

describe('disputeAge', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');
  it('counts from the escalation when there is one, else from the opening', () => {
    expect(disputeAge({ openedAt: '2026-11-20T12:00:00.000Z', escalatedAt: '2026-11-23T11:00:00.000Z' }, now)).toBe('3 days');
    expect(disputeAge({ openedAt: '2026-11-25T10:00:00.000Z', escalatedAt: null }, now)).toBe('1 day');
    expect(disputeAge({ openedAt: '2026-11-26T07:00:00.000Z', escalatedAt: null }, now)).toBe('5 hours');
    expect(disputeAge({ openedAt: '2026-11-26T11:30:00.000Z', escalatedAt: null }, now)).toBe('under an hour');
  });
});

describe('the amount and text rules of the dispute forms', () => {
  it('reads dollars with at most two decimals, from 0 up to the maximum', () => {
    expect(parseDollarAmount('350.5', 100000)).toEqual({ cents: 35050 });
    expect(parseDollarAmount(' $1,000 ', 100000)).toEqual({ cents: 100000 });
    expect(parseDollarAmount('0', 100000)).toEqual({ cents: 0 });
    expect(parseDollarAmount('1000.01', 100000).problem).toBe('The amount must be at most $1,000');
    expect(parseDollarAmount('', 100000).problem).toBe('Please enter an amount in dollars');
    expect(parseDollarAmount('-5', 100000).problem).toMatch(/at most two decimals/);
    expect(parseDollarAmount('1.234', 100000).problem).toMatch(/at most two decimals/);
    expect([centsToDollarText(100000), centsToDollarText(35050), centsToDollarText(0)]).toEqual(['1000', '350.50', '0']);
  });

  it('checks a text’s trimmed length', () => {
    const words = { tooShort: 'short', tooLong: 'long' };
    expect(lengthProblem('   abc   ', { min: 5, max: 10 }, words)).toBe('short');
    expect(lengthProblem('x'.repeat(11), { min: 5, max: 10 }, words)).toBe('long');
    expect(lengthProblem('hello', { min: 5, max: 10 }, words)).toBeUndefined();
  });

  it('sizes files for their links', () => {
    expect([formatFileSize(812), formatFileSize(14_336), formatFileSize(2_516_582)]).toEqual(['812 bytes', '14 KB', '2.4 MB']);
  });
});
