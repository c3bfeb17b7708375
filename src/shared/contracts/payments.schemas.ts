import { z } from 'zod';
import { cardDisputeStatuses, paymentStatuses } from '#shared/domain/payment-status.js';
import { limits } from '#shared/domain/limits.js';
import { numberOrNumericText } from './numeric-text.js';

export const paymentStatusSchema = z.enum(paymentStatuses);

/**
 * POST /api/bids/{bidId}/pay. The spec's client sends { accept: true } (spec section 7), declared so
 * it keeps working; nothing in the body decides the amount, and nothing else is taken (decision 039).
 */
export const startCheckoutBodySchema = z.strictObject({ accept: z.boolean().optional() });
export const checkoutResponseSchema = z.object({ checkoutUrl: z.string() });

const userId = numberOrNumericText(z.number().int().positive().max(2_147_483_647)).optional();

export const createConnectAccountBodySchema = z.strictObject({
  userId,
  email: z.string().max(limits.emailMax).optional(),
});
export const connectAccountResponseSchema = z.object({ url: z.string() });

export const checkOnboardingBodySchema = z.strictObject({ userId });
export const onboardingStatusSchema = z.object({ isComplete: z.boolean(), accountId: z.string().nullable() });

/** A bid's payment as its owner and finisher see it: the 90/10 split and where the money is. */
export const paymentSchema = z.object({
  id: z.number().int(),
  bidId: z.number().int(),
  status: paymentStatusSchema,
  /** Integer cents: amount = platformFee + developerAmount. The client reads these (decision 026). */
  amountCents: z.number().int(),
  platformFeeCents: z.number().int(),
  developerAmountCents: z.number().int(),
  /** The spec's Payment fields: the same three in dollars to the cent, from the cents above. */
  amount: z.number(),
  platformFee: z.number(),
  developerAmount: z.number(),
  /** Transferred to the developer so far. */
  releasedCents: z.number().int(),
  /** Settled in the developer's favour so far, fee included; settled + refunded never exceeds the amount. */
  settledCents: z.number().int(),
  refundedCents: z.number().int(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

// The sandbox provider's hosted pages (only mounted when no Stripe key is configured).

export const sandboxTokenParamsSchema = z.object({ id: z.string().min(1).max(4096) });

export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  cancelUrl: z.string(),
  isExpired: z.boolean(),
});
export const sandboxPayBodySchema = z.strictObject({
  cardNumber: z.string().trim().min(1, 'Enter a card number').max(32, 'Enter a card number of at most 32 characters'),
  expiry: z
    .string()
    .trim()
    .max(16, 'Enter the expiry as MM/YY')
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY'),
  cvc: z
    .string()
    .trim()
    .max(4, 'Enter the 3 or 4 digit security code')
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
});
export const sandboxRedirectSchema = z.object({ redirectUrl: z.string() });
export const sandboxAccountSchema = z.object({ id: z.string(), email: z.string().nullable(), returnUrl: z.string(), refreshUrl: z.string() });

export const paymentIdParamsSchema = z.object({ paymentId: z.coerce.number().int().positive().max(2_147_483_647) });
/** open: the card holder's bank disputes the charge; won or lost: the bank decides an open dispute. */
export const sandboxCardDisputeBodySchema = z.strictObject({
  action: z.enum(cardDisputeStatuses, { error: 'Choose open, won or lost' }),
});
export type SandboxCardDisputeBody = z.output<typeof sandboxCardDisputeBodySchema>;
export const sandboxCardDisputeSchema = z.object({ cardDisputeStatus: z.enum(cardDisputeStatuses) });
/** The card form's fields as typed. */
export type SandboxPayBody = z.input<typeof sandboxPayBodySchema>;
