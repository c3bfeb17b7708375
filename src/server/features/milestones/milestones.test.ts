import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject } from '#test/support/factories.js';
import { milestones } from '#server/db/schema/milestones.js';
import { notifications } from '#server/db/schema/notifications.js';
import { payments } from '#server/db/schema/payments.js';
import { users } from '#server/db/schema/users.js';
import { createSandboxProvider, type SandboxProvider } from '#server/integrations/payments/sandbox-provider.js';

let t: TestApp;
let cast: Cast;
let sandbox: SandboxProvider;
beforeAll(async () => {
  sandbox = createSandboxProvider('milestone-test-secret-0123456789');
  t = await createTestApp({}, { payments: sandbox });
  cast = await createCast(t.app, t.database.db);
  // The finisher can be paid out.
  await t.database.db.update(users).set({ onboardingComplete: true, stripeConnectAccountId: 'acct_sbx_test' }).where(eq(users.id, cast.finisher.user.id));
});
afterAll(() => t.close());

/** A project of cast.owner assigned to cast.finisher for a $1,000 bid; paid through the sandbox when asked. */
async function deal(options: { paid?: boolean; amount?: number } = {}) {
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
  const bid = (
    await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { amount: options.amount ?? 1000, timeline: 20, message: 'Two milestones, three weeks.' })
  ).json();
  await cast.owner.api.post(`/api/bids/${bid.id}/accept`);
  if (options.paid) {
    const { checkoutUrl } = (await cast.owner.api.post(`/api/bids/${bid.id}/pay`, {})).json();
    const paid = await cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, {
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
  }
  return { projectId: project.id, bidId: bid.id as number };
}

const awaitingPayment = "This deal waits for the owner's payment: the work can be delivered once the money is held.";
const add = (projectId: number, body: object, api = cast.owner.api) => api.post(`/api/projects/${projectId}/milestones`, body);
const step = (api: Cast['owner']['api'], id: number, action: string, body: object = {}) => api.post(`/api/milestones/${id}/${action}`, body);
const paymentOf = async (bidId: number) => (await t.database.db.select().from(payments).where(eq(payments.bidId, bidId)))[0]!;

function expectMoneyInvariants(payment: Awaited<ReturnType<typeof paymentOf>>) {
  expect(payment.releasedCents).toBeLessThanOrEqual(payment.developerAmountCents);
  expect(payment.settledCents + payment.refundedCents).toBeLessThanOrEqual(payment.amountCents);
}

describe('planning milestones', () => {
  it('lets the owner add, edit and remove pending milestones within the bid amount', async () => {
    const { projectId } = await deal();
    const first = await add(projectId, { title: 'Auth and onboarding', description: 'Sign-up flow', amount: 400, dueDate: '2030-01-15' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: 'Auth and onboarding', amount: 400, status: 'pending', dueDate: '2030-01-15', isOverdue: false });
    const second = (await add(projectId, { title: 'Payments', amount: 600 })).json();
    const over = await add(projectId, { title: 'Extras', amount: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Milestones may not add up to more than the accepted bid ($1,000); $0 is left to plan');
    const edited = await cast.owner.api.patch(`/api/milestones/${second.id}`, { amount: 550, title: 'Payments and refunds' });
    expect(edited.json()).toMatchObject({ amount: 550, title: 'Payments and refunds' });
    expect((await cast.owner.api.patch(`/api/milestones/${second.id}`, { amount: 700 })).statusCode).toBe(409);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/milestones/${second.id}`, headers: { cookie: await cookieOf(cast.owner.user.email) } });
    expect(removed.statusCode).toBe(204);
    const list = (await cast.owner.api.get(`/api/projects/${projectId}/milestones`)).json();
    expect(list.map((m: { title: string }) => m.title)).toEqual(['Auth and onboarding']);
  });

  it('refuses a due date in the past, and marks a milestone overdue once its date has passed', async () => {
    const { projectId } = await deal();
    const refused = await add(projectId, { title: 'Late one', amount: 100, dueDate: '2020-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The due date cannot be in the past' });

    const today = new Date().toISOString().slice(0, 10);
    const due = (await add(projectId, { title: 'Due today', amount: 100, dueDate: today })).json();
    expect(due.isOverdue).toBe(false);
    const moved = await cast.owner.api.patch(`/api/milestones/${due.id}`, { dueDate: '2021-05-01' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('The due date cannot be in the past');

    // Time passes: the date it was given is now behind it.
    await t.database.db
      .update(milestones)
      .set({ dueDate: new Date('2020-01-01T00:00:00Z') })
      .where(eq(milestones.id, due.id));
    const [late] = (await cast.owner.api.get(`/api/projects/${projectId}/milestones`)).json();
    expect(late).toMatchObject({ dueDate: '2020-01-01', isOverdue: true });
    // An edit that leaves the passed date alone still goes through.
    expect((await cast.owner.api.patch(`/api/milestones/${due.id}`, { title: 'Due long ago', dueDate: '2020-01-01' })).statusCode).toBe(200);
  });

  it('refuses everyone but the owner, and projects that are not under way', async () => {
    const { projectId } = await deal();
    for (const api of [cast.finisher.api, cast.otherFinisher.api, cast.otherSubmitter.api]) {
      const refused = await add(projectId, { title: 'Sneaky', amount: 10 }, api);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only the project owner can manage milestones');
    }
    expect((await add(projectId, { title: 'Sneaky', amount: 10 }, cast.visitor.api)).statusCode).toBe(401);
    const open = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const early = await add(open.id, { title: 'Too early', amount: 10 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Milestones can be added while the project is assigned or in progress');
  });

  it.each([
    [{ title: 'ab', amount: 10 }, 'Title must be at least 3 characters'],
    [{ title: 'Fine title', amount: 0 }, 'Amount must be a positive number of dollars'],
    [{ title: 'Fine title', amount: 10.555 }, 'Amount can have at most two decimals'],
    [{ title: 'Fine title', amount: 10, dueDate: 'tomorrow' }, 'Due date must be a date (YYYY-MM-DD)'],
  ])('validates %j', async (body, message) => {
    const { projectId } = await deal();
    const response = await add(projectId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('hides amounts and notes from anyone but the two parties', async () => {
    const { projectId } = await deal();
    await add(projectId, { title: 'Visible title', amount: 250 });
    for (const api of [cast.visitor.api, cast.otherFinisher.api]) {
      const [milestone] = (await api.get(`/api/projects/${projectId}/milestones`)).json();
      expect(milestone.title).toBe('Visible title');
      expect(milestone).not.toHaveProperty('amount');
    }
    expect((await cast.finisher.api.get(`/api/projects/${projectId}/milestones`)).json()[0].amount).toBe(250);
  });
});

describe('working through milestones', () => {
  it('runs complete, send back, complete, approve with the right people only', async () => {
    const { projectId } = await deal({ paid: true });
    const m = (await add(projectId, { title: 'Dashboard charts', amount: 300 })).json();
    expect((await step(cast.owner.api, m.id, 'approve')).json().message).toBe('Only a completed milestone can be approved');
    for (const api of [cast.owner.api, cast.otherFinisher.api]) {
      const refused = await step(api, m.id, 'complete', { note: 'Charts are done.' });
      expect(refused.statusCode).toBe(403);
    }
    expect((await step(cast.finisher.api, m.id, 'complete', { note: 'ok' })).json().message).toBe('Please add a short note (at least 5 characters)');
    const done = await step(cast.finisher.api, m.id, 'complete', { note: 'Charts are done.' });
    expect(done.json()).toMatchObject({ status: 'completed', completionNote: 'Charts are done.' });
    expect((await step(cast.finisher.api, m.id, 'complete', { note: 'Charts are done.' })).statusCode).toBe(409);
    expect((await cast.owner.api.patch(`/api/milestones/${m.id}`, { amount: 10 })).json().message).toBe('Only a pending milestone can be edited');
    expect((await step(cast.finisher.api, m.id, 'approve')).statusCode).toBe(403);
    const back = await step(cast.owner.api, m.id, 'send-back', { feedback: 'Axis labels are missing.' });
    expect(back.json()).toMatchObject({ status: 'pending', feedback: 'Axis labels are missing.' });
    await step(cast.finisher.api, m.id, 'complete', { note: 'Labels added.' });
    const approved = await step(cast.owner.api, m.id, 'approve');
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect(approved.json().approvedAt).not.toBeNull();
    expect((await step(cast.owner.api, m.id, 'send-back', { feedback: 'Changed my mind.' })).statusCode).toBe(409);
    // Nothing is sent back once the project is closed.
    const other = (await add(projectId, { title: 'Late stage', amount: 100 })).json();
    await step(cast.finisher.api, other.id, 'complete', { note: 'Late stage done.' });
    await cast.owner.api.patch(`/api/projects/${projectId}/status`, { status: 'cancelled' });
    const closed = await step(cast.owner.api, other.id, 'send-back', { feedback: 'Too late now.' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Milestones can be sent back while the project is under way');
    expect((await step(cast.owner.api, 999999, 'approve')).statusCode).toBe(404);

    const rows = await t.database.db.select().from(notifications).where(eq(notifications.relatedId, projectId));
    const types = rows.map((n) => `${n.type}:${n.title}`);
    expect(types).toEqual(
      expect.arrayContaining(['milestone:New Milestone Added', 'milestone_completed:Milestone Completed', 'milestone_approved:Milestone Approved']),
    );
  });
});

describe('staged payouts', () => {
  it('releases each approved milestone’s share at once, the rest on acceptance, never more than held', async () => {
    const { projectId, bidId } = await deal({ paid: true });
    const first = (await add(projectId, { title: 'Stage one', amount: 400 })).json();
    const second = (await add(projectId, { title: 'Stage two', amount: 350.5 })).json();
    // What approving releases, shown in the owner's confirmation (issue 28, item 5): the share less the fee, as the payout will be.
    expect(first).toMatchObject({ amountCents: 40_000, payoutCents: 36_000 });
    expect(second).toMatchObject({ amountCents: 35_050, payoutCents: 31_545 });
    await step(cast.finisher.api, first.id, 'complete', { note: 'Stage one shipped.' });
    await step(cast.owner.api, first.id, 'approve');
    let payment = await paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'held', releasedCents: 36_000, settledCents: 40_000 });
    expectMoneyInvariants(payment);
    const transfer = [...sandbox.ledger.transfers.values()].filter((tr) => tr.amountCents === 36_000);
    expect(transfer).toHaveLength(1);

    await step(cast.finisher.api, second.id, 'complete', { note: 'Stage two shipped.' });
    await step(cast.owner.api, second.id, 'approve');
    payment = await paymentOf(bidId);
    // $350.50 less its 10% fee ($35.05) is $315.45.
    expect(payment).toMatchObject({ releasedCents: 36_000 + 31_545, settledCents: 75_050 });
    expect(
      (await cast.finisher.api.get(`/api/projects/${projectId}/milestones`)).json().every((m: { releasedAt: string | null }) => m.releasedAt !== null),
    ).toBe(true);

    await cast.finisher.api.post(`/api/projects/${projectId}/complete`, { deliveryMessage: 'All stages delivered.' });
    await cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true });
    payment = await paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'released', releasedCents: 90_000, settledCents: 100_000, refundedCents: 0 });
    expect(payment.settledCents + payment.refundedCents).toBe(payment.amountCents);
  });

  it('never releases more than 90% of the bid, whatever the per-milestone rounding', async () => {
    // A $1 bid in seven 14-cent milestones: 10% of 14 cents rounds to 1, so each share would be
    // 13 cents and seven of them 91 cents, more than the finisher's 90.
    const { projectId, bidId } = await deal({ paid: true, amount: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await add(projectId, { title: `Tiny ${i}`, amount: 0.14 })).json().id);
    for (const id of ids) {
      await step(cast.finisher.api, id, 'complete', { note: 'Tiny part done.' });
      await step(cast.owner.api, id, 'approve');
    }
    let payment = await paymentOf(bidId);
    expect(payment.releasedCents).toBe(90);
    expectMoneyInvariants(payment);
    await cast.finisher.api.post(`/api/projects/${projectId}/complete`, { deliveryMessage: 'Everything delivered.' });
    await cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true });
    payment = await paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'released', releasedCents: 90, settledCents: 100 });
  });

  it('refunds only what has not been released when a paid project is cancelled', async () => {
    const { projectId, bidId } = await deal({ paid: true });
    const m = (await add(projectId, { title: 'Only stage', amount: 250 })).json();
    await step(cast.finisher.api, m.id, 'complete', { note: 'Stage shipped.' });
    await step(cast.owner.api, m.id, 'approve');
    await cast.owner.api.patch(`/api/projects/${projectId}/status`, { status: 'cancelled' });
    // The finisher agrees to the cancellation request (the deal clock); then the remainder goes back.
    expect((await cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
    const payment = await paymentOf(bidId);
    expect(payment).toMatchObject({ status: 'refunded', releasedCents: 22_500, settledCents: 25_000, refundedCents: 75_000 });
    expect(payment.settledCents + payment.refundedCents).toBe(payment.amountCents);
    expectMoneyInvariants(payment);
  });

  it('approving on an unpaid project releases nothing until the money arrives', async () => {
    const { projectId, bidId } = await deal();
    const m = (await add(projectId, { title: 'Unpaid stage', amount: 100 })).json();
    // Issue 26: nothing is completed or approved before the money is held.
    const early = await step(cast.finisher.api, m.id, 'complete', { note: 'Stage shipped.' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'INVALID_TRANSITION', message: awaitingPayment });
    // A milestone delivered unpaid before issue 26 is not approved either.
    await t.database.db
      .update(milestones)
      .set({ status: 'completed', completionNote: 'Stage shipped.', completedAt: new Date() })
      .where(eq(milestones.id, m.id));
    const unpaidApproval = await step(cast.owner.api, m.id, 'approve');
    expect(unpaidApproval.statusCode).toBe(409);
    expect(unpaidApproval.json().message).toBe(awaitingPayment);
    expect((await paymentOf(bidId).catch(() => null))?.releasedCents ?? 0).toBe(0);
    const { checkoutUrl } = (await cast.owner.api.post(`/api/bids/${bidId}/pay`, {})).json();
    await cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, {
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect((await step(cast.owner.api, m.id, 'approve')).statusCode).toBe(200);
    expect(await paymentOf(bidId)).toMatchObject({ status: 'held', releasedCents: 9_000, settledCents: 10_000 });
  });
});

async function cookieOf(email: string) {
  const { signIn } = await import('#test/support/factories.js');
  return signIn(t.app, email);
}
