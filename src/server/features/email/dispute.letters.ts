import type { DisputeSide } from '#shared/domain/dispute.js';
import { type EventOf, finisher, owner, quoted, type Letter, type LetterTable, type Links } from './deal-letters.js';

/** The other side of a dispute step: who is told. */
const otherParty = (e: { ownerId: number; finisherId: number }, side: DisputeSide) => (side === 'owner' ? finisher(e) : owner(e));
const sideName = (side: DisputeSide) => (side === 'owner' ? 'The client' : 'The developer');

/** Disputes' mail (decision 029): each step to the side that did not take it; the outcome to both. */
export const disputeLetters = {
  'dispute.opened': (e: EventOf<'dispute.opened'>, links: Links): Letter[] => [
    {
      to: otherParty(e, e.side),
      content: {
        subject: `A dispute was opened on "${e.projectName}"`,
        paragraphs: [
          (f) =>
            `${sideName(e.side)} opened a dispute on ${f.value(e.projectName)} and proposes that the developer receives ${f.money(e.finisherAmountCents)}. Please respond by ${f.date(e.respondBy)}: add your evidence, make an offer, accept theirs, or ask Finishline's operator to decide. Without any response by then, the dispute settles at their offer.`,
        ],
        ...quoted('Their reason', e.reason),
        action: { label: 'Open the dispute', url: links.dispute(e.disputeId) },
      },
    },
  ],
  // Offers and statements are not mailed one by one: the deal clock gathers them into one mail per
  // DISPUTE_MAIL_INTERVAL (issue 26, item 6), which says what arrived since the last.
  'dispute.digest': (e: EventOf<'dispute.digest'>, links: Links): Letter[] => {
    const sender = sideName(e.recipient === 'owner' ? 'finisher' : 'owner');
    const latestOffer = e.offers.at(-1);
    const latestStatement = e.statements.at(-1);
    const withFiles = e.statements.filter((s) => s.hasFile).length;
    const paragraphs: Letter['content']['paragraphs'] = [];
    if (latestOffer !== undefined) {
      const made = e.offers.length === 1 ? 'a new offer' : `${e.offers.length} new offers`;
      paragraphs.push((f) => `${sender} made ${made}; the latest is that the developer receives ${f.money(latestOffer)}.`);
    }
    if (latestStatement) {
      const added = e.statements.length === 1 ? 'a statement' : `${e.statements.length} statements`;
      const files = withFiles === 0 ? '' : withFiles === 1 ? ' (one with a file)' : ` (${withFiles} with files)`;
      paragraphs.push(() => `${sender} added ${added}${files}.`);
    }
    return [
      {
        to: e.recipient === 'owner' ? owner(e) : finisher(e),
        content: {
          subject: `New in the dispute on "${e.projectName}"`,
          paragraphs: [(f) => `There is news in the dispute on ${f.value(e.projectName)}.`, ...paragraphs],
          ...(latestStatement ? quoted(e.statements.length === 1 ? 'Their statement' : 'Their latest statement', latestStatement.statement) : {}),
          action: { label: 'Open the dispute', url: links.dispute(e.disputeId) },
        },
      },
    ];
  },
  'dispute.escalated': (e: EventOf<'dispute.escalated'>, links: Links): Letter[] => {
    const content = {
      subject: `The dispute on "${e.projectName}" went to Finishline's operator`,
      paragraphs: [
        () =>
          e.side === null
            ? "The two of you did not agree in time, so Finishline's operator will read the evidence and rule. You can still add evidence or agree meanwhile."
            : `${sideName(e.side)} asked Finishline's operator to decide. The operator will read the evidence and rule; you can still add evidence or agree meanwhile.`,
      ],
      action: { label: 'Open the dispute', url: links.dispute(e.disputeId) },
    };
    return [
      { to: owner(e), content },
      { to: finisher(e), content },
      {
        to: 'operator',
        content: {
          subject: `Dispute waiting for a ruling: "${e.projectName}" (dispute ${e.disputeId})`,
          paragraphs: [(f) => `The dispute on ${f.value(e.projectName)}, project ${e.projectId}, waits for an operator's ruling.`],
          action: { label: 'Open the dispute queue', url: links.dispute(e.disputeId) },
        },
      },
    ];
  },
  'dispute.settled': (e: EventOf<'dispute.settled'>, links: Links): Letter[] => {
    const content = {
      subject: `The dispute on "${e.projectName}" is settled`,
      paragraphs: [
        (f: Parameters<Letter['content']['paragraphs'][number]>[0]) =>
          `The dispute on ${f.value(e.projectName)} is settled: the developer receives ${f.money(e.finisherAmountCents)} (less the platform fee) and ${f.money(e.refundCents)} is refunded to the client.`,
      ],
      ...(e.decision ? quoted("The operator's decision", e.decision) : {}),
      action: { label: 'Open the dispute', url: links.dispute(e.disputeId) },
    };
    return [
      { to: owner(e), content },
      { to: finisher(e), content },
    ];
  },
} satisfies LetterTable;
