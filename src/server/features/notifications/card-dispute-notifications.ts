import { formatMoney } from '#shared/domain/money.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { findOperatorIds } from '#server/features/operators/operators.service.js';
import { createNotifications } from './notifications.service.js';

/**
 * A chargeback (issue 15, rule 7) is the operators' to watch: each is told when one opens and how
 * it closed. The finisher learns that their payouts paused, resumed or ended. The owner is the one
 * who disputed the charge with their bank, so they hear from the bank.
 */
export function registerCardDisputeNotifications(events: DomainEvents, operatorEmails: readonly string[]): void {
  events.onRecord('card_dispute.opened', async (e, tx) => {
    const operators = await findOperatorIds(tx, operatorEmails);
    await createNotifications(tx, [
      ...operators.map((userId) => ({
        userId,
        type: 'project' as const,
        title: 'Card dispute opened',
        content: `The client's bank disputes the ${formatMoney(e.amountCents)} payment for "${e.projectName}". Its payouts are frozen until the bank decides.`,
        relatedId: e.projectId,
      })),
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Payouts paused',
        content: `The client's bank is reviewing the payment for "${e.projectName}". Payouts are paused until it decides.`,
        relatedId: e.projectId,
      },
    ]);
  });
  events.onRecord('card_dispute.closed', async (e, tx) => {
    const operators = await findOperatorIds(tx, operatorEmails);
    const isWon = e.outcome === 'won';
    await createNotifications(tx, [
      ...operators.map((userId) => ({
        userId,
        type: 'project' as const,
        title: isWon ? 'Card dispute won' : 'Card dispute lost',
        content: isWon
          ? `The bank decided the dispute of the payment for "${e.projectName}" for Finishline: its payouts resume.`
          : `The bank decided the dispute of the payment for "${e.projectName}" for the client: ${formatMoney(e.refundedCents)} went back to the card and its payouts end.`,
        relatedId: e.projectId,
      })),
      {
        userId: e.finisherId,
        type: 'project',
        title: isWon ? 'Payouts resumed' : 'Payouts ended',
        content: isWon
          ? `The bank's review of the payment for "${e.projectName}" is over: payouts resume.`
          : `The client's bank took back the payment for "${e.projectName}": nothing more will be paid out for it.`,
        relatedId: e.projectId,
      },
    ]);
  });
}
