import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { DomainEvent, DomainEventType, DomainEvents } from '../../events/domain-events.js';
import type { LivePublisher } from '../live/live-hub.js';
import { type NotificationRow, toNotificationDto } from './notifications.mapper.js';

/**
 * Notifications are stored first and pushed second. createNotifications() leaves the rows it
 * writes inside a transaction here, keyed by that transaction; once a ctx.events transaction
 * commits, the commit handlers below push them as `notification` live events. A rolled-back
 * transaction is simply forgotten (the maps are weak), so nothing that was not stored is pushed.
 *
 * Rows written outside a transaction are committed already: their writer pushes them itself with
 * deliverNotifications().
 */
const pendingByTx = new WeakMap<Tx, NotificationRow[]>();
const txByEvent = new WeakMap<DomainEvent, Tx>();

export function holdForDelivery(db: DbOrTx, rows: NotificationRow[]): void {
  if (rows.length === 0 || !(db instanceof PgTransaction)) return;
  const tx = db as Tx;
  const pending = pendingByTx.get(tx);
  if (pending) pending.push(...rows);
  else pendingByTx.set(tx, [...rows]);
}

function takePending(event: DomainEvent): NotificationRow[] {
  const tx = txByEvent.get(event);
  if (!tx) return [];
  txByEvent.delete(event);
  const rows = pendingByTx.get(tx) ?? [];
  pendingByTx.delete(tx);
  return rows;
}

export async function deliverNotifications(live: LivePublisher, rows: NotificationRow[]): Promise<void> {
  for (const row of rows) await live.publish(row.userId, { type: 'notification', notification: toNotificationDto(row) });
}

/**
 * Every domain event type. Listing them here (checked against the union) means a transaction
 * that records any event gets its notifications pushed, whichever handler or service wrote them;
 * a new event type fails to compile until it is added.
 */
const everyDomainEventType = {
  'bid.placed': true,
  'bid.accepted': true,
  'bid.rejected': true,
  'project.status_changed': true,
  'work.delivered': true,
  'work.accepted': true,
  'revision.requested': true,
  'payment.received': true,
  'payout.released': true,
  'payment.refunded': true,
  'onboarding.completed': true,
  'message.sent': true,
  'conversation.read': true,
  'milestone.added': true,
  'milestone.completed': true,
  'milestone.approved': true,
  'milestone.sent_back': true,
} as const satisfies Record<DomainEventType, true>;

/** After each ctx.events transaction commits, pushes the notifications it stored. */
export function registerNotificationDelivery(events: DomainEvents, live: LivePublisher): void {
  for (const type of Object.keys(everyDomainEventType) as DomainEventType[]) {
    events.onRecord(type, async (event, tx) => {
      txByEvent.set(event, tx);
    });
    // The first event of a transaction to reach its commit handler takes all of its rows.
    events.onCommit(type, (event) => deliverNotifications(live, takePending(event)));
  }
}
