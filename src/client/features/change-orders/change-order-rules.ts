import type { ChangeOrder } from '#shared/contracts/change-orders.js';
import { formatMoney } from '#shared/domain/money.js';

/** An accepted change order with an amount whose money has not arrived: the owner's Pay button. */
export const awaitsPayment = (changeOrder: Pick<ChangeOrder, 'status' | 'amountCents' | 'paymentStatus'>): boolean =>
  changeOrder.status === 'accepted' && changeOrder.amountCents > 0 && (changeOrder.paymentStatus === null || changeOrder.paymentStatus === 'pending');

export type PaymentState = { label: string; tone: 'warning' | 'info' | 'success' | 'muted' | 'destructive' } | null;

/** Where an accepted change order's money is, in the payment card's words; null when there is nothing to pay. */
export function paymentStateOf(changeOrder: Pick<ChangeOrder, 'status' | 'amountCents' | 'paymentStatus'>): PaymentState {
  if (changeOrder.status !== 'accepted' || changeOrder.amountCents === 0) return null;
  switch (changeOrder.paymentStatus) {
    case null:
    case 'pending':
      return { label: 'Awaiting payment', tone: 'warning' };
    case 'held':
      return { label: 'Paid, held in escrow', tone: 'info' };
    case 'released':
      return { label: 'Paid, released to developer', tone: 'success' };
    case 'refunded':
      return { label: 'Refunded', tone: 'muted' };
    case 'failed':
      return { label: 'Payment failed', tone: 'destructive' };
  }
}

/** "$400.50" or "No extra cost". */
export const changeOrderPrice = (amountCents: number): string => (amountCents > 0 ? formatMoney(amountCents, { showCents: true }) : 'No extra cost');

/** "3 extra days", "1 extra day", "No extra days". */
export const extraDaysText = (days: number): string => (days === 0 ? 'No extra days' : `${days} extra day${days === 1 ? '' : 's'}`);
