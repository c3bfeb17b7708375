/**
 * What a settlement moved, in words (issue 28, items 2 and 11): the finisher's notification and
 * mail about a payout and the owner's about a refund say the same sentence, each amount with what
 * it paid for. The words take a format, so mail can escape what people wrote and notifications
 * quote it.
 */

/** What a payment paid for: the deal's accepted bid, one of its milestones, or a change order (numbered as the deal page numbers them). */
export type MoneySource = { kind: 'deal' } | { kind: 'milestone'; id: number; title: string } | { kind: 'change_order'; number: number };

/** One payment's part of a settlement: what moved, and what that payment was (a refund below it is partial). */
export interface MoneyPart {
  source: MoneySource;
  amountCents: number;
  /** What the payment (or milestone) was in full; 0 when unknown. */
  paidCents: number;
}

/**
 * Why money moved: the work (or a milestone) was accepted, the finisher's payout account was just
 * set up for money that waited for it, the project was cancelled, or a dispute was settled.
 */
export type MoneyMoveCause = 'release' | 'account_ready' | 'cancellation' | 'dispute';

/** How the sentences write a user-written value and an amount. */
export interface MoneyWordsFormat {
  value(text: string): string;
  money(cents: number): string;
}

export const sumOfParts = (parts: readonly MoneyPart[]): number => parts.reduce((sum, part) => sum + part.amountCents, 0);

/** A refund below what that payment was is partial. */
export const isPartialRefund = (part: MoneyPart): boolean => part.paidCents > 0 && part.amountCents < part.paidCents;

export function sourceLabel(source: MoneySource, f: MoneyWordsFormat): string {
  if (source.kind === 'deal') return 'the deal';
  if (source.kind === 'milestone') return `the milestone ${f.value(source.title)}`;
  return `change order ${source.number}`;
}

/** "a, b and c" */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const payoutLead: Record<MoneyMoveCause, string> = {
  release: '',
  account_ready: 'Your payout account is set up, so the money that waited for it is paid out: ',
  cancellation: '',
  dispute: 'The dispute is settled: ',
};

/** The finisher's sentence: how much is on its way, for what. */
export function payoutSentence(e: { projectName: string; cause: MoneyMoveCause; payouts: readonly MoneyPart[] }, f: MoneyWordsFormat): string {
  const [only] = e.payouts;
  const body =
    e.payouts.length === 1 && only
      ? `${f.money(only.amountCents)} for ${sourceLabel(only.source, f)} on ${f.value(e.projectName)} is on its way to your payout account.`
      : `${f.money(sumOfParts(e.payouts))} for ${f.value(e.projectName)} is on its way to your payout account: ${listOf(e.payouts.map((p) => `${f.money(p.amountCents)} for ${sourceLabel(p.source, f)}`))}.`;
  const lead = payoutLead[e.cause];
  return lead ? `${lead}${body.charAt(0).toLowerCase()}${body.slice(1)}` : body;
}

const refundLead: Record<MoneyMoveCause, string> = {
  release: '',
  account_ready: '',
  cancellation: 'The project was cancelled: ',
  dispute: 'The dispute is settled: ',
};

/** The owner's sentence: how much goes back to the card, of which payment, and whether in full or in part. */
export function refundSentence(e: { projectName: string; cause: MoneyMoveCause; refunds: readonly MoneyPart[] }, f: MoneyWordsFormat): string {
  const [only] = e.refunds;
  let body: string;
  if (e.refunds.length === 1 && only) {
    const what = `payment for ${sourceLabel(only.source, f)} on ${f.value(e.projectName)}`;
    body = isPartialRefund(only)
      ? `a partial refund of ${f.money(only.amountCents)} of your ${f.money(only.paidCents)} ${what} is on its way back to your card.`
      : `your ${what} is refunded in full: ${f.money(only.amountCents)} is on its way back to your card.`;
  } else {
    const parts = e.refunds.map((p) =>
      isPartialRefund(p)
        ? `${f.money(p.amountCents)} of ${f.money(p.paidCents)} for ${sourceLabel(p.source, f)} (a partial refund)`
        : `${f.money(p.amountCents)} for ${sourceLabel(p.source, f)} (in full)`,
    );
    body = `${f.money(sumOfParts(e.refunds))} of your payments for ${f.value(e.projectName)} is on its way back to your card: ${listOf(parts)}.`;
  }
  const sentence = `${refundLead[e.cause]}${body}`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
}

/** The refund's title: partial when any part is. */
export const refundTitle = (refunds: readonly MoneyPart[]): string => (refunds.some(isPartialRefund) ? 'Partial refund' : 'Payment refunded');

/** What waits for the finisher's payout account, and what to do (issue 28, item 2). */
export function waitingPayoutSentence(amountCents: number, f: MoneyWordsFormat): string {
  return `${f.money(amountCents)} waits for your payout account: set up payouts (Payment Settings in your profile) and Finishline sends it at once.`;
}

/** Where a finisher sets up payouts: the profile's Skills tab, where Payment Settings live. */
export const payoutSetupPath = '/profile?tab=skills';
