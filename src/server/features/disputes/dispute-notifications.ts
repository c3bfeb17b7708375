import { formatMoney } from '#shared/domain/money.js';
import type { Config } from '#server/config.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { createNotifications, previewOf } from '#server/features/notifications/notifications.service.js';
import { findOperatorIds } from '#server/features/operators/operators.service.js';

const sideName = (side: 'owner' | 'finisher') => (side === 'owner' ? 'The client' : 'The developer');
const money = (cents: number) => formatMoney(cents, { showCents: true });

/**
 * Disputes' notifications (decision 029), type 'dispute' with the dispute's id, so the toast and
 * the bell lead to the dispute page and a live one refreshes it.
 */
export function registerDisputeNotifications(events: DomainEvents, config: Pick<Config, 'operatorEmails'>): void {
  events.onRecord('dispute.opened', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.side === 'owner' ? e.finisherId : e.ownerId,
        type: 'dispute',
        title: 'Dispute opened',
        content: `${sideName(e.side)} opened a dispute on "${e.projectName}" and proposes ${money(e.finisherAmountCents)} for the developer: ${previewOf(e.reason)}`,
        relatedId: e.disputeId,
      },
    ]),
  );
  events.onRecord('dispute.evidence_added', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.side === 'owner' ? e.finisherId : e.ownerId,
        type: 'dispute',
        title: 'New evidence',
        content: `${sideName(e.side)} added ${e.hasFile ? 'a statement with a file' : 'a statement'} to the dispute on "${e.projectName}".`,
        relatedId: e.disputeId,
      },
    ]),
  );
  events.onRecord('dispute.offered', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.side === 'owner' ? e.finisherId : e.ownerId,
        type: 'dispute',
        title: 'New offer',
        content: `${sideName(e.side)} offers ${money(e.finisherAmountCents)} for the developer in the dispute on "${e.projectName}".`,
        relatedId: e.disputeId,
      },
    ]),
  );
  events.onRecord('dispute.escalated', async (e, tx) => {
    const parties = [e.ownerId, e.finisherId].map((userId) => ({
      userId,
      type: 'dispute' as const,
      title: 'Dispute sent to the operator',
      content: `Finishline's operator will rule on the dispute on "${e.projectName}".`,
      relatedId: e.disputeId,
    }));
    const operators = (await findOperatorIds(tx, config.operatorEmails))
      .filter((id) => id !== e.ownerId && id !== e.finisherId)
      .map((userId) => ({
        userId,
        type: 'dispute' as const,
        title: 'Dispute waiting for a ruling',
        content: `"${e.projectName}" waits for an operator's ruling.`,
        relatedId: e.disputeId,
      }));
    await createNotifications(tx, [...parties, ...operators]);
  });
  events.onRecord('dispute.settled', (e, tx) =>
    createNotifications(
      tx,
      [e.ownerId, e.finisherId].map((userId) => ({
        userId,
        type: 'dispute' as const,
        title: 'Dispute settled',
        content: `The dispute on "${e.projectName}" is settled: ${money(e.finisherAmountCents)} to the developer, ${money(e.refundCents)} refunded to the client.`,
        relatedId: e.disputeId,
      })),
    ),
  );
}
