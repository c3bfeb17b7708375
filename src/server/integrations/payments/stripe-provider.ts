import type Stripe from 'stripe';
import type { CheckoutInput, PaymentProvider, ProviderEvent, TransferInput } from './payment-provider.js';
import { STRIPE_MAX_CHARGE_CENTS, WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from './payment-provider.js';
import { toProviderEvent } from './card-dispute-event.js';
import { loadStripe } from './load-stripe.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Points the SDK at another API host (a local fake in tests). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** The stripe adapter: Checkout Sessions, Express accounts, separate charges and transfers. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const StripeSdk = loadStripe();
  const stripe = new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.api ?? {}),
  });

  return {
    name: 'stripe',
    maxChargeCents: STRIPE_MAX_CHARGE_CENTS,

    async createCheckoutSession(input: CheckoutInput) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: input.currency, unit_amount: input.amountCents, product_data: { name: input.description } } }],
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          // Separate charges and transfers: the charge stays on the platform until the work is accepted.
          payment_intent_data: { transfer_group: input.transferGroup, metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: session.id, url: session.url ?? '', expiresAt: new Date(session.expires_at * 1000) };
    },

    async retrievePaymentIntent(id: string) {
      const intent = await stripe.paymentIntents.retrieve(id);
      const charge = intent.latest_charge;
      return {
        id: intent.id,
        status: intent.status,
        amountReceivedCents: intent.amount_received,
        chargeId: typeof charge === 'string' ? charge : (charge?.id ?? null),
      };
    },

    async createConnectedAccount(input) {
      const account = await stripe.accounts.create(
        { type: 'express', email: input.email, capabilities: { transfers: { requested: true } }, metadata: { userId: String(input.userId) } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: account.id };
    },

    async createOnboardingLink(input) {
      const link = await stripe.accountLinks.create({
        account: input.accountId,
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
        type: 'account_onboarding',
      });
      return { url: link.url };
    },

    async retrieveAccount(id: string) {
      const account = await stripe.accounts.retrieve(id);
      return { id: account.id, isOnboarded: Boolean(account.details_submitted && account.payouts_enabled) };
    },

    async createTransfer(input: TransferInput) {
      const transfer = await stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          destination: input.destinationAccountId,
          transfer_group: input.transferGroup,
          ...(input.sourceChargeId ? { source_transaction: input.sourceChargeId } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: transfer.id };
    },

    async createRefund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id };
    },

    async retrieveTransfer(id) {
      const transfer = await orNullWhenMissing(() => stripe.transfers.retrieve(id));
      return transfer ? { id: transfer.id, amountCents: transfer.amount } : null;
    },

    async retrieveRefund(id) {
      const refund = await orNullWhenMissing(() => stripe.refunds.retrieve(id));
      return refund ? { id: refund.id, amountCents: refund.amount } : null;
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      return toProviderEvent(event);
    },
  };
}

/** Stripe answers an unknown id with a 404 (resource_missing): the reconciliation reports it as missing. */
async function orNullWhenMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 404) return null;
    throw error;
  }
}
