import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes } from '#server/db/schema/disputes.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import type { client } from '#test/support/http.js';

// Issue 26, item 10: a deal's dispute settles once. After it, only the payout or refund it decided
// moves that money, even while the payout still waits for the finisher's onboarding.
let w: DealWorld;
let operator: ReturnType<typeof client>;
beforeAll(async () => {
  // The finisher is not onboarded: the settled dispute's payout waits, the payment stays held.
  w = await createDealWorld();
  ({ api: operator } = await w.signInOperator());
});
afterAll(() => w.t.close());

const reason = 'The owner cancelled after most of the work was delivered.';
const expectIdentity = (money: { paidCents: number; releasedCents: number; feeCents: number; refundedCents: number; heldCents: number }) =>
  expect(money.releasedCents + money.feeCents + money.refundedCents + money.heldCents).toBe(money.paidCents);

describe('a settled dispute', () => {
  it('cannot be followed by a second one on the same deal, and only its own split moves the money', async () => {
    const { projectId, bidId } = await w.paidDeal();
    expect((await w.cancel(projectId)).statusCode).toBe(200);
    // The finisher objects: a dispute asking for all $750.
    const objected = await w.cast.finisher.api.post(`/api/projects/${projectId}/cancellation/object`, { reason });
    expect(objected.statusCode).toBe(200);
    const disputeId = objected.json().dispute.id as number;
    // The owner offers $300; the finisher accepts it.
    const offered = await w.cast.owner.api.post(`/api/disputes/${disputeId}/offers`, { finisherAmountCents: 30_000 });
    expect(offered.statusCode).toBe(201);
    const ownerOffer = offered.json().offers.at(-1);
    const accepted = await w.cast.finisher.api.post(`/api/disputes/${disputeId}/offers/${ownerOffer.id}/accept`);
    expect(accepted.json()).toMatchObject({ status: 'settled', split: { finisherAmountCents: 30_000 } });
    // The refund went; the payout waits for onboarding, so the payment is still held.
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'held', refundedCents: 45_000, releasedCents: 0 });

    // The owner tries again: a second dispute is refused, with a sentence.
    const again = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, { reason, finisherAmountCents: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'INVALID_TRANSITION', message: "This deal's dispute was settled; its decision is final" });
    const byFinisher = await w.cast.finisher.api.post(`/api/projects/${projectId}/disputes`, { reason, finisherAmountCents: 75_000 });
    expect(byFinisher.statusCode).toBe(409);
    expect((await operator.get('/api/operator/disputes?status=with_operator')).json().disputes ?? []).not.toContainEqual(
      expect.objectContaining({ projectId }),
    );

    // The database holds the rule too: one dispute per payment.
    const [first] = await w.t.database.db.select().from(disputes).where(eq(disputes.id, disputeId));
    const { id: _id, ...copy } = first!;
    await expect(
      w.t.database.db.insert(disputes).values({ ...copy, status: 'negotiating', settlement: null, finisherAmountCents: null, settledAt: null }),
    ).rejects.toThrow();

    // Onboarding finishes: exactly the settled payout leaves, nothing more is refunded.
    await w.onboardFinisher();
    expect(await w.paymentOf(bidId)).toMatchObject({ status: 'released', releasedCents: 27_000, settledCents: 30_000, refundedCents: 45_000 });
    expectIdentity((await w.deal(projectId)).money);
  });
});
