import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposeChangeOrderBody } from '#shared/contracts/change-orders.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { payments } from '#server/db/schema/payments.js';
import { DAY_MS } from '#test/support/clock.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { dealTimerRows } from '#test/support/deal-timers.js';
import type { client } from '#test/support/http.js';

// Change orders (issue 18, item 6; decision 034): either party proposes, the other accepts or
// declines; the owner pays an accepted amount through the same checkout, and that money is held,
// released, refunded or split with the deal's, exactly once.
let w: DealWorld;
let operator: ReturnType<typeof client>;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
  ({ api: operator } = await w.signInOperator());
});
afterAll(() => w.t.close());

type Api = DealWorld['cast']['owner']['api'];
const terms: ProposeChangeOrderBody = { description: 'Add CSV export of the orders page.', amount: 200, extraDays: 3 };
const propose = (projectId: number, body: object = terms, api: Api = w.cast.finisher.api) => api.post(`/api/projects/${projectId}/change-orders`, body);
const act = (id: number, step: 'accept' | 'decline' | 'withdraw' | 'pay', api: Api) => api.post(`/api/change-orders/${id}/${step}`, {});
const list = (projectId: number, api: Api) => api.get(`/api/projects/${projectId}/change-orders`);
/** One identity over every payment of the deal: released to the finisher + fee + refunded + still held = paid. */
const expectIdentity = (money: { paidCents: number; releasedCents: number; feeCents: number; refundedCents: number; heldCents: number }) =>
  expect(money.releasedCents + money.feeCents + money.refundedCents + money.heldCents).toBe(money.paidCents);
const changeOrderPayment = async (changeOrderId: number) => (await w.t.database.db.select().from(payments).where(eq(payments.changeOrderId, changeOrderId)))[0];
const historyOf = (projectId: number) => w.t.database.db.select().from(dealHistory).where(eq(dealHistory.projectId, projectId));
const pendingDeliveryDue = async (projectId: number) =>
  (await dealTimerRows(w.t.database.db, projectId)).filter((timer) => timer.kind === 'delivery_due' && timer.firedAt === null);

/** Pays a change order's checkout with the sandbox's test card: the webhook holds the money. */
async function payChangeOrder(id: number) {
  const response = await act(id, 'pay', w.cast.owner.api);
  expect(response.statusCode).toBe(200);
  const { checkoutUrl } = response.json();
  const paid = await w.cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode).toBe(200);
}

/** A paid $750 deal with a $200 change order the finisher proposed and the owner accepted. */
async function acceptedChangeOrder(body: object = terms) {
  const deal = await w.paidDeal();
  const proposed = await propose(deal.projectId, body);
  expect(proposed.statusCode).toBe(201);
  const accepted = await act(proposed.json().id, 'accept', w.cast.owner.api);
  expect(accepted.statusCode).toBe(200);
  return { ...deal, changeOrderId: proposed.json().id as number };
}

async function paidChangeOrder() {
  const deal = await acceptedChangeOrder();
  await payChangeOrder(deal.changeOrderId);
  return deal;
}

describe('proposing a change order', () => {
  it('is for either party of a live deal, with a description, an amount ($0 allowed) and extra days', async () => {
    const { projectId } = await w.paidDeal();
    const created = await propose(projectId, { description: '  Add CSV export of the orders page.  ', amount: '200.50', extraDays: '3' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      projectId,
      proposedBy: 'finisher',
      proposerId: w.cast.finisher.user.id,
      description: 'Add CSV export of the orders page.',
      amount: 200.5,
      amountCents: 20_050,
      extraDays: 3,
      status: 'proposed',
      paymentStatus: null,
      decidedAt: null,
      paidAt: null,
    });
    const free = await propose(projectId, { description: 'Two more days for the review.', amount: 0, extraDays: 2 }, w.cast.owner.api);
    expect(free.json()).toMatchObject({ proposedBy: 'owner', amountCents: 0, extraDays: 2 });

    // The other party is told, and the deal's history has the step.
    const told = (await w.notificationsOf(w.cast.owner.user.id, projectId)).find((n) => n.title === 'Change order proposed');
    expect(told).toMatchObject({ type: 'change_order' });
    expect(told?.content).toContain('$200.50 and 3 more days');
    expect((await w.notificationsOf(w.cast.finisher.user.id, projectId)).filter((n) => n.title === 'Change order proposed')).toHaveLength(1);
    expect((await historyOf(projectId)).filter((h) => h.kind === 'change_order_proposed').map((h) => h.by)).toEqual(['finisher', 'owner']);
    // Both parties read them, oldest first, in the list and in the deal.
    for (const api of [w.cast.owner.api, w.cast.finisher.api]) {
      expect((await list(projectId, api)).json().map((c: { id: number }) => c.id)).toEqual([created.json().id, free.json().id]);
    }
    expect((await w.deal(projectId)).changeOrders).toHaveLength(2);
  });

  it('refuses bad input with the reason', async () => {
    const { projectId } = await w.paidDeal();
    const cases: [object, string][] = [
      [{ ...terms, description: 'short' }, 'Describe the change in at least 10 characters'],
      [{ ...terms, amount: -1 }, 'Amount cannot be negative'],
      [{ ...terms, amount: 10.005 }, 'Amount can have at most two decimals'],
      [{ ...terms, extraDays: 366 }, 'At most 365 extra days'],
      [{ ...terms, extraDays: 1.5 }, 'Extra days must be a whole number of days'],
    ];
    for (const [body, message] of cases) {
      const refused = await propose(projectId, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
  });

  it('is refused to anyone but the two parties, and outside a live deal', async () => {
    const { projectId } = await w.paidDeal();
    for (const api of [w.cast.otherFinisher.api, w.cast.otherSubmitter.api, operator]) {
      const refused = await propose(projectId, terms, api);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Only the project owner and its developer can propose a change order' });
    }
    expect((await propose(projectId, terms, w.cast.visitor.api)).statusCode).toBe(401);

    // Before payment, after acceptance, once cancelled: no deal to change.
    const unpaid = await w.acceptedDeal();
    expect((await propose(unpaid.projectId)).json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'A change order can be proposed once the project is paid, until its work is accepted',
    });
    await w.deliver(projectId);
    expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    const late = await propose(projectId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The work on this project was already accepted: its deal can no longer change');
    const cancelled = await w.paidDeal();
    await w.cancel(cancelled.projectId);
    expect((await propose(cancelled.projectId)).json().message).toBe('This project has been cancelled');
  });

  it('waits while a dispute is open', async () => {
    const { projectId } = await w.paidDeal();
    await w.deliver(projectId);
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, {
      reason: 'The delivery does not build on a clean clone.',
      finisherAmountCents: 0,
    });
    expect(opened.statusCode).toBe(201);
    const refused = await propose(projectId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This project has an open dispute: its next steps wait until the dispute is settled');
  });
});

describe('answering a change order', () => {
  it('is the other party’s: accept or decline once; the proposer may withdraw while it is proposed', async () => {
    const { projectId } = await w.paidDeal();
    const first = (await propose(projectId)).json();
    // Not the proposer's, nor anyone's outside the deal.
    const own = await act(first.id, 'accept', w.cast.finisher.api);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Only the other party of the deal can accept this change order');
    for (const api of [w.cast.otherFinisher.api, w.cast.otherSubmitter.api, operator]) {
      for (const step of ['accept', 'decline', 'withdraw'] as const) {
        const refused = await act(first.id, step, api);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('FORBIDDEN');
      }
      expect((await list(projectId, api)).statusCode).toBe(403);
    }
    expect((await act(first.id, 'accept', w.cast.visitor.api)).statusCode).toBe(401);
    expect((await list(projectId, w.cast.visitor.api)).statusCode).toBe(401);
    expect((await act(2_147_483_647, 'accept', w.cast.owner.api)).statusCode).toBe(404);
    expect((await act(first.id, 'withdraw', w.cast.owner.api)).json().message).toBe('Only the party who proposed this change order can withdraw it');

    const declined = await act(first.id, 'decline', w.cast.owner.api);
    expect(declined.json()).toMatchObject({ status: 'declined', decidedAt: expect.any(String) });
    const again = await act(first.id, 'accept', w.cast.owner.api);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'This change order is no longer open: only a proposed change order can be accepted',
    });
    expect((await w.notificationsOf(w.cast.finisher.user.id, projectId)).some((n) => n.title === 'Change order declined')).toBe(true);

    const second = (await propose(projectId, { ...terms, description: 'Add a PDF export as well.' })).json();
    expect((await act(second.id, 'withdraw', w.cast.finisher.api)).json()).toMatchObject({ status: 'withdrawn' });
    expect((await act(second.id, 'decline', w.cast.owner.api)).statusCode).toBe(409);
    expect((await historyOf(projectId)).map((h) => h.kind)).toEqual(
      expect.arrayContaining(['change_order_proposed', 'change_order_declined', 'change_order_withdrawn']),
    );
  });

  it('takes effect once when accepted twice at the same moment: one 200, one 409, the deadline moved once', async () => {
    const { projectId } = await w.paidDeal();
    const before = (await w.deal(projectId)).deliveryDueAt;
    const { id } = (await propose(projectId, { ...terms, amount: 0, extraDays: 4 }, w.cast.owner.api)).json();
    const results = await Promise.all([act(id, 'accept', w.cast.finisher.api), act(id, 'accept', w.cast.finisher.api)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('INVALID_TRANSITION');
    expect(results.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'accepted' });
    const history = (await historyOf(projectId)).filter((h) => h.kind.startsWith('change_order_') && h.kind !== 'change_order_proposed');
    expect(history).toHaveLength(1);
    const notes = (await w.notificationsOf(w.cast.owner.user.id, projectId)).filter((n) => n.type === 'change_order');
    expect(notes).toHaveLength(1);
    // A $0 change order only adds its days: the delivery deadline moves by 4 days, once, and its timer with it.
    const after = (await w.deal(projectId)).deliveryDueAt;
    expect(new Date(after).getTime() - new Date(before).getTime()).toBe(4 * DAY_MS);
    const timers = await pendingDeliveryDue(projectId);
    expect(timers.map((t) => t.dueAt.toISOString())).toEqual([after]);
    const pay = await act(id, 'pay', w.cast.owner.api);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('This change order has no amount to pay: its extra days already apply');
  });

  it('moves the delivery deadline by its days, and the timer fires then, not before', async () => {
    const { projectId } = await acceptedChangeOrder({ ...terms, amount: 0, extraDays: 5 });
    const deal = await w.deal(projectId);
    // Bid of 7 days + 5 extra + the grace: the old deadline passes quietly.
    w.clock.advance(8 * DAY_MS);
    await w.t.app.sweepDealTimers();
    expect((await historyOf(projectId)).some((h) => h.kind === 'deadline_passed')).toBe(false);
    w.clock.set(new Date(new Date(deal.deliveryDueAt).getTime() + 1));
    await w.t.app.sweepDealTimers();
    expect((await historyOf(projectId)).filter((h) => h.kind === 'deadline_passed')).toHaveLength(1);
  });
});

describe('paying a change order', () => {
  it('is the owner’s, through the same checkout; the money is held with the deal’s, once however often the webhook comes', async () => {
    const { projectId, changeOrderId } = await acceptedChangeOrder();
    for (const api of [w.cast.finisher.api, w.cast.otherFinisher.api, w.cast.otherSubmitter.api, operator]) {
      const refused = await act(changeOrderId, 'pay', api);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect((await act(changeOrderId, 'pay', w.cast.visitor.api)).statusCode).toBe(401);

    // Two clicks share one checkout session.
    const [a, b] = await Promise.all([act(changeOrderId, 'pay', w.cast.owner.api), act(changeOrderId, 'pay', w.cast.owner.api)]);
    expect(a.json().checkoutUrl).toBe(b.json().checkoutUrl);
    const sessionId = (a.json().checkoutUrl as string).replace('/sandbox/checkout/', '');
    const result = w.sandbox.pay(sessionId, { cardNumber: '4242424242424242', expiry: '12/34' });
    if (!result.ok) throw new Error(result.message);
    const deliveries = await Promise.all(
      Array.from({ length: 3 }, () =>
        w.t.app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          payload: result.event.rawBody,
          headers: { 'content-type': 'application/json', 'stripe-signature': result.event.signature },
        }),
      ),
    );
    expect(deliveries.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await changeOrderPayment(changeOrderId)).toMatchObject({
      status: 'held',
      amountCents: 20_000,
      platformFeeCents: 2_000,
      developerAmountCents: 18_000,
    });
    expect(await w.t.database.db.$count(payments, eq(payments.changeOrderId, changeOrderId))).toBe(1);
    // The deal's own payment and the project's payment endpoint are untouched.
    const base = (await w.cast.owner.api.get(`/api/projects/${projectId}/payment`)).json();
    expect(base).toMatchObject({ amountCents: 75_000, status: 'held' });

    const [listed] = (await list(projectId, w.cast.finisher.api)).json();
    expect(listed).toMatchObject({ status: 'accepted', paymentStatus: 'held', paidAt: expect.any(String) });
    expect((await w.notificationsOf(w.cast.finisher.user.id, projectId)).filter((n) => n.title === 'Change order paid')).toHaveLength(1);
    expect((await historyOf(projectId)).filter((h) => h.kind === 'change_order_paid')).toHaveLength(1);
    const deal = await w.deal(projectId);
    expect(deal.money).toMatchObject({ paidCents: 95_000, heldCents: 95_000 });
    expectIdentity(deal.money);
    // The next step speaks of all the held money.
    expect(deal.nextStep.description).toContain('get $950 back');

    const again = await act(changeOrderId, 'pay', w.cast.owner.api);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'This change order has already been paid' });
  });

  it('is refused before it is accepted, and once the work is accepted or the project cancelled', async () => {
    const { projectId } = await w.paidDeal();
    const proposed = (await propose(projectId)).json();
    expect((await act(proposed.id, 'pay', w.cast.owner.api)).json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Only an accepted change order can be paid',
    });

    const accepted = await acceptedChangeOrder();
    await w.deliver(accepted.projectId);
    expect((await w.cast.owner.api.post(`/api/projects/${accepted.projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    const late = await act(accepted.changeOrderId, 'pay', w.cast.owner.api);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The work on this project was already accepted: its change orders can no longer be paid');

    const cancelled = await acceptedChangeOrder();
    await w.cancel(cancelled.projectId);
    expect((await act(cancelled.changeOrderId, 'pay', w.cast.owner.api)).json().message).toBe(
      'This project has been cancelled: its change orders can no longer be paid',
    );
  });
});

describe('a change order’s money', () => {
  it('is released with the deal’s acceptance: 90% to the finisher, 10% fee, each payment once', async () => {
    const { projectId, bidId, changeOrderId } = await paidChangeOrder();
    await w.deliver(projectId);
    const transfersBefore = w.sandbox.ledger.transfers.size;
    expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500, settledCents: 75_000 });
    expect(await changeOrderPayment(changeOrderId)).toMatchObject({ status: 'released', releasedCents: 18_000, settledCents: 20_000, refundedCents: 0 });
    expect(w.sandbox.ledger.transfers.size).toBe(transfersBefore + 2);
    // Settling again (a restart's recovery, onboarding finishing) moves nothing more.
    await w.t.app.sweepDealTimers();
    await w.onboardFinisher();
    expect(w.sandbox.ledger.transfers.size).toBe(transfersBefore + 2);
    const deal = await w.deal(projectId);
    expect(deal.money).toMatchObject({ paidCents: 95_000, releasedCents: 85_500, feeCents: 9_500, refundedCents: 0, heldCents: 0 });
    expectIdentity(deal.money);
    expect(deal.changeOrders[0]).toMatchObject({ paymentStatus: 'released' });
  });

  it('is refunded with the deal’s in a cancellation, each payment once', async () => {
    const { projectId, bidId, changeOrderId } = await paidChangeOrder();
    expect((await w.cancel(projectId)).statusCode).toBe(200);
    const asked = await w.deal(projectId, w.cast.finisher.api);
    expect(asked.cancellation).toMatchObject({ outcome: 'open', refundCents: 95_000 });
    const refundsBefore = w.sandbox.ledger.refunds.size;
    expect((await w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'refunded', refundedCents: 75_000 });
    expect(await changeOrderPayment(changeOrderId)).toMatchObject({ status: 'refunded', refundedCents: 20_000, releasedCents: 0 });
    expect(w.sandbox.ledger.refunds.size).toBe(refundsBefore + 2);
    await w.t.app.sweepDealTimers();
    expect(w.sandbox.ledger.refunds.size).toBe(refundsBefore + 2);
    const deal = await w.deal(projectId);
    expect(deal.money).toMatchObject({ paidCents: 95_000, refundedCents: 95_000, heldCents: 0 });
    expect(deal.cancellation).toMatchObject({ outcome: 'agreed', refundCents: 95_000 });
    expectIdentity(deal.money);
  });

  it('is part of the money in dispute, the finisher’s amount allocated to the deal’s payment first', async () => {
    const { projectId, bidId, changeOrderId } = await paidChangeOrder();
    await w.deliver(projectId);
    const tooMuch = await w.cast.finisher.api.post(`/api/projects/${projectId}/disputes`, {
      reason: 'The owner will not accept finished work.',
      finisherAmountCents: 95_001,
    });
    expect(tooMuch.json().message).toBe('The amount must be between $0 and $950, the money in dispute');
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, {
      reason: 'The CSV export is missing entirely.',
      finisherAmountCents: 80_000,
    });
    expect(opened.statusCode).toBe(201);
    const dispute = opened.json();
    expect(dispute.disputedCents).toBe(95_000);
    const ownerOffer = dispute.offers.at(-1);
    const settled = await w.cast.finisher.api.post(`/api/disputes/${dispute.id}/offers/${ownerOffer.id}/accept`);
    expect(settled.statusCode).toBe(200);
    // $800 to the finisher: all $750 of the deal's payment, $50 of the change order's; $150 back to the owner.
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500, settledCents: 75_000, refundedCents: 0 });
    expect(await changeOrderPayment(changeOrderId)).toMatchObject({ status: 'released', releasedCents: 4_500, settledCents: 5_000, refundedCents: 15_000 });
    const deal = await w.deal(projectId);
    expect(deal.money).toMatchObject({ paidCents: 95_000, releasedCents: 72_000, feeCents: 8_000, refundedCents: 15_000, heldCents: 0 });
    expectIdentity(deal.money);
  });

  it('is frozen by a chargeback on its own card payment, while the deal’s payment is released; won, it follows', async () => {
    const { projectId, bidId, changeOrderId } = await paidChangeOrder();
    const payment = await changeOrderPayment(changeOrderId);
    const chargeback = (action: 'open' | 'won') => w.cast.owner.api.post(`/api/sandbox/payments/${payment!.id}/card-dispute`, { action });
    expect((await chargeback('open')).statusCode).toBe(200);
    await w.deliver(projectId);
    expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 67_500 });
    expect(await changeOrderPayment(changeOrderId)).toMatchObject({ status: 'held', releasedCents: 0, cardDisputeStatus: 'open' });
    expectIdentity((await w.deal(projectId)).money);
    expect((await chargeback('won')).statusCode).toBe(200);
    expect(await changeOrderPayment(changeOrderId)).toMatchObject({ status: 'released', releasedCents: 18_000, cardDisputeStatus: 'won' });
    expectIdentity((await w.deal(projectId)).money);
  });
});

describe('the numbering of change orders (issue 28, item 10)', () => {
  it('is one, from the server: the card, the answers and the checkout all say "Change order 2" for the second', async () => {
    // Another deal's change orders come first in the table: the number counts this deal's only.
    await acceptedChangeOrder();
    const { projectId, changeOrderId: first } = await acceptedChangeOrder();
    const proposed = await propose(projectId, { ...terms, description: 'Add a PDF export of the orders page.' });
    expect(proposed.json().number).toBe(2);
    const second = proposed.json().id as number;
    expect(second).not.toBe(2);
    const accepted = await act(second, 'accept', w.cast.owner.api);
    expect(accepted.json().number).toBe(2);
    for (const api of [w.cast.owner.api, w.cast.finisher.api]) {
      const listed = (await list(projectId, api)).json() as { id: number; number: number }[];
      expect(listed.map((c) => [c.id, c.number])).toEqual([
        [first, 1],
        [second, 2],
      ]);
    }
    const { checkoutUrl } = (await act(second, 'pay', w.cast.owner.api)).json();
    const session = (await w.cast.owner.api.get(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}`)).json();
    expect(session.description).toMatch(/\(Change order 2\)$/);
  });
});
