import type { DealMoney, DealMoneyParts, DealPaymentMoney } from '#shared/contracts/deal.js';
import type { PaymentRow } from '#server/db/schema/payments.js';

/**
 * The one money view of a deal (decision 047), from its payment rows and nothing else: every card,
 * dialog and sentence that names the deal's money reads what this computes. Here, below the
 * features, so the deal and the dispute answers (and the deal's facts) share it.
 */

/** The payment came and was not turned away: held, released, or refunded since. */
const isPaid = (payment: PaymentRow): boolean => payment.status !== 'pending' && payment.status !== 'failed';

/** Where one payment's money is: paid = released + fee + refunded + held, from its settled/released/refunded columns. */
export function paymentMoneyOf(payment: PaymentRow): DealMoneyParts {
  // settled is what went the finisher's way, fee included; the fee is the settled part not paid out.
  return {
    paidCents: payment.amountCents,
    heldCents: Math.max(0, payment.amountCents - payment.settledCents - payment.refundedCents),
    releasedCents: payment.releasedCents,
    feeCents: payment.settledCents - payment.releasedCents,
    refundedCents: payment.refundedCents,
  };
}

/**
 * What accepting the work moves now, over every held payment: each pays the finisher what its 90%
 * has not yet paid out, and the rest of what it holds is the fee (payment-settlement.ts does the same).
 */
export function acceptanceMoneyOf(held: readonly PaymentRow[]): DealMoney['onAcceptance'] {
  let finisherCents = 0;
  let heldCents = 0;
  for (const payment of held) {
    if (payment.status !== 'held') continue;
    finisherCents += payment.developerAmountCents - payment.releasedCents;
    heldCents += paymentMoneyOf(payment).heldCents;
  }
  return { finisherCents, feeCents: heldCents - finisherCents };
}

const emptyParts: DealMoneyParts = { paidCents: 0, heldCents: 0, releasedCents: 0, feeCents: 0, refundedCents: 0 };

/**
 * The deal's money: its own payment and each change order's, labelled as the page numbers the
 * change orders ('Change order 1' is the oldest of `changeOrderIds`, paid or not), and their totals.
 * Null before the deal's own payment came.
 */
export function dealMoneyOf(own: PaymentRow | null, changeOrderPayments: readonly PaymentRow[], changeOrderIds: readonly number[]): DealMoney | null {
  if (!own || !isPaid(own)) return null;
  const numberOf = (id: number) => [...changeOrderIds].sort((a, b) => a - b).indexOf(id) + 1;
  const extras = changeOrderPayments.filter((p) => p.changeOrderId !== null && isPaid(p)).sort((a, b) => a.changeOrderId! - b.changeOrderId!);
  const payments: DealPaymentMoney[] = [own, ...extras].map((payment) => ({
    changeOrderId: payment.changeOrderId,
    label: payment.changeOrderId === null ? 'Original price' : `Change order ${numberOf(payment.changeOrderId)}`,
    status: payment.status,
    ...paymentMoneyOf(payment),
  }));
  const totals = payments.reduce<DealMoneyParts>(
    (sum, p) => ({
      paidCents: sum.paidCents + p.paidCents,
      heldCents: sum.heldCents + p.heldCents,
      releasedCents: sum.releasedCents + p.releasedCents,
      feeCents: sum.feeCents + p.feeCents,
      refundedCents: sum.refundedCents + p.refundedCents,
    }),
    emptyParts,
  );
  return { ...totals, payments, onAcceptance: acceptanceMoneyOf([own, ...extras]) };
}
