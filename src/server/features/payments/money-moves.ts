import type { Tx } from '#server/db/client.js';
import type { PaymentRow } from '#server/db/schema/payments.js';
import { changeOrderNumberOf } from '#server/domain/money-sources.js';
import type { MoneyMoveCause, MoneyPart, MoneySource } from '#shared/domain/money-moves.js';
import type { DomainEvent, RecordEvent } from '#server/events/domain-events.js';

type Parties = Pick<Extract<DomainEvent, { type: 'money.moved' }>, 'projectId' | 'projectName' | 'ownerId' | 'finisherId'>;

/** What a payment paid for: the deal's own payment, or a change order by its number on the deal page. */
export async function sourceOf(tx: Tx, projectId: number, payment: PaymentRow): Promise<MoneySource> {
  return payment.changeOrderId === null ? { kind: 'deal' } : { kind: 'change_order', number: await changeOrderNumberOf(tx, projectId, payment.changeOrderId) };
}

/**
 * Collects the payouts and refunds one settlement records, so that it tells each party once
 * (issue 28, item 11): `record` passes every event on and notes the money ones; `summarize`
 * records one money.moved when anything moved.
 */
export function collectMoneyMoves(record: RecordEvent) {
  const payouts: MoneyPart[] = [];
  const refunds: MoneyPart[] = [];
  // The payout statements issued with the payouts (issue 31): the finisher's mail links them.
  const statementIds: number[] = [];
  let parties: Parties | null = null;
  return {
    record: (async (event) => {
      if ((event.type === 'payout.released' || event.type === 'payment.refunded') && event.source) {
        parties = { projectId: event.projectId, projectName: event.projectName, ownerId: event.ownerId, finisherId: event.finisherId };
        const part = { source: event.source, amountCents: event.amountCents, paidCents: (event.type === 'payment.refunded' && event.paidCents) || 0 };
        (event.type === 'payout.released' ? payouts : refunds).push(part);
        if (event.type === 'payout.released' && event.documentId !== undefined) statementIds.push(event.documentId);
      }
      await record(event);
    }) satisfies RecordEvent,
    async summarize(cause: MoneyMoveCause): Promise<void> {
      if (!parties || (payouts.length === 0 && refunds.length === 0)) return;
      await record({ type: 'money.moved', ...parties, cause, payouts, refunds, statementIds });
    },
  };
}
