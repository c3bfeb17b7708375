import { z } from 'zod';
import { changeOrderProposers, changeOrderStatuses } from '#shared/domain/change-order-lifecycle.js';
import { changeOrderLimits as L } from '#shared/domain/limits.js';
import { paymentStatuses } from '#shared/domain/payment-status.js';
import { numberOrNumericText } from './numeric-text.js';

export const changeOrderStatusSchema = z.enum(changeOrderStatuses);

const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/** Dollars to the cent, like a milestone's amount, but $0 is allowed: a change of days only. */
const changeOrderAmount = numberOrNumericText(
  z
    .number({ error: 'Amount must be a number of dollars (0 for none)' })
    .min(0, 'Amount cannot be negative')
    .max(L.amountMaxDollars, 'Amount is too large')
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'Amount can have at most two decimals'),
);

/** POST /api/projects/{id}/change-orders: either party of a live deal proposes a change. */
export const proposeChangeOrderSchema = z.strictObject({
  description: z
    .string({ error: `Describe the change in at least ${L.descriptionMin} characters` })
    .trim()
    .min(L.descriptionMin, `Describe the change in at least ${L.descriptionMin} characters`)
    .max(L.descriptionMax, `A description must be at most ${L.descriptionMax} characters`),
  amount: changeOrderAmount,
  extraDays: numberOrNumericText(
    z
      .number({ error: 'Extra days must be a whole number of days' })
      .int('Extra days must be a whole number of days')
      .min(0, 'Extra days cannot be negative')
      .max(L.extraDaysMax, `At most ${L.extraDaysMax} extra days`),
  ),
});
/** What a client sends to propose a change order (wire) and what the service takes after parsing. */
export type ProposeChangeOrderBody = z.input<typeof proposeChangeOrderSchema>;
export type ProposeChangeOrderInput = z.output<typeof proposeChangeOrderSchema>;

export const changeOrderIdParamsSchema = z.object({ changeOrderId: rowId });

/** A change order as the deal's two parties read it. */
export const changeOrderSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  /**
   * Its number in the deal, 1 for the first proposed: the one numbering the card, the checkout and
   * the receipt use ('Change order 2'; issue 28, item 10).
   */
  number: z.number().int(),
  proposedBy: z.enum(changeOrderProposers),
  proposerId: z.number().int(),
  description: z.string(),
  /** Dollars to the cent, from amountCents (decision 026); 0 for a change of days only. */
  amount: z.number(),
  /** The amount in cents: what the client reads. */
  amountCents: z.number().int(),
  /** Days added to the delivery deadline once accepted. */
  extraDays: z.number().int(),
  status: changeOrderStatusSchema,
  /**
   * Its payment's status: null while there is none (not accepted, $0, or checkout never opened);
   * 'held' once the owner paid, then 'released' or 'refunded' as the deal ends.
   */
  paymentStatus: z.enum(paymentStatuses).nullable(),
  createdAt: z.string(),
  /** When the other party accepted or declined it (or the proposer withdrew it). */
  decidedAt: z.string().nullable(),
  /** When its payment arrived (held). */
  paidAt: z.string().nullable(),
});
export type ChangeOrder = z.infer<typeof changeOrderSchema>;
