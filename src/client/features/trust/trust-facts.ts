import type { DisputeTally, TrustRecord } from '#shared/contracts/trust.js';

/** One line of a person's facts: what it is and its value, as the facts list shows them. */
export interface TrustFact {
  label: string;
  value: string;
}

/** Which side of their deals a record is read from: a developer's profile or a client's. */
export type TrustSide = 'finisher' | 'owner';

const percentOr = (rate: number | null, none: string) => (rate === null ? none : `${rate}%`);

/** How a person's disputes ended: "None", or the count with the outcomes that happened ("2: 1 won, 1 open"). */
export function describeDisputes(tally: DisputeTally): string {
  if (tally.total === 0) return 'None';
  const parts = (['won', 'lost', 'split', 'open'] as const).filter((outcome) => tally[outcome] > 0).map((outcome) => `${tally[outcome]} ${outcome}`);
  return `${tally.total}: ${parts.join(', ')}`;
}

/** The median time a client takes to decide on a delivery: hours under two days, days from there. */
export function describeReviewTime(hours: number | null): string {
  if (hours === null) return 'No delivery reviewed yet';
  if (hours < 1) return 'Under an hour';
  if (hours < 48) {
    const whole = Math.round(hours);
    return `${whole} ${whole === 1 ? 'hour' : 'hours'}`;
  }
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** The year a person joined, as their record carries it (UTC, as every reader of memberSince does). */
export const memberSinceYear = (record: Pick<TrustRecord, 'memberSince'>): string => String(new Date(record.memberSince).getUTCFullYear());

/** The compact facts list of a record, seen from one side (issue 30, item 7): each a recorded fact, nothing a person says. */
export function trustFacts(record: TrustRecord, side: TrustSide): TrustFact[] {
  const since = { label: 'Member since', value: memberSinceYear(record) };
  if (side === 'finisher') {
    const { asFinisher } = record;
    return [
      { label: 'Deals completed', value: String(asFinisher.dealsCompleted) },
      { label: 'On-time rate', value: percentOr(asFinisher.onTimeRate, 'No completed deal yet') },
      { label: 'Disputes', value: describeDisputes(asFinisher.disputes) },
      since,
    ];
  }
  const { asOwner } = record;
  return [
    { label: 'Deals paid', value: String(asOwner.dealsPaid) },
    { label: 'Paid on time', value: percentOr(asOwner.paidOnTimeRate, 'No payment due yet') },
    { label: 'Median review time', value: describeReviewTime(asOwner.medianReviewHours) },
    { label: 'Hire rate', value: percentOr(asOwner.hireRate, 'No project yet') },
    { label: 'Disputes', value: describeDisputes(asOwner.disputes) },
    since,
  ];
}
