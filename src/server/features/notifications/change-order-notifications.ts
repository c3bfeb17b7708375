import { formatMoney } from '#shared/domain/money.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { previewOf } from './notification-text.js';
import { createNotifications } from './notifications.service.js';

type Side = 'owner' | 'finisher';

/** The deal's other party: the one a step by `side` concerns. */
const otherParty = (e: { side: Side; ownerId: number; finisherId: number }) => (e.side === 'owner' ? e.finisherId : e.ownerId);
const who = (side: Side) => (side === 'owner' ? 'The client' : 'The developer');

/** What a change order asks for, in words: "$400 and 3 more days", "no extra cost and 5 more days". */
function termsOf(amountCents: number, extraDays: number): string {
  const price = amountCents > 0 ? formatMoney(amountCents, { showCents: true }) : 'no extra cost';
  return extraDays > 0 ? `${price} and ${extraDays} more day${extraDays === 1 ? '' : 's'}` : price;
}

/**
 * Change orders (issue 18, item 6): the other party hears of each step, in the step's transaction.
 * Type 'change_order', relatedId the project (its deal shows the change orders).
 */
export function registerChangeOrderNotifications(events: DomainEvents): void {
  events.onRecord('change_order.proposed', (e, tx) =>
    createNotifications(tx, [
      {
        userId: otherParty(e),
        type: 'change_order',
        title: 'Change order proposed',
        content: `${who(e.side)} proposed a change order on "${e.projectName}" for ${termsOf(e.amountCents, e.extraDays)}: ${previewOf(e.description)}`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('change_order.accepted', (e, tx) =>
    createNotifications(tx, [
      {
        userId: otherParty(e),
        type: 'change_order',
        title: 'Change order accepted',
        content:
          e.amountCents > 0 && e.side === 'finisher'
            ? `Your change order on "${e.projectName}" was accepted: pay ${formatMoney(e.amountCents, { showCents: true })} to confirm it.`
            : `Your change order on "${e.projectName}" was accepted.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('change_order.declined', (e, tx) =>
    createNotifications(tx, [
      {
        userId: otherParty(e),
        type: 'change_order',
        title: 'Change order declined',
        content: `Your change order on "${e.projectName}" was declined.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('change_order.withdrawn', (e, tx) =>
    createNotifications(tx, [
      {
        userId: otherParty(e),
        type: 'change_order',
        title: 'Change order withdrawn',
        content: `${who(e.side)} withdrew a change order on "${e.projectName}".`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('change_order.paid', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'change_order',
        title: 'Change order paid',
        content: `${formatMoney(e.amountCents, { showCents: true })} for ${e.number ? `change order ${e.number}` : 'a change order'} on "${e.projectName}" is paid and held until the work is accepted.`,
        relatedId: e.projectId,
      },
    ]),
  );
}
