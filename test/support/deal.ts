import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '#server/app.js';
import { notifications } from '#server/db/schema/notifications.js';
import { payments } from '#server/db/schema/payments.js';
import type { Mailer } from '#server/integrations/email/mailer.js';
import type { PaymentProvider } from '#server/integrations/payments/payment-provider.js';
import { createSandboxProvider, type SandboxProvider } from '#server/integrations/payments/sandbox-provider.js';
import { createTestApp, type TestApp } from './app.js';
import { type Cast, createCast } from './cast.js';
import { TestClock } from './clock.js';
import { createProject, createUser, signIn } from './factories.js';
import { client } from './http.js';

/** The reason of the disputes the tests open: long enough, and one a person would give. */
export const DISPUTE_REASON = 'The delivery does not run: the build fails on a clean clone.';

/**
 * A test app on the sandbox provider and a clock the test moves, with the cast, and the steps of a
 * deal (decision 027's tests): a $750 bid of 7 days by cast.finisher (cast.otherFinisher's bid loses).
 */
export async function createDealWorld(
  env: Record<string, string> = {},
  options: { payments?: (sandbox: SandboxProvider) => PaymentProvider; mailer?: Mailer } = {},
) {
  const clock = new TestClock();
  const sandbox: SandboxProvider = createSandboxProvider('test-sandbox-secret-0123456789');
  const t: TestApp = await createTestApp(env, { payments: options.payments?.(sandbox) ?? sandbox, clock, mailer: options.mailer });
  const cast: Cast = await createCast(t.app, t.database.db);
  const db = t.database.db;

  async function acceptedDeal(): Promise<{ projectId: number; bidId: number }> {
    const project = await createProject(db, { submitterId: cast.owner.user.id });
    const bid = (
      await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { amount: 750, timeline: 7, message: 'Ready to finish this within a week.' })
    ).json();
    await cast.otherFinisher.api.post(`/api/projects/${project.id}/bids`, { amount: 900, timeline: 10, message: 'I could take this on in ten days.' });
    expect((await cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
    return { projectId: project.id, bidId: bid.id as number };
  }

  /** The owner pays an accepted bid through the sandbox's hosted checkout; answers the pay call's response. */
  async function payBid(bidId: number) {
    const { checkoutUrl } = (await cast.owner.api.post(`/api/bids/${bidId}/pay`, {})).json();
    return cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
  }

  async function paidDeal() {
    const deal = await acceptedDeal();
    expect((await payBid(deal.bidId)).statusCode).toBe(200);
    return deal;
  }

  const deliver = (projectId: number, deliveryMessage = 'All done, see the README.') =>
    cast.finisher.api.post(`/api/projects/${projectId}/complete`, { deliveryMessage });

  /** A paid $750 deal, delivered, that the owner disputes (DISPUTE_REASON), offering the finisher $200. */
  async function disputedDeal(): Promise<{ projectId: number; bidId: number; disputeId: number }> {
    const deal = await paidDeal();
    expect((await deliver(deal.projectId)).statusCode).toBe(200);
    const opened = await cast.owner.api.post(`/api/projects/${deal.projectId}/disputes`, { reason: DISPUTE_REASON, finisherAmountCents: 20_000 });
    expect(opened.statusCode).toBe(201);
    return { ...deal, disputeId: opened.json().id as number };
  }

  return {
    t,
    cast,
    clock,
    sandbox,
    acceptedDeal,
    paidDeal,
    disputedDeal,
    payBid,
    /** Posts a signed provider event to the webhook, as Stripe would (a replay is the same event again). */
    sendWebhook: (event: { rawBody: Buffer; signature: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: event.rawBody,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      }),
    deliver,
    requestRevision: (projectId: number, reason = 'The login form still fails on mobile.') =>
      cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: false, reason }),
    cancel: (projectId: number) => cast.owner.api.patch(`/api/projects/${projectId}/status`, { status: 'cancelled' }),
    deal: async (projectId: number, api = cast.owner.api) => {
      const response = await api.get(`/api/projects/${projectId}/deal`);
      expect(response.statusCode).toBe(200);
      return response.json();
    },
    paymentOf: async (bidId: number) =>
      (
        await db
          .select()
          .from(payments)
          .where(and(eq(payments.bidId, bidId), isNull(payments.changeOrderId)))
      )[0]!,
    notificationsOf: (userId: number, projectId: number) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, projectId))),
    async onboardFinisher() {
      const { url } = (
        await cast.finisher.api.post('/api/stripe/create-connect-account', { userId: cast.finisher.user.id, email: cast.finisher.user.email })
      ).json();
      expect((await cast.finisher.api.post(`/api/sandbox/onboarding/${url.replace('/sandbox/onboarding/', '')}/complete`)).statusCode).toBe(200);
    },
    /** A new operator, signed in: the account and its API client. */
    async signInOperator() {
      const user = await createUser(db, { role: 'operator' });
      return { user, api: client(t.app, await signIn(t.app, user.email)) };
    },
    /** A second instance of the app on the same database, as another server process would be. */
    async secondInstance(extraEnv: Record<string, string> = {}) {
      const app = await buildApp({
        config: { ...t.config, deal: { ...t.config.deal, ...parseSweep(extraEnv) }, jobs: { ...t.config.jobs, ...parsePoll(extraEnv) } },
        database: t.database,
        logger: false,
        clientDir: null,
        payments: sandbox,
        clock,
      });
      await app.ready();
      return app;
    },
  };
}

function parseSweep(env: Record<string, string>) {
  return env.sweepIntervalMs ? { sweepIntervalMs: Number(env.sweepIntervalMs) } : {};
}

/** The deal sweep is the job runner's poll since decision 042. */
function parsePoll(env: Record<string, string>) {
  return env.sweepIntervalMs ? { pollIntervalMs: Number(env.sweepIntervalMs) } : {};
}

export type DealWorld = Awaited<ReturnType<typeof createDealWorld>>;
