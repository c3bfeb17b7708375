import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '#test/fakes/stripe-api.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let provider: PaymentProvider;
const webhookSecret = 'whsec_test_secret';

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: 'sk_test_fake', webhookSecret, api: { host: '127.0.0.1', port: fake.port, protocol: 'http' } });
});
afterAll(() => fake.close());

const last = () => fake.requests.at(-1)!;

describe('the stripe adapter against a fake Stripe API', () => {
  it('opens a USD Checkout Session for the amount, with the transfer group and an idempotency key', async () => {
    const session = await provider.createCheckoutSession({
      amountCents: 75_000,
      currency: 'usd',
      description: 'CRM (bid #7)',
      successUrl: 'http://localhost:5000/projects/3?payment=success',
      cancelUrl: 'http://localhost:5000/payment/bid/7?canceled=true',
      customerEmail: 'owner@example.test',
      transferGroup: 'project_3',
      metadata: { paymentId: '11', bidId: '7', projectId: '3' },
      idempotencyKey: 'checkout_payment_11_after_none',
    });
    const request = last();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: 'checkout_payment_11_after_none',
      authorization: 'Bearer sk_test_fake',
    });
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '75000',
      'line_items[0][quantity]': '1',
      'payment_intent_data[transfer_group]': 'project_3',
      'metadata[paymentId]': '11',
      customer_email: 'owner@example.test',
      success_url: 'http://localhost:5000/projects/3?payment=success',
    });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/cs_test_/);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('reads the charge of a payment intent', async () => {
    expect(await provider.retrievePaymentIntent('pi_123')).toEqual({ id: 'pi_123', status: 'succeeded', amountReceivedCents: 75_000, chargeId: 'ch_test_123' });
  });

  it('creates an Express account with transfers, and an onboarding link', async () => {
    const account = await provider.createConnectedAccount({ userId: 5, email: 'dev@example.test', idempotencyKey: 'connect_account_user_5' });
    expect(Object.fromEntries(last().form)).toMatchObject({
      type: 'express',
      email: 'dev@example.test',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': '5',
    });
    expect(last().idempotencyKey).toBe('connect_account_user_5');
    const link = await provider.createOnboardingLink({
      accountId: account.id,
      refreshUrl: 'http://x/onboarding-redirect?outcome=refresh',
      returnUrl: 'http://x/onboarding-redirect?outcome=success',
    });
    expect(Object.fromEntries(last().form)).toMatchObject({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://x/onboarding-redirect?outcome=success',
    });
    expect(link.url).toContain(account.id);
    expect(await provider.retrieveAccount(account.id)).toEqual({ id: account.id, isOnboarded: true });
  });

  it('transfers to the connected account from the charge, once per idempotency key', async () => {
    const input = {
      amountCents: 67_500,
      destinationAccountId: 'acct_dev',
      transferGroup: 'project_3',
      sourceChargeId: 'ch_test_123',
      idempotencyKey: 'payout_payment_11',
    };
    const first = await provider.createTransfer(input);
    expect(Object.fromEntries(last().form)).toEqual({
      amount: '67500',
      currency: 'usd',
      destination: 'acct_dev',
      transfer_group: 'project_3',
      source_transaction: 'ch_test_123',
    });
    expect(last().idempotencyKey).toBe('payout_payment_11');
    const retry = await provider.createTransfer(input);
    expect(retry.id).toBe(first.id);
  });

  it('refunds a payment intent with an idempotency key', async () => {
    await provider.createRefund({ paymentIntentId: 'pi_123', amountCents: 75_000, idempotencyKey: 'refund_payment_11' });
    expect(last()).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund_payment_11' });
    expect(Object.fromEntries(last().form)).toEqual({ payment_intent: 'pi_123', amount: '75000' });
  });

  it('reads a transfer and a refund back for the reconciliation, and answers null for an id Stripe does not know', async () => {
    const transfer = await provider.createTransfer({
      amountCents: 27_000,
      destinationAccountId: 'acct_dev',
      transferGroup: 'project_4',
      sourceChargeId: null,
      idempotencyKey: 'payout_milestone_9',
    });
    expect(await provider.retrieveTransfer(transfer.id)).toEqual({ id: transfer.id, amountCents: 27_000 });
    expect(last()).toMatchObject({ method: 'GET', path: `/v1/transfers/${transfer.id}` });
    const refund = await provider.createRefund({ paymentIntentId: 'pi_123', amountCents: 45_000, idempotencyKey: 'refund_payment_12' });
    expect(await provider.retrieveRefund(refund.id)).toEqual({ id: refund.id, amountCents: 45_000 });
    expect(await provider.retrieveTransfer('tr_unknown')).toBeNull();
    expect(await provider.retrieveRefund('re_unknown')).toBeNull();
  });

  it('verifies webhook signatures with a 300 second tolerance', () => {
    const stripe = new Stripe('sk_test_x');
    const payload = JSON.stringify({ id: 'evt_1', type: 'account.updated', data: { object: { id: 'acct_1' } } });
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(provider.verifyWebhook(Buffer.from(payload), good).id).toBe('evt_1');
    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => provider.verifyWebhook(Buffer.from(payload), stale)).toThrow();
    expect(() => provider.verifyWebhook(Buffer.from(payload.replace('acct_1', 'acct_2')), good)).toThrow();
    expect(() => provider.verifyWebhook(Buffer.from(payload), undefined)).toThrow();
  });

  it('reads a chargeback from charge.dispute.created and charge.dispute.closed; other events carry none', () => {
    const stripe = new Stripe('sk_test_x');
    const read = (type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({ id: `evt_${type}_${String(object.status)}`, object: 'event', type, data: { object } });
      return provider.verifyWebhook(Buffer.from(payload), stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })).cardDispute;
    };
    const dispute = { id: 'dp_1', object: 'dispute', amount: 75_000, charge: 'ch_test_123', payment_intent: 'pi_123' };
    const ids = { disputeId: 'dp_1', chargeId: 'ch_test_123', paymentIntentId: 'pi_123' };
    expect(read('charge.dispute.created', { ...dispute, status: 'needs_response' })).toEqual({ kind: 'opened', ...ids });
    expect(read('charge.dispute.closed', { ...dispute, status: 'won' })).toEqual({ kind: 'closed', outcome: 'won', ...ids });
    expect(read('charge.dispute.closed', { ...dispute, status: 'lost' })).toEqual({ kind: 'closed', outcome: 'lost', ...ids });
    // An inquiry that closed without a chargeback gives the money back, as a win does.
    expect(read('charge.dispute.closed', { ...dispute, status: 'warning_closed' })).toEqual({ kind: 'closed', outcome: 'won', ...ids });
    // Expanded objects, and a dispute that names only its charge.
    const expanded = { ...dispute, charge: { id: 'ch_test_123', object: 'charge' }, payment_intent: null, status: 'under_review' };
    expect(read('charge.dispute.created', expanded)).toEqual({ kind: 'opened', ...ids, paymentIntentId: null });
    expect(read('charge.dispute.updated', { ...dispute, status: 'under_review' })).toBeNull();
    expect(read('charge.dispute.created', { id: 'dp_2', object: 'dispute', status: 'needs_response' })).toBeNull();
    expect(read('account.updated', { id: 'acct_1' })).toBeNull();
  });
});
