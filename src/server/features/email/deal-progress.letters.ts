import type { DealEndReason } from '#shared/domain/deal.js';
import { type EventOf, finisher, owner, quoted, type Letter, type LetterTable, type Links } from './deal-letters.js';
import { formatMoney } from '#shared/domain/money.js';
import { isPartialRefund, payoutSentence, refundSentence, sumOfParts, waitingPayoutSentence } from '#shared/domain/money-moves.js';
import type { MailContent, MailFormat } from '#server/mail/mail-layout.js';

/** Why the deal had ended, in the owner's words (decision 038). */
const lateReasons: Record<DealEndReason, string> = {
  cancelled: 'the project was cancelled',
  disputed: 'a dispute was opened over its money',
  accepted: 'the work had been accepted',
  bid_ended: 'the accepted bid had ended',
};

/**
 * The document issued with the money a mail announces (issue 31, item 3): that document's page when
 * the event names it (one receipt, or one payout statement), else the Documents page, newest first
 * (a settlement paying out several payments at once issued a statement for each).
 */
const documentLink = (links: Links, ids: readonly (number | undefined)[]) =>
  ids.length === 1 && ids[0] !== undefined ? links.document(ids[0]) : links.documents();
const receiptLink = (links: Links, documentId: number | undefined) => ({ label: 'Download your receipt', url: documentLink(links, [documentId]) });

/** The steps of a deal as the parties take them: bids, payment, delivery, review, milestones, money out. */
export const progressLetters = {
  'bid.placed': (e: EventOf<'bid.placed'>, links: Links): Letter[] => [
    {
      to: owner(e, 'bidUpdates'),
      content: {
        subject: `New bid on "${e.projectName}": ${formatMoney(e.amountCents, { showCents: true })}`,
        paragraphs: [
          (f) =>
            `${f.value(e.finisherUsername)} placed a bid on ${f.value(e.projectName)}: ${f.money(e.amountCents)}, to deliver in ${e.timelineDays} day${e.timelineDays === 1 ? '' : 's'}.`,
        ],
        action: { label: 'See the bids', url: links.project(e.projectId, 'bids') },
      },
    },
  ],
  'invitation.sent': (e: EventOf<'invitation.sent'>, links: Links): Letter[] => [
    {
      to: finisher(e, 'bidUpdates'),
      content: {
        subject: `${e.ownerUsername} invited you to bid on "${e.projectName}"`,
        paragraphs: [
          (f) =>
            e.budgetCents === null
              ? `${f.value(e.ownerUsername)} invited you to bid on ${f.value(e.projectName)}.`
              : `${f.value(e.ownerUsername)} invited you to bid on ${f.value(e.projectName)}, with a budget of ${f.money(e.budgetCents)}.`,
          () => 'Read the project and its code report, and place a bid if it suits you.',
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'review.written': (e: EventOf<'review.written'>, links: Links): Letter[] => [
    {
      to: { userId: e.revieweeId, category: 'dealUpdates' },
      content: {
        subject: `${e.reviewerUsername} reviewed you on "${e.projectName}"`,
        paragraphs: [
          (f) => `${f.value(e.reviewerUsername)} left you a review on ${f.value(e.projectName)}.`,
          (f) =>
            `Reviews are double-blind: you will see it once you leave your own review, or on ${f.date(e.revealsAt)}, whichever comes first. Neither of you can read the other's review before then.`,
        ],
        action: { label: 'Leave your review', url: links.project(e.projectId) },
      },
    },
  ],
  'reviews.revealed': (e: EventOf<'reviews.revealed'>, links: Links): Letter[] =>
    [owner(e), finisher(e)].map((to) => ({
      to,
      content: {
        subject: `The reviews of "${e.projectName}" are visible`,
        paragraphs: [(f: MailFormat) => `The reviews of ${f.value(e.projectName)} are now visible to both of you and on your public profiles.`],
        action: { label: 'Read the reviews', url: links.project(e.projectId) },
      },
    })),
  'bid.accepted': (e: EventOf<'bid.accepted'>, links: Links): Letter[] => [
    {
      to: finisher(e, 'bidUpdates'),
      content: {
        subject: `Your bid on "${e.projectName}" was accepted`,
        paragraphs: [
          (f) => `Your bid on ${f.value(e.projectName)} was accepted.`,
          () => 'The work starts once the client has paid; the payment is then held until the work is accepted.',
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'payment.received': (e: EventOf<'payment.received'>, links: Links): Letter[] => [
    {
      to: finisher(e),
      content: {
        subject: `Payment held for "${e.projectName}": you can start`,
        paragraphs: [
          (f) => `The client paid for ${f.value(e.projectName)}. ${f.money(e.amountCents)} is held safely until the work is accepted.`,
          () => 'You can start the work now.',
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
    {
      to: owner(e),
      content: {
        subject: `Receipt: your payment for "${e.projectName}"`,
        paragraphs: [
          (f) => `We received your payment of ${f.money(e.amountCents)} for ${f.value(e.projectName)}. It is held until you accept the delivered work.`,
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
        secondaryAction: receiptLink(links, e.documentId),
      },
    },
  ],
  'work.delivered': (e: EventOf<'work.delivered'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `Work delivered on "${e.projectName}": please review`,
        paragraphs: [
          (f) => `The work on ${f.value(e.projectName)} was delivered.`,
          e.reviewDueAt
            ? (f) =>
                `Please review it by ${f.date(e.reviewDueAt!)}: accept it or ask for a revision. If you do neither by then, it is accepted automatically and the payment released.`
            : () => 'Please review it: accept it or ask for a revision.',
        ],
        ...quoted('The delivery message', e.message),
        action: { label: 'Review the delivery', url: links.project(e.projectId) },
      },
    },
  ],
  'revision.requested': (e: EventOf<'revision.requested'>, links: Links): Letter[] => [
    {
      to: finisher(e),
      content: {
        subject: `Revision requested on "${e.projectName}"`,
        paragraphs: [
          (f) => `The client asked for a revision of ${f.value(e.projectName)}.`,
          // The agreed criteria named as not met, each in full (issue 28, item 6).
          ...(e.unmetCriteria?.length
            ? [
                () => `The acceptance ${e.unmetCriteria!.length === 1 ? 'criterion' : 'criteria'} they name as not met:`,
                ...e.unmetCriteria.map((c) => (f: MailFormat) => `- ${f.value(c.text)}`),
              ]
            : []),
        ],
        ...quoted('Their reason', e.reason),
        action: { label: 'Open the project', url: links.project(e.projectId) },
      },
    },
  ],
  'work.accepted': (e: EventOf<'work.accepted'>, links: Links): Letter[] => {
    const action = { label: 'Open the project', url: links.project(e.projectId) };
    // Money that waits for a payout account says how much, and the mail opens the payout setup (issue 28, item 2).
    const payout = e.payout && e.payout.amountCents > 0 ? e.payout : null;
    const isWaiting = payout !== null && !payout.isAccountReady;
    const toFinisher: Letter = {
      to: finisher(e),
      content: {
        subject: e.automatic ? `Your work on "${e.projectName}" was accepted automatically` : `Your work on "${e.projectName}" was accepted`,
        paragraphs: [
          e.automatic
            ? (f) => `The review window of ${f.value(e.projectName)} ended without an answer from the client, so your work was accepted automatically.`
            : (f) => `The client accepted your work on ${f.value(e.projectName)}.`,
          payout === null
            ? () => 'Your payout is released next.'
            : isWaiting
              ? (f) => waitingPayoutSentence(payout.amountCents, f)
              : (f) => `Your payout of ${f.money(payout.amountCents)} is released to your payout account next.`,
        ],
        action: isWaiting ? { label: 'Set up payouts', url: links.payoutSetup() } : action,
      },
    };
    if (!e.automatic) return [toFinisher];
    return [
      toFinisher,
      {
        to: owner(e),
        content: {
          subject: `"${e.projectName}" was accepted automatically`,
          paragraphs: [
            (f) =>
              `The review window of ${f.value(e.projectName)} ended without your answer, so the delivered work was accepted automatically and the payment is released to the developer.`,
          ],
          action,
        },
      },
    ];
  },
  'milestone.completed': (e: EventOf<'milestone.completed'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `Milestone "${e.milestoneTitle}" of "${e.projectName}" is ready for review`,
        paragraphs: [
          (f) => `The milestone ${f.value(e.milestoneTitle)} of ${f.value(e.projectName)} was marked complete.`,
          e.reviewDueAt
            ? (f) => `Please review it by ${f.date(e.reviewDueAt!)}: approve it or send it back. If you do neither by then, it is approved automatically.`
            : () => 'Please review it: approve it or send it back.',
        ],
        ...quoted('Their note', e.note),
        action: { label: 'Review the milestone', url: links.project(e.projectId, 'milestones') },
      },
    },
  ],
  'milestone.approved': (e: EventOf<'milestone.approved'>, links: Links): Letter[] => {
    const action = { label: 'See the milestones', url: links.project(e.projectId, 'milestones') };
    // Its share waits when no payout account can take it: how much, and the setup (issue 28, item 2).
    const waitingCents = e.payout && e.payout.amountCents > 0 && !e.payout.isAccountReady ? e.payout.amountCents : null;
    const waiting = waitingCents === null ? [] : [(f: MailFormat) => waitingPayoutSentence(waitingCents, f)];
    const finisherAction = waitingCents === null ? action : { label: 'Set up payouts', url: links.payoutSetup() };
    if (!e.automatic) {
      return [
        {
          to: finisher(e),
          content: {
            subject: `Milestone "${e.milestoneTitle}" of "${e.projectName}" was approved`,
            paragraphs: [(f) => `The client approved the milestone ${f.value(e.milestoneTitle)} of ${f.value(e.projectName)}.`, ...waiting],
            action: finisherAction,
          },
        },
      ];
    }
    const content = {
      subject: `Milestone "${e.milestoneTitle}" of "${e.projectName}" was approved automatically`,
      paragraphs: [
        (f: Parameters<MailContent['paragraphs'][number]>[0]) =>
          `The review window of the milestone ${f.value(e.milestoneTitle)} of ${f.value(e.projectName)} ended without an answer, so it was approved automatically.`,
      ],
      action,
    };
    return [
      { to: finisher(e), content: { ...content, paragraphs: [...content.paragraphs, ...waiting], action: finisherAction } },
      { to: owner(e), content },
    ];
  },
  'milestone.sent_back': (e: EventOf<'milestone.sent_back'>, links: Links): Letter[] => [
    {
      to: finisher(e),
      content: {
        subject: `Milestone "${e.milestoneTitle}" of "${e.projectName}" was sent back`,
        paragraphs: [(f) => `The client sent the milestone ${f.value(e.milestoneTitle)} of ${f.value(e.projectName)} back for more work.`],
        ...quoted('Their feedback', e.feedback),
        action: { label: 'See the milestones', url: links.project(e.projectId, 'milestones') },
      },
    },
  ],
  // Everything one settlement moved, in one mail to each side it concerns (issue 28, item 11).
  'money.moved': (e: EventOf<'money.moved'>, links: Links): Letter[] => [
    ...(e.payouts.length > 0
      ? [
          {
            to: finisher(e),
            content: {
              subject: `Payout released for "${e.projectName}": ${formatMoney(sumOfParts(e.payouts), { showCents: true })}`,
              paragraphs: [(f: MailFormat) => payoutSentence(e, f)],
              action: { label: 'Open the project', url: links.project(e.projectId) },
              secondaryAction: { label: 'Download your payout statement', url: documentLink(links, e.statementIds ?? []) },
            },
          },
        ]
      : []),
    ...(e.refunds.length > 0
      ? [
          {
            to: owner(e),
            content: {
              subject: `${e.refunds.some(isPartialRefund) ? 'Partial refund' : 'Refund'} for "${e.projectName}": ${formatMoney(sumOfParts(e.refunds), { showCents: true })}`,
              paragraphs: [(f: MailFormat) => refundSentence(e, f)],
              action: { label: 'Open the project', url: links.project(e.projectId) },
            },
          },
        ]
      : []),
  ],
  'change_order.paid': (e: EventOf<'change_order.paid'>, links: Links): Letter[] => {
    const what = e.number ? `change order ${e.number}` : 'a change order';
    const action = { label: 'See the change orders', url: links.project(e.projectId, 'change-orders') };
    return [
      {
        to: owner(e),
        content: {
          subject: `Receipt: your payment for ${what} of "${e.projectName}"`,
          paragraphs: [
            (f) =>
              `We received your payment of ${f.money(e.amountCents)} for ${what} of ${f.value(e.projectName)}. It is held until you accept the delivered work.`,
          ],
          action,
          secondaryAction: receiptLink(links, e.documentId),
        },
      },
      {
        to: finisher(e),
        content: {
          subject: `${what.charAt(0).toUpperCase()}${what.slice(1)} of "${e.projectName}" is paid`,
          paragraphs: [
            (f) =>
              `The client paid ${f.money(e.amountCents)} for ${what} of ${f.value(e.projectName)}. It is held with the deal's money until the work is accepted.`,
          ],
          action,
        },
      },
    ];
  },
  'payment.arrived_late': (e: EventOf<'payment.arrived_late'>, links: Links): Letter[] => [
    {
      to: owner(e),
      content: {
        subject: `Your late payment for "${e.projectName}" was refunded`,
        paragraphs: [
          (f) => `Your payment of ${f.money(e.amountCents)} for ${f.value(e.projectName)} arrived after the deal had ended (${lateReasons[e.reason]}).`,
          () => 'It was not held or paid out: the whole amount was refunded to your card.',
        ],
        action: { label: 'Open the project', url: links.project(e.projectId) },
        secondaryAction: receiptLink(links, e.documentId),
      },
    },
  ],
} satisfies LetterTable;
