import { objectionNoticeOf } from '#shared/domain/dispute-silence.js';
import { graceNote } from '#shared/domain/time-zone.js';
import { type EventOf, finisher, owner, quoted, type Letter, type LetterTable, type Links } from './deal-letters.js';

/** The deal clock's mail: reminders before a deadline, cancellations and their answers, a missed delivery date. */
export const clockLetters = {
  'deal.reminder': (e: EventOf<'deal.reminder'>, links: Links): Letter[] => {
    const to = { userId: e.recipientId, category: 'reminders' as const };
    const title = e.milestoneTitle ?? 'the milestone';
    const reminders: Record<EventOf<'deal.reminder'>['step'], Letter['content']> = {
      review: {
        subject: `Reminder: review the work on "${e.projectName}"`,
        paragraphs: [
          (f) =>
            `The work on ${f.value(e.projectName)} is waiting for your review. If you neither accept it nor ask for a revision by ${f.date(e.dueAt)}, it is accepted automatically and the payment released.`,
        ],
        action: { label: 'Review the delivery', url: links.project(e.projectId) },
      },
      milestone_review: {
        subject: `Reminder: review "${title}" of "${e.projectName}"`,
        paragraphs: [
          (f) =>
            `The milestone ${f.value(title)} of ${f.value(e.projectName)} is waiting for your review. If you neither approve it nor send it back by ${f.date(e.dueAt)}, it is approved automatically.`,
        ],
        action: { label: 'Review the milestone', url: links.project(e.projectId, 'milestones') },
      },
      delivery: {
        subject: `Reminder: "${e.projectName}" is due soon`,
        paragraphs: [
          (f) =>
            `The work on ${f.value(e.projectName)} is due on ${f.date(e.dueAt)}${e.graceMs ? ` (${graceNote(e.graceMs)})` : ''}. After that date the client may cancel the project and get the payment refunded.`,
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
      cancellation: {
        subject: `Reminder: answer the cancellation of "${e.projectName}"`,
        paragraphs: [
          (f) =>
            `The client asked to cancel ${f.value(e.projectName)}. Agree or object by ${f.date(e.dueAt)}; if you do not answer by then, the payment is refunded to the client.`,
        ],
        action: { label: 'Answer on the project page', url: links.project(e.projectId) },
      },
      payment: {
        subject: `Reminder: pay for "${e.projectName}" to keep your deal`,
        paragraphs: [
          (f) =>
            `You accepted a bid on ${f.value(e.projectName)}. Please pay by ${f.date(e.dueAt)}: the money is held until you accept the work. If it is not paid by then, the bid lapses and the project reopens for bids.`,
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
      dispute: {
        subject: `Reminder: respond to the dispute on "${e.projectName}"`,
        paragraphs: [
          (f) =>
            `A dispute over the money for ${f.value(e.projectName)} waits for your response. If you neither add evidence, make an offer, accept theirs nor ask the operator by ${f.date(e.dueAt)}, it settles at their offer.`,
        ],
        action: { label: 'Open the dispute', url: e.disputeId ? links.dispute(e.disputeId) : links.project(e.projectId) },
      },
    };
    return [{ to, content: reminders[e.step] }];
  },
  // Decision 037: the accepted bid was not paid in time; both parties are told.
  'bid.lapsed': (e: EventOf<'bid.lapsed'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `"${e.projectName}" is open for bids again`,
        paragraphs: [
          (f) => `The bid you accepted on ${f.value(e.projectName)} was not paid within the payment window, so it lapsed. Nothing was charged.`,
          () => 'The project is open for bids again: you can accept another bid, including the ones you had not chosen.',
        ],
        action: { label: 'See the bids', url: links.project(e.projectId, 'bids') },
      },
    },
    {
      to: finisher(e),
      content: {
        subject: `Your accepted bid on "${e.projectName}" lapsed`,
        paragraphs: [
          (f) =>
            `The client did not pay your accepted bid of ${f.money(e.amountCents)} on ${f.value(e.projectName)} within the payment window, so the bid lapsed.`,
          () => 'Do not start any work on it: the project is open for bids again.',
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'cancellation.requested': (e: EventOf<'cancellation.requested'>, links: Links): Letter[] => [
    {
      to: finisher(e),
      content: {
        subject: `The client asked to cancel "${e.projectName}"`,
        paragraphs: [
          (f) => `The client asked to cancel ${f.value(e.projectName)} and have ${f.money(e.refundCents)} refunded.`,
          (f) =>
            `Please answer by ${f.date(e.respondBy)}: agree, or object if the work should be paid. If you do not answer by then, the payment is refunded to the client.`,
        ],
        action: { label: 'Answer on the project page', url: links.project(e.projectId) },
      },
    },
  ],
  'cancellation.refunding': (e: EventOf<'cancellation.refunding'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `"${e.projectName}" is cancelled: your refund is on its way`,
        paragraphs: [
          (f) =>
            `${f.value(e.projectName)} is cancelled. The delivery deadline had passed with nothing delivered, so ${f.money(e.refundCents)} is refunded to you now.`,
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'cancellation.agreed': (e: EventOf<'cancellation.agreed'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `The developer agreed to cancel "${e.projectName}"`,
        paragraphs: [(f) => `The developer agreed to cancel ${f.value(e.projectName)}. ${f.money(e.refundCents)} is refunded to you.`],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'cancellation.objected': (e: EventOf<'cancellation.objected'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `The developer objected to cancelling "${e.projectName}"`,
        paragraphs: [(f) => `The developer objected to cancelling ${f.value(e.projectName)}. ${objectionNoticeOf(e.claim, undefined, f.timeZone)}`],
        ...quoted('Their reason', e.reason),
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
    {
      to: 'operator',
      content: {
        subject: `Cancellation objected: "${e.projectName}" (project ${e.projectId})`,
        paragraphs: [
          (f) =>
            `The developer (user ${e.finisherId}) objected to the owner's (user ${e.ownerId}) cancellation of ${f.value(e.projectName)}, project ${e.projectId}. ${objectionNoticeOf(e.claim, { owner: 'the owner', finisher: 'the developer' })}`,
        ],
        ...quoted('Their reason', e.reason),
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'cancellation.timed_out': (e: EventOf<'cancellation.timed_out'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `"${e.projectName}" is cancelled: your refund is on its way`,
        paragraphs: [
          (f) => `The developer did not answer your cancellation of ${f.value(e.projectName)} in time, so ${f.money(e.refundCents)} is refunded to you.`,
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'delivery.deadline_passed': (e: EventOf<'delivery.deadline_passed'>, links: Links): Letter[] => {
    const action = { label: 'Open the project', url: links.project(e.projectId) };
    return [
      {
        to: owner(e),
        content: {
          subject: `The delivery deadline of "${e.projectName}" has passed`,
          paragraphs: [
            (f) => `The work on ${f.value(e.projectName)} was due on ${f.date(e.dueAt)} and has not been delivered.`,
            () => 'You can now cancel the project and get your payment refunded at once, or keep waiting.',
          ],
          action,
        },
      },
      {
        to: finisher(e),
        content: {
          subject: `The delivery deadline of "${e.projectName}" has passed`,
          paragraphs: [
            (f) => `The work on ${f.value(e.projectName)} was due on ${f.date(e.dueAt)} and has not been delivered.`,
            () => 'The client may now cancel the project and get the payment refunded. Deliver as soon as you can.',
          ],
          action,
        },
      },
    ];
  },
} satisfies LetterTable;
