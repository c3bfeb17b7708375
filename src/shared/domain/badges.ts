import type { TrustRecord } from '#shared/contracts/trust.js';

/** How many completed deals the "Finished deals" badge asks for. */
export const FINISHED_DEALS = 5;

/** A badge: its id, its label, and its rule written for a person (the /badges page shows each). */
export interface Badge {
  id: string;
  label: string;
  rule: string;
  earned: (record: TrustRecord) => boolean;
}

/**
 * Trust from facts (issue 30, item 7): every badge comes only from what Finishline records
 * (GET /api/users/{id}/record), never from what a person says about themselves.
 */
export const badges: readonly Badge[] = [
  {
    id: 'email-verified',
    label: 'Email verified',
    rule: 'Opened the confirmation link sent to their email address.',
    earned: (r) => r.emailVerified,
  },
  {
    id: 'payout-verified',
    label: 'Payout verified',
    rule: 'Set up a payout account with the payment provider, so payments can reach them.',
    earned: (r) => r.payoutVerified,
  },
  {
    id: 'finished-deals',
    label: `Finished ${FINISHED_DEALS} deals`,
    rule: `Completed ${FINISHED_DEALS} or more paid deals whose work the owner accepted.`,
    earned: (r) => r.asFinisher.dealsCompleted >= FINISHED_DEALS,
  },
  {
    id: 'on-time',
    label: 'On time',
    rule: 'Delivered at least 90% of their completed deals by the deadline, over 5 or more completed deals.',
    earned: (r) => r.asFinisher.dealsCompleted >= 5 && r.asFinisher.onTimeRate !== null && r.asFinisher.onTimeRate >= 90,
  },
  {
    id: 'no-lost-disputes',
    label: 'No lost disputes',
    rule: 'Completed at least one deal and never lost a dispute, as finisher or as owner.',
    earned: (r) => (r.asFinisher.dealsCompleted > 0 || r.asOwner.dealsPaid > 0) && r.asFinisher.disputes.lost === 0 && r.asOwner.disputes.lost === 0,
  },
  {
    id: 'pays-on-time',
    label: 'Pays on time',
    rule: 'Paid every accepted bid within the payment window, over 3 or more paid deals.',
    earned: (r) => r.asOwner.dealsPaid >= 3 && r.asOwner.paidOnTimeRate === 100,
  },
  {
    id: 'reviews-fast',
    label: 'Reviews fast',
    rule: 'Decides on a delivery in under 48 hours (the median), over 3 or more paid deals.',
    earned: (r) => r.asOwner.dealsPaid >= 3 && r.asOwner.medianReviewHours !== null && r.asOwner.medianReviewHours < 48,
  },
];

/** The badges a record earns, in the order of `badges`; "Member since" is shown apart, from memberSince. */
export const earnedBadges = (record: TrustRecord): Badge[] => badges.filter((badge) => badge.earned(record));

/** The "Member since <year>" line every record carries. */
export const memberSinceLabel = (record: Pick<TrustRecord, 'memberSince'>): string => `Member since ${new Date(record.memberSince).getUTCFullYear()}`;
