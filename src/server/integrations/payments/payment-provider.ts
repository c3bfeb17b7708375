/**
 * The card provider as Finishline needs it: hosted checkout, connected accounts with hosted
 * onboarding, transfers to them, refunds, and signed webhook events. Two adapters implement it:
 * the official Stripe SDK and a built-in sandbox that imitates Stripe inside the app.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /**
   * The largest single charge the provider takes, in cents, or null for none (decision 040). Stripe
   * takes at most 99,999,999 units of a currency in one charge: $999,999.99.
   */
  readonly maxChargeCents: number | null;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string; expiresAt: Date }>;
  retrievePaymentIntent(id: string): Promise<{ id: string; status: string; amountReceivedCents: number; chargeId: string | null }>;
  createConnectedAccount(input: { userId: number; email: string; idempotencyKey: string }): Promise<{ id: string }>;
  createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveAccount(id: string): Promise<{ id: string; isOnboarded: boolean }>;
  createTransfer(input: TransferInput): Promise<{ id: string }>;
  createRefund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** A transfer's amount as the provider holds it, or null for one it does not know (the reconciliation, issue 31). */
  retrieveTransfer(id: string): Promise<{ id: string; amountCents: number } | null>;
  /** A refund's amount as the provider holds it, or null for one it does not know. */
  retrieveRefund(id: string): Promise<{ id: string; amountCents: number } | null>;
  /** Verifies a webhook's signature on its raw body and returns the event; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export interface CheckoutInput {
  amountCents: number;
  currency: 'usd';
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
  transferGroup: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface TransferInput {
  amountCents: number;
  destinationAccountId: string;
  transferGroup: string;
  /** The charge the money came from, so the transfer draws on it (separate charges and transfers). */
  sourceChargeId: string | null;
  idempotencyKey: string;
}

/** The part of a Stripe event the handlers read; the objects keep Stripe's own field names. */
export interface ProviderEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
  /** A chargeback (charge.dispute.created or .closed), read by the adapter that verified the event; null for any other event. */
  cardDispute: CardDisputeEvent | null;
}

/**
 * A chargeback on a charge as Finishline acts on it: opened freezes the payment's payouts, closed
 * resumes them (won) or ends them (lost). Ids as Stripe names them; either may be missing.
 */
export type CardDisputeEvent = { disputeId: string; chargeId: string | null; paymentIntentId: string | null } & (
  { kind: 'opened' } | { kind: 'closed'; outcome: 'won' | 'lost' }
);

/** Stripe's largest single charge in USD: 8 digits of cents, $999,999.99 (stripe.com/docs/currencies, minimum and maximum charge amounts). */
export const STRIPE_MAX_CHARGE_CENTS = 99_999_999;

export class WebhookSignatureError extends Error {}

/** Webhooks older than this are refused, whatever their signature. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
