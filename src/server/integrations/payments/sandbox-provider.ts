import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { cardExpiryProblem } from '#shared/domain/cards.js';
import type { CheckoutInput, PaymentProvider, ProviderEvent } from './payment-provider.js';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from './payment-provider.js';
import { toProviderEvent } from './card-dispute-event.js';
import { loadStripe } from './load-stripe.js';

/** Test cards, as on Stripe: one always succeeds, one is always declined. */
export const SANDBOX_CARD_SUCCESS = '4242424242424242';
export const SANDBOX_CARD_DECLINED = '4000000000000002';

const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;

interface CheckoutToken {
  amountCents: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  expiresAt: number;
  nonce: string;
}

interface OnboardingToken {
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
}

export type SandboxPayResult = { ok: true; redirectUrl: string; event: { rawBody: Buffer; signature: string } } | { ok: false; message: string };

export interface SandboxDisputeInput {
  chargeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  action: 'open' | 'won' | 'lost';
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The secret its events are signed with (Stripe's scheme), for tests that sign their own. */
  readonly webhookSecret: string;
  readCheckout(sessionId: string): (CheckoutToken & { id: string; isExpired: boolean }) | null;
  pay(sessionId: string, card: { cardNumber: string; expiry: string }, now?: Date): SandboxPayResult;
  readOnboarding(token: string): OnboardingToken | null;
  completeOnboarding(token: string): { redirectUrl: string; event: { rawBody: Buffer; signature: string } } | null;
  /** The card holder's bank disputes a charge (open), then decides (won, lost): Stripe's charge.dispute.* event, signed. */
  disputeCharge(input: SandboxDisputeInput): { rawBody: Buffer; signature: string };
  /** Transfers and refunds made so far, for the sandbox pages and tests. */
  readonly ledger: {
    transfers: Map<string, { amountCents: number; destination: string }>;
    refunds: Map<string, { amountCents: number; paymentIntentId: string }>;
  };
}

/**
 * A Stripe look-alike inside Finishline for machines without a Stripe key. Its ids are signed
 * tokens carrying their own data (amount, return URLs), so it needs no tables; its events are
 * signed exactly like Stripe's and go through the same webhook handler.
 */
export function createSandboxProvider(secret: string): SandboxProvider {
  const webhookSecret = `whsec_${createHmac('sha256', secret).update('webhook').digest('hex')}`;
  // Only used for its webhook helpers; it never makes a request. Loaded on first use (load-stripe.ts).
  let stripe: Stripe | undefined;
  const webhooks = () => (stripe ??= new (loadStripe())('sk_test_sandbox')).webhooks;
  const onboarded = new Set<string>();
  const sessionsByKey = new Map<string, { id: string; url: string; expiresAt: Date }>();
  const ledger: SandboxProvider['ledger'] = { transfers: new Map(), refunds: new Map() };

  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const sign = (value: unknown) => {
    const body = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${body}.${mac(body)}`;
  };
  const open = <T>(token: string): T | null => {
    const [body, signature] = token.split('.');
    if (!body || !signature) return null;
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  };
  const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);
  const signedEvent = (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_sbx_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { rawBody: Buffer.from(payload), signature: webhooks().generateTestHeaderString({ payload, secret: webhookSecret }) };
  };
  const checkoutToken = (sessionId: string) => (sessionId.startsWith('cs_sbx_') ? open<CheckoutToken>(sessionId.slice('cs_sbx_'.length)) : null);

  return {
    name: 'sandbox',
    // No cap, unlike Stripe: large deals stay testable end to end (decision 040).
    maxChargeCents: null,
    webhookSecret,
    ledger,

    async createCheckoutSession(input: CheckoutInput) {
      const repeat = sessionsByKey.get(input.idempotencyKey);
      if (repeat) return repeat;
      const expiresAt = Date.now() + CHECKOUT_LIFETIME_MS;
      const id = `cs_sbx_${sign({ ...pick(input), expiresAt, nonce: randomBytes(6).toString('hex') } satisfies CheckoutToken)}`;
      const session = { id, url: `/sandbox/checkout/${id}`, expiresAt: new Date(expiresAt) };
      sessionsByKey.set(input.idempotencyKey, session);
      return session;
    },

    readCheckout(sessionId) {
      const token = checkoutToken(sessionId);
      return token ? { ...token, id: sessionId, isExpired: token.expiresAt < Date.now() } : null;
    },

    pay(sessionId, card, now = new Date()) {
      const token = checkoutToken(sessionId);
      if (!token) return { ok: false, message: 'This checkout session does not exist' };
      if (token.expiresAt < Date.now()) return { ok: false, message: 'This checkout session has expired' };
      const expired = cardExpiryProblem(card.expiry, now);
      if (expired) return { ok: false, message: expired };
      const digits = card.cardNumber.replace(/\s+/g, '');
      if (digits === SANDBOX_CARD_DECLINED) return { ok: false, message: 'Your card was declined.' };
      if (digits !== SANDBOX_CARD_SUCCESS) return { ok: false, message: 'Your card number is incorrect. Use 4242 4242 4242 4242.' };
      const paymentIntent = `pi_sbx_${sign({ amountCents: token.amountCents, session: shortHash(sessionId) })}`;
      const event = signedEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        amount_total: token.amountCents,
        currency: token.currency,
        payment_intent: paymentIntent,
        payment_status: 'paid',
        status: 'complete',
        metadata: token.metadata,
      });
      return { ok: true, redirectUrl: token.successUrl, event };
    },

    async retrievePaymentIntent(id: string) {
      const token = id.startsWith('pi_sbx_') ? open<{ amountCents: number; session: string }>(id.slice('pi_sbx_'.length)) : null;
      if (!token) throw new Error(`No such payment intent: ${id}`);
      return { id, status: 'succeeded', amountReceivedCents: token.amountCents, chargeId: `ch_sbx_${token.session}` };
    },

    async createConnectedAccount(input) {
      return { id: `acct_sbx_${input.userId}_${shortHash(`${secret}:${input.userId}`).slice(0, 10)}` };
    },

    async createOnboardingLink(input) {
      return { url: `/sandbox/onboarding/${sign(input satisfies OnboardingToken)}` };
    },

    readOnboarding(token) {
      return open<OnboardingToken>(token);
    },

    completeOnboarding(token) {
      const link = open<OnboardingToken>(token);
      if (!link) return null;
      onboarded.add(link.accountId);
      const event = signedEvent('account.updated', {
        id: link.accountId,
        object: 'account',
        details_submitted: true,
        payouts_enabled: true,
        charges_enabled: true,
      });
      return { redirectUrl: link.returnUrl, event };
    },

    disputeCharge({ chargeId, paymentIntentId, amountCents, action }) {
      // One dispute per charge, as on Stripe: opening it again names the same dispute.
      const dispute = {
        id: `dp_sbx_${shortHash(chargeId)}`,
        object: 'dispute',
        amount: amountCents,
        currency: 'usd',
        charge: chargeId,
        payment_intent: paymentIntentId,
      };
      return action === 'open'
        ? signedEvent('charge.dispute.created', { ...dispute, status: 'needs_response' })
        : signedEvent('charge.dispute.closed', { ...dispute, status: action });
    },

    async retrieveAccount(id: string) {
      return { id, isOnboarded: onboarded.has(id) };
    },

    async createTransfer(input) {
      const id = `tr_sbx_${shortHash(input.idempotencyKey)}`;
      ledger.transfers.set(id, { amountCents: input.amountCents, destination: input.destinationAccountId });
      return { id };
    },

    async createRefund(input) {
      const id = `re_sbx_${shortHash(input.idempotencyKey)}`;
      ledger.refunds.set(id, { amountCents: input.amountCents, paymentIntentId: input.paymentIntentId });
      return { id };
    },

    async retrieveTransfer(id) {
      const transfer = ledger.transfers.get(id);
      return transfer ? { id, amountCents: transfer.amountCents } : null;
    },

    async retrieveRefund(id) {
      const refund = ledger.refunds.get(id);
      return refund ? { id, amountCents: refund.amountCents } : null;
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = webhooks().constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      return toProviderEvent(event);
    },
  };
}

function pick(input: CheckoutInput) {
  const { amountCents, currency, description, successUrl, cancelUrl, metadata } = input;
  return { amountCents, currency, description, successUrl, cancelUrl, metadata };
}
