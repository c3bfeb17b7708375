import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the deal clock configuration', () => {
  it('reads durations in human forms, with the defaults of issue 14', () => {
    expect(loadConfig({}).deal).toEqual({
      reviewWindowMs: 7 * DAY,
      deliveryGraceMs: 3 * DAY,
      cancelResponseWindowMs: 5 * DAY,
      paymentWindowMs: 7 * DAY,
      remindersMs: [3 * DAY, DAY],
      sweepIntervalMs: 30_000,
      includedRevisions: 2,
    });
    const deal = loadConfig({ DEAL_REVIEW_WINDOW: '36h', DEAL_DELIVERY_GRACE: '1.5d', DEAL_REMINDERS: '1h, 2d', DEAL_SWEEP_INTERVAL: '0' }).deal;
    expect(deal).toMatchObject({ reviewWindowMs: 36 * HOUR, deliveryGraceMs: 36 * HOUR, remindersMs: [2 * DAY, HOUR], sweepIntervalMs: 0 });
    expect(loadConfig({ DEAL_REMINDERS: '' }).deal.remindersMs).toEqual([]);
    // Issue 18: the revision requests a deal includes, unless the bid names its own number.
    expect(loadConfig({ DEAL_INCLUDED_REVISIONS: '0' }).deal.includedRevisions).toBe(0);
    expect(() => loadConfig({ DEAL_INCLUDED_REVISIONS: 'two' })).toThrow(ConfigError);
  });

  it('stops start-up with a readable message for a value that is not a duration', () => {
    for (const [name, value] of [
      ['DEAL_REVIEW_WINDOW', 'seven days'],
      ['DEAL_REVIEW_WINDOW', '7'],
      ['DEAL_CANCEL_RESPONSE_WINDOW', '-5d'],
      ['DEAL_PAYMENT_WINDOW', 'a week'],
      ['DEAL_REMINDERS', '3d,soon'],
      ['DEAL_SWEEP_INTERVAL', 'often'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: ".+" is not a duration`));
    }
  });
});
