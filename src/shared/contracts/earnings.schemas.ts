import { z } from 'zod';

const cents = z.number().int();
/** 'YYYY-MM', a month in the person's time zone. */
const month = z.string().regex(/^\d{4}-\d{2}$/);

/** A finisher's money (issue 31, item 4), from the ledger; every figure in cents (decision 026). */
export const finisherEarningsSchema = z.object({
  role: z.literal('finisher'),
  /** The zone the months are counted in: the person's own (decision 048). */
  timeZone: z.string(),
  totals: z.object({
    /** Money paid into this finisher's deals and not yet released, refunded or taken as the fee. */
    heldCents: cents,
    /** Paid out to the finisher (after the fee). */
    releasedCents: cents,
    /** Part of the held money that is due to the finisher now but waits for their payout account. */
    pendingPayoutCents: cents,
    /** Finishline's fee on the money released so far. */
    feeCents: cents,
  }),
  hasPayoutAccount: z.boolean(),
  /** The last 12 months, oldest first, the current one last; months without money are zeros. */
  months: z.array(z.object({ month, paidCents: cents, releasedCents: cents, feeCents: cents })),
});

/** An owner's money: the spec's Total Spending (paid less refunded) with its items, from the ledger. */
export const ownerSpendingSchema = z.object({
  role: z.literal('owner'),
  timeZone: z.string(),
  totals: z.object({
    paidCents: cents,
    refundedCents: cents,
    /** Total Spending: paid less refunded. */
    netCents: cents,
    /** What of it is still held (not yet released to a finisher, refunded or taken as the fee). */
    heldCents: cents,
  }),
  months: z.array(z.object({ month, paidCents: cents, refundedCents: cents, netCents: cents })),
});

export const earningsSchema = z.discriminatedUnion('role', [finisherEarningsSchema, ownerSpendingSchema]);
export type Earnings = z.infer<typeof earningsSchema>;
export type FinisherEarnings = z.infer<typeof finisherEarningsSchema>;
export type OwnerSpending = z.infer<typeof ownerSpendingSchema>;

/** The longest range one statement covers. */
export const STATEMENT_MAX_YEARS = 5;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD ('2026-02-30' is not one). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** `day` moved by whole years, as text ('2024-02-29' + 1 -> '2025-03-01'). */
export function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

const dayField = (name: 'from' | 'to') =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required (a date written YYYY-MM-DD)` : undefined) })
    .refine(isCalendarDay, { error: `${name} must be a date written YYYY-MM-DD, e.g. 2026-01-31` });

/** GET /api/users/{id}/ledger.csv: the days from and to, both included, in the person's time zone. */
export const statementQuerySchema = z
  .object({ from: dayField('from'), to: dayField('to') })
  .refine((q) => !isCalendarDay(q.from) || !isCalendarDay(q.to) || q.from <= q.to, {
    error: 'from is after to: the range must start before it ends',
    path: ['from'],
  })
  .refine((q) => !isCalendarDay(q.from) || !isCalendarDay(q.to) || q.to < addYears(q.from, STATEMENT_MAX_YEARS), {
    error: `A statement covers at most ${STATEMENT_MAX_YEARS} years: choose a later from or an earlier to`,
    path: ['to'],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;
