import { describe, expect, it } from 'vitest';
import type { ChangeOrder } from '#shared/contracts/change-orders.js';
import { awaitsPayment, changeOrderPrice, extraDaysText, paymentStateOf } from './change-order-rules.js';

const order = (overrides: Partial<ChangeOrder> = {}): ChangeOrder => ({
  id: 7,
  projectId: 5,
  number: 1,
  proposedBy: 'finisher',
  proposerId: 2,
  description: 'Add a CSV export of the invoices',
  amount: 400,
  amountCents: 40_000,
  extraDays: 3,
  status: 'proposed',
  paymentStatus: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  decidedAt: null,
  paidAt: null,
  ...overrides,
});

describe('payment of a change order', () => {
  it('awaits payment once accepted with an amount, until the money is held', () => {
    expect(awaitsPayment(order())).toBe(false);
    expect(awaitsPayment(order({ status: 'accepted' }))).toBe(true);
    expect(awaitsPayment(order({ status: 'accepted', paymentStatus: 'pending' }))).toBe(true);
    expect(awaitsPayment(order({ status: 'accepted', paymentStatus: 'held' }))).toBe(false);
    expect(awaitsPayment(order({ status: 'accepted', amount: 0, amountCents: 0 }))).toBe(false);
  });

  it('words where the money is', () => {
    expect(paymentStateOf(order())).toBeNull();
    expect(paymentStateOf(order({ status: 'accepted', amountCents: 0 }))).toBeNull();
    expect(paymentStateOf(order({ status: 'accepted' }))?.label).toBe('Awaiting payment');
    expect(paymentStateOf(order({ status: 'accepted', paymentStatus: 'held' }))?.label).toBe('Paid, held in escrow');
    expect(paymentStateOf(order({ status: 'accepted', paymentStatus: 'released' }))?.label).toBe('Paid, released to developer');
    expect(paymentStateOf(order({ status: 'accepted', paymentStatus: 'refunded' }))?.label).toBe('Refunded');
  });

  it('words the price and the days', () => {
    expect(changeOrderPrice(40_050)).toBe('$400.50');
    expect(changeOrderPrice(40_000)).toBe('$400');
    expect(changeOrderPrice(0)).toBe('No extra cost');
    expect(extraDaysText(0)).toBe('No extra days');
    expect(extraDaysText(1)).toBe('1 extra day');
    expect(extraDaysText(3)).toBe('3 extra days');
  });
});
