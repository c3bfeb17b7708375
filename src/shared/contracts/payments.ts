import { z } from 'zod';
import { paymentStatuses } from '#shared/domain/payment-status.js';
import { limits } from '#shared/domain/limits.js';
import { bidIdParamsSchema } from './bids.js';
import { defineEndpoints } from './endpoint.js';
import { numberOrNumericText } from './numeric-text.js';
import { idParamsSchema } from './projects.js';

export const paymentStatusSchema = z.enum(paymentStatuses);

/** POST /api/bids/{bidId}/pay. The client sends { accept: true }; nothing in the body decides the amount. */
export const startCheckoutBodySchema = z.object({}).passthrough();
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
  /** Whole dollars and cents as integers: amount = platformFee + developerAmount. */
  amountCents: z.number().int(),
  platformFeeCents: z.number().int(),
  developerAmountCents: z.number().int(),
  /** Transferred to the developer so far. */
  releasedCents: z.number().int(),
  /** Settled in the developer's favour so far, fee included; settled + refunded never exceeds the amount. */
  settledCents: z.number().int(),
  refundedCents: z.number().int(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** Paying for accepted bids through the provider's hosted checkout, and the finishers' payout accounts. */
export const paymentEndpoints = defineEndpoints('payments', {
  startCheckout: {
    method: 'POST',
    path: '/api/bids/:bidId/pay',
    summary: 'Open hosted checkout for an accepted bid (owner)',
    description:
      "Answers the URL of the provider's checkout page; a session still open is handed back again. The amount comes from the bid, never from the body.",
    params: bidIdParamsSchema,
    body: startCheckoutBodySchema.optional(),
    response: checkoutResponseSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
  },
  ofProject: {
    method: 'GET',
    path: '/api/projects/:id/payment',
    summary: "The payment of a project's accepted bid (owner and finisher), null before any",
    params: idParamsSchema,
    response: paymentSchema.nullable(),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
  // The spec's /api/{provider}/... paths: the sandbox imitates Stripe, so both answer under /api/stripe.
  createConnectAccount: {
    method: 'POST',
    path: '/api/stripe/create-connect-account',
    summary: "Create the finisher's payout account if needed and answer an onboarding link",
    body: createConnectAccountBodySchema,
    response: connectAccountResponseSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  checkOnboardingStatus: {
    method: 'POST',
    path: '/api/stripe/check-onboarding-status',
    summary: "Whether the finisher's payout onboarding is complete",
    description: 'A newly completed onboarding is recorded and releases the payouts waiting for it.',
    body: checkOnboardingBodySchema,
    response: onboardingStatusSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  webhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    summary: "The payment provider's signed events",
    description: 'The raw body is verified against the Stripe-Signature header; an event seen before is acknowledged with duplicate: true.',
    bodyFormat: 'raw',
    response: webhookResponseSchema,
    errors: [],
  },
});

// The sandbox provider's hosted pages (only mounted when no Stripe key is configured).

/** Where the sandbox's checkout sessions and onboarding links live: their cache keys start with these. */
export const sandboxCheckoutSessionsPath = '/api/sandbox/checkout-sessions';
export const sandboxOnboardingPath = '/api/sandbox/onboarding';

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
/** The card form's fields as typed. */
export type SandboxPayBody = z.input<typeof sandboxPayBodySchema>;

/**
 * The sandbox provider's hosted checkout and onboarding pages talk to these; they are mounted only
 * when no Stripe key is set. Their events take the webhook's path, signature check included.
 */
export const sandboxEndpoints = defineEndpoints('sandbox', {
  checkoutSession: {
    method: 'GET',
    path: '/api/sandbox/checkout-sessions/:id',
    summary: 'A sandbox checkout session, for its hosted page',
    params: sandboxTokenParamsSchema,
    response: sandboxCheckoutSchema,
    errors: ['NOT_FOUND'],
  },
  pay: {
    method: 'POST',
    path: '/api/sandbox/checkout-sessions/:id/pay',
    summary: 'Pay a sandbox checkout session with a test card',
    description: '4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Answers the success URL to go to.',
    params: sandboxTokenParamsSchema,
    body: sandboxPayBodySchema,
    response: sandboxRedirectSchema,
    errors: ['PAYMENT_DECLINED'],
  },
  onboarding: {
    method: 'GET',
    path: '/api/sandbox/onboarding/:id',
    summary: 'A sandbox onboarding link, for its hosted page',
    params: sandboxTokenParamsSchema,
    response: sandboxAccountSchema,
    errors: ['NOT_FOUND'],
  },
  completeOnboarding: {
    method: 'POST',
    path: '/api/sandbox/onboarding/:id/complete',
    summary: 'Finish sandbox onboarding with the prefilled test details',
    description: 'Answers the return URL to go to.',
    params: sandboxTokenParamsSchema,
    response: sandboxRedirectSchema,
    errors: ['NOT_FOUND'],
  },
});
