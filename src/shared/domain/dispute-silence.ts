/**
 * What the other side's silence does to a dispute, in one sentence: the cancellation card, the
 * objection form, the owner's notification and mail and the dispute page all say it with these
 * words (issue 28, item 4), so the date and the two amounts never disagree.
 */
import { deadlineDay } from './deal.js';
import { formatMoney } from './money.js';

export interface DisputeSilence {
  /** Who must answer: a name, or 'you' when the reader is that person. */
  silent: string;
  owner: string;
  finisher: string;
  /** The opener's offer: what the finisher receives before the platform fee. */
  finisherCents: number;
  /** The money in dispute: what goes back to the owner is the rest of it. */
  disputedCents: number;
  /** Until when the silent side may answer. */
  respondBy: Date | string;
  /** The reader's zone for the date (decision 048); UTC when not given. */
  timeZone?: string;
}

const money = (cents: number) => formatMoney(cents, { showCents: true });

/** "Without an answer from Maya by 3 Dec, felix receives $900.00 (less the platform fee) and $300.00 goes back to Maya." */
export function disputeSilenceText({ silent, owner, finisher, finisherCents, disputedCents, respondBy, timeZone }: DisputeSilence): string {
  const back = disputedCents - finisherCents;
  const receives = finisherCents > 0 ? `${finisher} receives ${money(finisherCents)} (less the platform fee)` : `${finisher} receives nothing`;
  const returns = back > 0 ? `${money(back)} goes back to ${owner}` : `nothing goes back to ${owner}`;
  return `Without an answer from ${silent} by ${deadlineDay(respondBy, timeZone)}, ${receives} and ${returns}.`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An objection to a cancellation that opened a dispute over the held money: the finisher's ask and
 * what the owner's silence does. "felix asks for $900.00 of the $1,200.00 held. Without an answer from ..."
 */
export function objectionClaimText(claim: Omit<DisputeSilence, 'silent'> & { silent?: string }): string {
  const { finisher, owner, finisherCents, disputedCents } = claim;
  return `${finisher} asks for ${money(finisherCents)} of the ${money(disputedCents)} held. ${disputeSilenceText({ ...claim, silent: claim.silent ?? owner })}`;
}

/** The dispute an objection opened (null when nothing was held), as the cancellation.objected event carries it. */
export interface ObjectionClaim {
  finisherAmountCents: number;
  disputedCents: number;
  respondBy: string;
}

/** The objection's consequence told to the owner ("The developer asks for ... Without an answer from you by ..."). */
export function objectionNoticeOf(
  claim: ObjectionClaim | null,
  reader: { owner: string; finisher: string } = { owner: 'you', finisher: 'the developer' },
  timeZone?: string,
): string {
  if (!claim) return "Nothing is held, so no money moves; Finishline's operator looks into it.";
  return capitalized(
    objectionClaimText({ ...reader, finisherCents: claim.finisherAmountCents, disputedCents: claim.disputedCents, respondBy: claim.respondBy, timeZone }),
  );
}
