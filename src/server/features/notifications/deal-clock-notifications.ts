import { objectionNoticeOf } from '#shared/domain/dispute-silence.js';
import { formatMoney } from '#shared/domain/money.js';
import { graceNote } from '#shared/domain/time-zone.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { previewOf } from './notification-text.js';
import { createNotifications } from './notifications.service.js';
import { readerDay, readerZone } from './reader-day.js';

/** The deal clock's notifications (decision 027): requests, answers, deadlines and reminders. */
export function registerDealClockNotifications(events: DomainEvents): void {
  events.onRecord('cancellation.requested', async (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Cancellation requested',
        content: `The client wants to cancel "${e.projectName}". Agree or object by ${await readerDay(tx, e.finisherId, e.respondBy)}; without an answer ${formatMoney(e.refundCents)} is refunded to the client.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('cancellation.agreed', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'project',
        title: 'Cancellation agreed',
        content: `The developer agreed to cancel "${e.projectName}": ${formatMoney(e.refundCents)} is refunded to you.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('cancellation.objected', async (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'project',
        title: 'Cancellation objected',
        content: `The developer objected to cancelling "${e.projectName}": ${previewOf(e.reason)} ${objectionNoticeOf(e.claim, undefined, await readerZone(tx, e.ownerId))}`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('cancellation.timed_out', (e, tx) =>
    createNotifications(
      tx,
      [e.ownerId, e.finisherId].map((userId) => ({
        userId,
        type: 'project' as const,
        title: 'Cancellation settled',
        content: `The cancellation of "${e.projectName}" was not answered in time: ${formatMoney(e.refundCents)} is refunded to the client.`,
        relatedId: e.projectId,
      })),
    ),
  );
  // Decision 037: the accepted bid was not paid within the payment window.
  events.onRecord('bid.lapsed', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.ownerId,
        type: 'project',
        title: 'Bid lapsed',
        content: `The bid you accepted on "${e.projectName}" was not paid in time and lapsed. The project is open for bids again.`,
        relatedId: e.projectId,
      },
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Bid lapsed',
        content: `The client did not pay your accepted bid of ${formatMoney(e.amountCents)} on "${e.projectName}" in time, so it lapsed. Do not start the work.`,
        relatedId: e.projectId,
      },
    ]),
  );
  events.onRecord('delivery.deadline_passed', async (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.finisherId,
        type: 'project',
        title: 'Delivery overdue',
        content: `The delivery of "${e.projectName}" was due on ${await readerDay(tx, e.finisherId, e.dueAt)}. You can still deliver; the client may now cancel with a full refund.`,
        relatedId: e.projectId,
      },
      {
        userId: e.ownerId,
        type: 'project',
        title: 'Delivery overdue',
        content: `The delivery of "${e.projectName}" was due on ${await readerDay(tx, e.ownerId, e.dueAt)}. You may wait, or cancel and get the money back at once.`,
        relatedId: e.projectId,
      },
    ]),
  );
  const reminders = {
    review: (e: { projectName: string }) => `Please review the delivery of "${e.projectName}"`,
    milestone_review: (e: { projectName: string; milestoneTitle?: string }) => `Please review the milestone "${e.milestoneTitle ?? ''}" of "${e.projectName}"`,
    delivery: (e: { projectName: string }) => `The work on "${e.projectName}" is due`,
    cancellation: (e: { projectName: string }) => `Please answer the cancellation request for "${e.projectName}"`,
    dispute: (e: { projectName: string }) => `Please respond to the dispute on "${e.projectName}"`,
    payment: (e: { projectName: string }) => `Please pay for "${e.projectName}"; unpaid, the accepted bid lapses`,
  };
  events.onRecord('deal.reminder', async (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.recipientId,
        type: 'project',
        title: 'Reminder',
        content: `${reminders[e.step](e)} by ${await readerDay(tx, e.recipientId, e.dueAt)}${e.graceMs ? ` (${graceNote(e.graceMs)})` : ''}.`,
        relatedId: e.projectId,
      },
    ]),
  );
}
