import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { bidIdParamsSchema } from './bids.schemas.js';
import { idParamsSchema } from './projects.schemas.js';
import {
  startCheckoutBodySchema,
  checkoutResponseSchema,
  createConnectAccountBodySchema,
  connectAccountResponseSchema,
  checkOnboardingBodySchema,
  onboardingStatusSchema,
  paymentSchema,
  webhookResponseSchema,
  sandboxTokenParamsSchema,
  sandboxCheckoutSchema,
  sandboxPayBodySchema,
  sandboxRedirectSchema,
  sandboxAccountSchema,
  paymentIdParamsSchema,
  sandboxCardDisputeBodySchema,
  sandboxCardDisputeSchema,
} from './payments.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './payments.schemas.js';

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
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'EMAIL_NOT_VERIFIED'],
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
    session: 'none',
    summary: "The payment provider's signed events",
    description: 'The raw body is verified against the Stripe-Signature header; an event seen before is acknowledged with duplicate: true.',
    bodyFormat: 'raw',
    response: webhookResponseSchema,
    errors: [],
  },
});

/** Where the sandbox's checkout sessions and onboarding links live: their cache keys start with these. */
export const sandboxCheckoutSessionsPath = '/api/sandbox/checkout-sessions';

export const sandboxOnboardingPath = '/api/sandbox/onboarding';

/**
 * The sandbox provider's hosted checkout and onboarding pages talk to these, and a chargeback can be
 * played through them; they are mounted only when no Stripe key is set. Their events take the
 * webhook's path, signature check included.
 */
export const sandboxEndpoints = defineEndpoints('sandbox', {
  checkoutSession: {
    method: 'GET',
    path: '/api/sandbox/checkout-sessions/:id',
    session: 'none',
    summary: 'A sandbox checkout session, for its hosted page',
    params: sandboxTokenParamsSchema,
    response: sandboxCheckoutSchema,
    errors: ['NOT_FOUND'],
  },
  pay: {
    method: 'POST',
    path: '/api/sandbox/checkout-sessions/:id/pay',
    session: 'none',
    summary: 'Pay a sandbox checkout session with a test card',
    description:
      '4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Answers the success URL to go to. The checkout of a bid that lapsed unpaid (decision 037) is refused.',
    params: sandboxTokenParamsSchema,
    body: sandboxPayBodySchema,
    response: sandboxRedirectSchema,
    errors: ['PAYMENT_DECLINED', 'INVALID_TRANSITION'],
  },
  onboarding: {
    method: 'GET',
    path: '/api/sandbox/onboarding/:id',
    session: 'none',
    summary: 'A sandbox onboarding link, for its hosted page',
    params: sandboxTokenParamsSchema,
    response: sandboxAccountSchema,
    errors: ['NOT_FOUND'],
  },
  completeOnboarding: {
    method: 'POST',
    path: '/api/sandbox/onboarding/:id/complete',
    session: 'none',
    body: emptyBodySchema,
    summary: 'Finish sandbox onboarding with the prefilled test details',
    description: 'Answers the return URL to go to.',
    params: sandboxTokenParamsSchema,
    response: sandboxRedirectSchema,
    errors: ['NOT_FOUND'],
  },
  cardDispute: {
    method: 'POST',
    path: '/api/sandbox/payments/:paymentId/card-dispute',
    summary: "Play the card holder's bank: dispute a paid payment, then decide the dispute (the project owner or an operator)",
    description:
      "open sends charge.dispute.created (the payment's payouts freeze, the operators are told); won or lost sends charge.dispute.closed (payouts resume, or what is still held goes back to the card). Answers the payment's card dispute status.",
    params: paymentIdParamsSchema,
    body: sandboxCardDisputeBodySchema,
    response: sandboxCardDisputeSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  },
});
