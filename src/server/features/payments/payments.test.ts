import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject } from '#test/support/factories.js';
import { bids } from '#server/db/schema/bids.js';
import { notifications } from '#server/db/schema/notifications.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';
import { createSandboxProvider, type SandboxProvider } from '#server/integrations/payments/sandbox-provider.js';

let t: TestApp;
let cast: Cast;
let sandbox: SandboxProvider;
let checkoutsOpened = 0;
const stripe = new Stripe('sk_test_x');

beforeAll(async () => {
  sandbox = createSandboxProvider('test-sandbox-secret-0123456789');
  // Count what reaches the provider: reuse must not open new sessions.
  const open = sandbox.createCheckoutSession.bind(sandbox);
  sandbox.createCheckoutSession = async (input) => {
    checkoutsOpened += 1;
    return open(input);
  };
  t = await createTestApp({}, { payments: sandbox });
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

/** A project of cast.owner whose bid of $750 by cast.finisher is accepted. */
async function acceptedDeal() {
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
  const bid = (
    await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { amount: 750, timeline: 7, message: 'Ready to finish this within a week.' })
  ).json();
  expect((await cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
  return { projectId: project.id, bidId: bid.id as number };
}

const pay = (bidId: number) => cast.owner.api.post(`/api/bids/${bidId}/pay`, { accept: true });
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.replace('/sandbox/checkout/', '');

/** Opens checkout and pays it with the sandbox's test card, through the webhook path. */
async function paidDeal() {
  const deal = await acceptedDeal();
  const { checkoutUrl } = (await pay(deal.bidId)).json();
  const paid = await cast.visitor.api.post(`/api/sandbox/checkout-sessions/${sessionIdOf(checkoutUrl)}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode).toBe(200);
  return deal;
}

const paymentOf = async (bidId: number) => (await t.database.db.select().from(payments).where(eq(payments.bidId, bidId)))[0]!;
const projectRow = async (id: number) => (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const bidRow = async (id: number) => (await t.database.db.select().from(bids).where(eq(bids.id, id)))[0]!;

async function onboard(cast_: Cast['finisher']) {
  const { url } = (await cast_.api.post('/api/stripe/create-connect-account', { userId: cast_.user.id, email: cast_.user.email })).json();
  const token = url.replace('/sandbox/onboarding/', '');
  expect((await cast_.api.post(`/api/sandbox/onboarding/${token}/complete`)).statusCode).toBe(200);
}

describe('POST /api/bids/{bidId}/pay', () => {
  it('opens hosted checkout for the bid amount, for the owner only', async () => {
    const { bidId } = await acceptedDeal();
    for (const api of [cast.finisher.api, cast.otherFinisher.api, cast.otherSubmitter.api]) {
      const refused = await api.post(`/api/bids/${bidId}/pay`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only the project owner can pay for this bid');
    }
    expect((await cast.visitor.api.post(`/api/bids/${bidId}/pay`, {})).statusCode).toBe(401);
    const response = await pay(bidId);
    expect(response.statusCode).toBe(200);
    const session = sandbox.readCheckout(sessionIdOf(response.json().checkoutUrl))!;
    expect(session.amountCents).toBe(75_000);
    const payment = await paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'pending', amountCents: 75_000, platformFeeCents: 7_500, developerAmountCents: 67_500 });
  });

  it('refuses a bid that is not accepted, and one already paid', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const bid = (
      await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { amount: 100, timeline: 2, message: 'Small job, done in two days.' })
    ).json();
    const pending = await pay(bid.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('This bid is not currently accepted for payment.');
    const { bidId } = await paidDeal();
    const again = await pay(bidId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This bid has already been paid');
    expect((await pay(999999)).statusCode).toBe(404);
  });

  it('opens one checkout session for 20 concurrent pay requests', async () => {
    const { bidId } = await acceptedDeal();
    const before = checkoutsOpened;
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(bidId)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.json().checkoutUrl)).size).toBe(1);
    expect(checkoutsOpened - before).toBe(1);
    expect(await t.database.db.$count(payments, eq(payments.bidId, bidId))).toBe(1);
  });
});

describe('the sandbox checkout', () => {
  it('declines 4000 0000 0000 0002 and leaves the payment pending', async () => {
    const { bidId } = await acceptedDeal();
    const { checkoutUrl } = (await pay(bidId)).json();
    const declined = await cast.visitor.api.post(`/api/sandbox/checkout-sessions/${sessionIdOf(checkoutUrl)}/pay`, {
      cardNumber: '4000 0000 0000 0002',
      expiry: '12/34',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    expect((await paymentOf(bidId)).status).toBe('pending');
  });

  it('refuses a card whose expiry has passed, as Stripe test mode does, and leaves the payment pending', async () => {
    const { bidId } = await acceptedDeal();
    const { checkoutUrl } = (await pay(bidId)).json();
    const payWith = (expiry: string) =>
      cast.visitor.api.post(`/api/sandbox/checkout-sessions/${sessionIdOf(checkoutUrl)}/pay`, { cardNumber: '4242424242424242', expiry, cvc: '123' });
    const lastYear = String((new Date().getUTCFullYear() - 1) % 100).padStart(2, '0');
    const expired = await payWith('01/20');
    expect(expired.statusCode).toBe(402);
    expect(expired.json()).toEqual({ code: 'PAYMENT_DECLINED', message: "Your card's expiration year is in the past." });
    expect((await payWith(`12/${lastYear}`)).json().message).toBe("Your card's expiration year is in the past.");
    expect((await paymentOf(bidId)).status).toBe('pending');
  });

  it('holds the money, marks the bid paid, starts the work and tells both sides', async () => {
    const { bidId, projectId } = await paidDeal();
    expect(await paymentOf(bidId)).toMatchObject({ status: 'held', amountCents: 75_000 });
    expect((await bidRow(bidId)).status).toBe('paid');
    expect((await projectRow(projectId)).status).toBe('in_progress');
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.relatedId, projectId));
    expect(rows.filter((n) => n.title === 'Payment received' && n.userId === cast.owner.user.id)).toHaveLength(1);
    expect(rows.filter((n) => n.title === 'Payment secured' && n.userId === cast.finisher.user.id)).toHaveLength(1);
    expect((await cast.owner.api.get(`/api/users/${cast.owner.user.id}/total-spending`)).json().totalSpent).toBeGreaterThanOrEqual(750);
  });
});

describe('payouts and refunds', () => {
  it('waits for onboarding, then releases 90% to the finisher when the work is accepted', async () => {
    const { bidId, projectId } = await paidDeal();
    await cast.finisher.api.post(`/api/projects/${projectId}/complete`, { deliveryMessage: 'Everything is delivered.' });
    expect((await cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).json().status).toBe('accepted');
    // Not onboarded yet: the money stays held.
    expect((await paymentOf(bidId)).status).toBe('held');
    await onboard(cast.finisher);
    const payment = await paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'released', releasedCents: 67_500, settledCents: 75_000, platformFeeCents: 7_500 });
    expect(sandbox.ledger.transfers.get(payment.transferId!)).toMatchObject({ amountCents: 67_500 });
    expect((await bidRow(bidId)).status).toBe('completed');
    const view = await cast.finisher.api.get(`/api/projects/${projectId}/payment`);
    expect(view.json()).toMatchObject({ status: 'released', developerAmountCents: 67_500, platformFeeCents: 7_500 });
    expect((await cast.otherFinisher.api.get(`/api/projects/${projectId}/payment`)).statusCode).toBe(403);
  });

  it('pays out at once when the finisher is already onboarded, and when payment arrives after acceptance', async () => {
    // cast.finisher is onboarded by the previous test.
    const early = await paidDeal();
    await cast.finisher.api.post(`/api/projects/${early.projectId}/complete`, { deliveryMessage: 'Delivered with documentation.' });
    await cast.owner.api.post(`/api/projects/${early.projectId}/accept`, { accepted: true });
    expect((await paymentOf(early.bidId)).status).toBe('released');

    const late = await acceptedDeal();
    const { checkoutUrl } = (await pay(late.bidId)).json();
    // Since issue 26 work is neither delivered nor accepted unpaid; a row from before still is.
    expect((await cast.finisher.api.post(`/api/projects/${late.projectId}/complete`, { deliveryMessage: 'Delivered before the payment.' })).statusCode).toBe(
      409,
    );
    const before = new Date();
    await t.database.db
      .update(projects)
      .set({ status: 'accepted', deliveryMessage: 'Delivered before the payment.', completedAt: before, acceptedAt: before })
      .where(eq(projects.id, late.projectId));
    await cast.visitor.api.post(`/api/sandbox/checkout-sessions/${sessionIdOf(checkoutUrl)}/pay`, {
      cardNumber: '4242424242424242',
      expiry: '01/40',
      cvc: '999',
    });
    expect(await paymentOf(late.bidId)).toMatchObject({ status: 'released', releasedCents: 67_500 });
  });

  it('refunds in full when a project with held money is cancelled and the finisher agrees', async () => {
    const { bidId, projectId } = await paidDeal();
    expect((await cast.owner.api.patch(`/api/projects/${projectId}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    // Within the delivery deadline the finisher has a say (the deal clock): the money waits for the answer.
    expect(await paymentOf(bidId)).toMatchObject({ status: 'held', refundedCents: 0 });
    expect((await cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
    const payment = await paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 75_000, releasedCents: 0, settledCents: 0 });
    expect(sandbox.ledger.refunds.get(payment.refundId!)).toMatchObject({ amountCents: 75_000 });
  });
});

describe('POST /api/stripe/webhook', () => {
  const send = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });
  const sign = (payload: string, timestamp?: number) => stripe.webhooks.generateTestHeaderString({ payload, secret: sandbox.webhookSecret, timestamp });

  async function completedEventFor(bidId: number, eventId: string) {
    const { checkoutUrl } = (await pay(bidId)).json();
    const sessionId = sessionIdOf(checkoutUrl);
    const session = sandbox.readCheckout(sessionId)!;
    const result = sandbox.pay(sessionId, { cardNumber: '4242424242424242', expiry: '12/34' });
    if (!result.ok) throw new Error(result.message);
    const event = JSON.parse(result.event.rawBody.toString());
    return JSON.stringify({ ...event, id: eventId, data: { object: { ...event.data.object, metadata: session.metadata } } });
  }

  it('acts on a valid event once, however often it is delivered', async () => {
    const { bidId, projectId } = await acceptedDeal();
    const payload = await completedEventFor(bidId, `evt_repeat_${bidId}`);
    const responses = await Promise.all(Array.from({ length: 5 }, () => send(payload, sign(payload))));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await t.database.db.$count(payments, eq(payments.bidId, bidId))).toBe(1);
    expect((await paymentOf(bidId)).status).toBe('held');
    const received = await t.database.db.select().from(notifications).where(eq(notifications.relatedId, projectId));
    expect(received.filter((n) => n.title === 'Payment received')).toHaveLength(1);
  });

  it('refuses tampered, stale and unsigned events, and changes nothing', async () => {
    const { bidId } = await acceptedDeal();
    const payload = await completedEventFor(bidId, `evt_bad_${bidId}`);
    const tampered = await send(payload.replace('"amount_total":75000', '"amount_total":1'), sign(payload));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/^Webhook signature verification failed/);
    expect((await send(payload, sign(payload, Math.floor(Date.now() / 1000) - 301))).statusCode).toBe(400);
    expect((await send(payload)).statusCode).toBe(400);
    expect((await send(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await paymentOf(bidId)).status).toBe('pending');
  });

  it('tolerates events out of order: an account update before the account is linked, a completion for an unknown payment', async () => {
    const early = JSON.stringify({
      id: 'evt_account_early',
      type: 'account.updated',
      data: { object: { id: 'acct_unknown', details_submitted: true, payouts_enabled: true } },
    });
    expect((await send(early, sign(early))).json()).toEqual({ received: true, duplicate: false });
    const orphan = JSON.stringify({
      id: 'evt_orphan',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', payment_status: 'paid', metadata: { paymentId: '987654' } } },
    });
    expect((await send(orphan, sign(orphan))).statusCode).toBe(200);
    const unknownType = JSON.stringify({ id: 'evt_other', type: 'customer.created', data: { object: {} } });
    expect((await send(unknownType, sign(unknownType))).statusCode).toBe(200);
  });

  it('is not subject to the cross-origin check', async () => {
    const payload = JSON.stringify({ id: 'evt_origin', type: 'customer.created', data: { object: {} } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload), origin: 'https://stripe.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('connected accounts', () => {
  it('lets only a finisher set up their own payouts and reports the status', async () => {
    const submitter = await cast.owner.api.post('/api/stripe/create-connect-account', { userId: cast.owner.user.id });
    expect(submitter.statusCode).toBe(403);
    expect(submitter.json().message).toBe('Only developers can set up payouts');
    const other = await cast.otherFinisher.api.post('/api/stripe/create-connect-account', { userId: cast.finisher.user.id });
    expect(other.statusCode).toBe(403);
    expect((await cast.visitor.api.post('/api/stripe/create-connect-account', {})).statusCode).toBe(401);

    expect((await cast.otherFinisher.api.post('/api/stripe/check-onboarding-status', { userId: cast.otherFinisher.user.id })).json()).toEqual({
      isComplete: false,
      accountId: null,
    });
    const first = (await cast.otherFinisher.api.post('/api/stripe/create-connect-account', { userId: cast.otherFinisher.user.id })).json();
    const second = (await cast.otherFinisher.api.post('/api/stripe/create-connect-account', { userId: cast.otherFinisher.user.id })).json();
    expect(first.url).toMatch(/^\/sandbox\/onboarding\//);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, cast.otherFinisher.user.id));
    expect(row!.stripeConnectAccountId).toMatch(/^acct_sbx_/);
    expect(second.url).toMatch(/^\/sandbox\/onboarding\//);
    const status = (await cast.otherFinisher.api.post('/api/stripe/check-onboarding-status', { userId: cast.otherFinisher.user.id })).json();
    expect(status).toEqual({ isComplete: false, accountId: row!.stripeConnectAccountId });
    await cast.otherFinisher.api.post(`/api/sandbox/onboarding/${second.url.replace('/sandbox/onboarding/', '')}/complete`);
    expect((await cast.otherFinisher.api.post('/api/stripe/check-onboarding-status', {})).json().isComplete).toBe(true);
    expect((await cast.finisher.api.post('/api/stripe/check-onboarding-status', { userId: cast.otherFinisher.user.id })).statusCode).toBe(403);
  });
});
