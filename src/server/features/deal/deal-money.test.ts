import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealMoney, DealMoneyParts } from '#shared/contracts/deal.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import type { client } from '#test/support/http.js';

// The one money view of a deal (decision 047): computed once by the server from the payment rows,
// per payment and in total, and the same in the deal answer and the dispute answer.
let w: DealWorld;
let operator: ReturnType<typeof client>;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
  ({ api: operator } = await w.signInOperator());
});
afterAll(() => w.t.close());

const expectIdentity = (parts: DealMoneyParts) => expect(parts.releasedCents + parts.feeCents + parts.refundedCents + parts.heldCents).toBe(parts.paidCents);
const expectEveryIdentity = (money: DealMoney) => {
  expectIdentity(money);
  for (const payment of money.payments) expectIdentity(payment);
  // The totals are the sums of the payments.
  for (const part of ['paidCents', 'heldCents', 'releasedCents', 'feeCents', 'refundedCents'] as const) {
    expect(money.payments.reduce((sum, p) => sum + p[part], 0)).toBe(money[part]);
  }
};
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('the money view of a deal', () => {
  it('follows a paid change order, an approved milestone and a ruling, per payment and in total', async () => {
    const { projectId } = await w.paidDeal(); // $750
    const owner = w.cast.owner.api;
    const finisher = w.cast.finisher.api;

    // A $0 change order first, so the paid one is 'Change order 2' as the page numbers it.
    const free = (
      await finisher.post(`/api/projects/${projectId}/change-orders`, { description: 'Two more days for testing.', amount: 0, extraDays: 2 })
    ).json();
    expect((await owner.post(`/api/change-orders/${free.id}/accept`, {})).statusCode).toBe(200);
    const extra = (
      await finisher.post(`/api/projects/${projectId}/change-orders`, { description: 'Add CSV export of the orders.', amount: 200, extraDays: 3 })
    ).json();
    expect((await owner.post(`/api/change-orders/${extra.id}/accept`, {})).statusCode).toBe(200);
    const { checkoutUrl } = (await owner.post(`/api/change-orders/${extra.id}/pay`, {})).json();
    expect((await w.cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, card)).statusCode).toBe(200);

    const paid: DealMoney = (await w.deal(projectId)).money;
    expect(paid).toEqual({
      paidCents: 95_000,
      heldCents: 95_000,
      releasedCents: 0,
      feeCents: 0,
      refundedCents: 0,
      payments: [
        { changeOrderId: null, label: 'Original price', status: 'held', paidCents: 75_000, heldCents: 75_000, releasedCents: 0, feeCents: 0, refundedCents: 0 },
        {
          changeOrderId: extra.id,
          label: 'Change order 2',
          status: 'held',
          paidCents: 20_000,
          heldCents: 20_000,
          releasedCents: 0,
          feeCents: 0,
          refundedCents: 0,
        },
      ],
      // Accepting now would pay 90% of both payments: $675 + $180.
      onAcceptance: { finisherCents: 85_500, feeCents: 9_500 },
    });
    expect((await w.deal(projectId)).nextStep.description).not.toContain('revising');

    // A $300 milestone delivered and approved: its 90% leaves at once, its fee with it.
    const milestone = (await owner.post(`/api/projects/${projectId}/milestones`, { title: 'Orders page', amount: 300 })).json();
    expect((await finisher.post(`/api/milestones/${milestone.id}/complete`, { note: 'The orders page is done.' })).statusCode).toBe(200);
    expect((await owner.post(`/api/milestones/${milestone.id}/approve`, {})).statusCode).toBe(200);
    const staged = await w.deal(projectId);
    expect(staged.money).toMatchObject({
      paidCents: 95_000,
      heldCents: 65_000,
      releasedCents: 27_000,
      feeCents: 3_000,
      refundedCents: 0,
      onAcceptance: { finisherCents: 58_500, feeCents: 6_500 },
    });
    expect(staged.money.payments[0]).toMatchObject({ heldCents: 45_000, releasedCents: 27_000, feeCents: 3_000 });
    expectEveryIdentity(staged.money);
    // The history has the payout, named by its milestone; nobody asked for a revision, and the next step says so.
    expect(staged.history.find((h: { kind: string }) => h.kind === 'payout')).toMatchObject({
      amountCents: 27_000,
      milestoneTitle: 'Orders page',
      milestoneId: milestone.id,
    });
    expect(staged.nextStep.action).toBe('deliver');
    expect(staged.nextStep.description).not.toContain('revising');
    expect(staged.nextStep.description).toContain('get $650 back');

    // Delivered, disputed, ruled: $325 of the $650 in dispute to the finisher (the deal's own payment first), the rest back.
    expect((await w.deliver(projectId)).statusCode).toBe(200);
    expect((await w.deal(projectId)).nextStep.description).toContain('$585 is released to');
    const dispute = (
      await owner.post(`/api/projects/${projectId}/disputes`, { reason: 'Half of the export does not work at all.', finisherAmountCents: 20_000 })
    ).json();
    expect(dispute.disputedCents).toBe(65_000);
    expect((await finisher.post(`/api/disputes/${dispute.id}/escalate`)).statusCode).toBe(200);
    const ruled = await operator.post(`/api/operator/disputes/${dispute.id}/ruling`, {
      finisherAmountCents: 32_500,
      decision: 'Half of the remaining work stands, as both showed.',
    });
    expect(ruled.statusCode).toBe(200);

    const settled: DealMoney = (await w.deal(projectId)).money;
    expect(settled).toEqual({
      paidCents: 95_000,
      heldCents: 0,
      releasedCents: 56_250,
      feeCents: 6_250,
      refundedCents: 32_500,
      payments: [
        {
          changeOrderId: null,
          label: 'Original price',
          status: 'released',
          paidCents: 75_000,
          heldCents: 0,
          releasedCents: 56_250,
          feeCents: 6_250,
          refundedCents: 12_500,
        },
        {
          changeOrderId: extra.id,
          label: 'Change order 2',
          status: 'refunded',
          paidCents: 20_000,
          heldCents: 0,
          releasedCents: 0,
          feeCents: 0,
          refundedCents: 20_000,
        },
      ],
      onAcceptance: { finisherCents: 0, feeCents: 0 },
    });
    expectEveryIdentity(settled);
    // The finisher, and the operator on the dispute page, read the very same figures.
    expect((await w.deal(projectId, finisher)).money).toEqual(settled);
    for (const api of [owner, finisher, operator]) expect((await api.get(`/api/disputes/${dispute.id}`)).json().money).toEqual(settled);
  });

  it('is null before the money came, and for a stranger there is no deal to read', async () => {
    const { projectId } = await w.acceptedDeal();
    expect((await w.deal(projectId)).money).toBeNull();
    expect((await w.cast.otherFinisher.api.get(`/api/projects/${projectId}/deal`)).statusCode).toBe(403);
  });
});
