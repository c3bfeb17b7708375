import type { DbOrTx } from '#server/db/client.js';
import { type AfterCommitWork, type DomainEvents, runAfterCommit } from '#server/events/domain-events.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';
import { type NotificationRow, toNotificationDto } from './notifications.mapper.js';

/**
 * Notifications are stored first and pushed second. Rows written inside a ctx.events transaction
 * are pushed as `notification` live events once it commits, through the live publisher of the
 * app that owns that bus; a rolled-back transaction pushes nothing.
 *
 * Rows written outside a transaction are committed already: their writer pushes them itself with
 * deliverNotifications().
 */
const publisherByBus = new WeakMap<DomainEvents, LivePublisher>();

export function holdForDelivery(db: DbOrTx, rows: NotificationRow[]): void {
  if (rows.length > 0) runAfterCommit(db, deliveryOf(rows));
}

/** Pushes rows that are committed already, through the live publisher of the bus that runs it. */
export function deliveryOf(rows: NotificationRow[]): AfterCommitWork {
  return (events) => {
    const live = publisherByBus.get(events);
    return live ? deliverNotifications(live, rows) : undefined;
  };
}

export async function deliverNotifications(live: LivePublisher, rows: NotificationRow[]): Promise<void> {
  for (const row of rows) await live.publish(row.userId, { type: 'notification', notification: toNotificationDto(row) });
}

/** Pushes the notifications each ctx.events transaction stored, once it commits. */
export function registerNotificationDelivery(events: DomainEvents, live: LivePublisher): void {
  publisherByBus.set(events, live);
}
