// The one step of a deal that is not in the transaction of the change that calls for it is the
// money move after commit (a payout once the work is accepted). This pins the window down: the
// acceptance commits, the payout never happens (as when the process dies right there), and the
// next instance to start pays it out, once.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.js';
import { notifications } from '#server/db/schema/notifications.js';
import { payments } from '#server/db/schema/payments.js';
import { createSandboxProvider, SANDBOX_CARD_SUCCESS } from '#server/integrations/payments/sandbox-provider.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject } from '#test/support/factories.js';
import { bidBody, waitUntil } from './load.js';

let t: TestApp;
let cast: Cast;
let isDyingAtPayout = false;
const sandbox = createSandboxProvider('faults-sandbox-secret-0123456789');
const transfer = sandbox.createTransfer.bind(sandbox);
sandbox.createTransfer = async (input) => {
  if (isDyingAtPayout) throw new Error('the process died before the payout');
  return transfer(input);
};

beforeAll(async () => {
  t = await createTestApp({}, { payments: sandbox });
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

it('pays out, on the next start, the accepted work whose payout a dying instance never made', async () => {
  const { owner, finisher, visitor } = cast;
  const project = await createProject(t.database.db, { submitterId: owner.user.id });
  const bid = (await finisher.api.post(`/api/projects/${project.id}/bids`, bidBody(750))).json();
  expect((await owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
  const { checkoutUrl } = (await owner.api.post(`/api/bids/${bid.id}/pay`)).json();
  const session = checkoutUrl.replace('/sandbox/checkout/', '');
  expect(
    (await visitor.api.post(`/api/sandbox/checkout-sessions/${session}/pay`, { cardNumber: SANDBOX_CARD_SUCCESS, expiry: '12/34', cvc: '123' })).statusCode,
  ).toBe(200);
  const { url } = (await finisher.api.post('/api/stripe/create-connect-account', { userId: finisher.user.id })).json();
  expect((await finisher.api.post(`/api/sandbox/onboarding/${url.replace('/sandbox/onboarding/', '')}/complete`)).statusCode).toBe(200);
  await finisher.api.post(`/api/projects/${project.id}/complete`, { deliveryMessage: 'Everything is delivered.' });

  isDyingAtPayout = true;
  expect((await owner.api.post(`/api/projects/${project.id}/accept`, { accepted: true })).json().status).toBe('accepted');
  const paymentOf = async () =>
    (
      await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.bidId, bid.id), isNull(payments.changeOrderId)))
    )[0]!;
  // The half-done deal a kill at that moment leaves: the work is accepted, the money still held.
  expect((await paymentOf()).status).toBe('held');

  isDyingAtPayout = false;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await waitUntil('the overdue payout', async () => (await paymentOf()).status === 'released', 5_000);
  expect(await paymentOf()).toMatchObject({ releasedCents: 67_500, settledCents: 75_000 });
  expect(sandbox.ledger.transfers.size).toBe(1);
  expect((await t.database.db.select().from(bids).where(eq(bids.id, bid.id)))[0]!.status).toBe('completed');
  const told = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, finisher.user.id), eq(notifications.title, 'Payout released'), eq(notifications.relatedId, project.id)));
  expect(told).toHaveLength(1);
});
