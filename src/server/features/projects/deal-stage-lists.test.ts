import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';

// Issue 28, item 8: a person's own lists name each deal by the deal machine's stage, as the project
// page does; a bid stays 'paid' on a deal cancelled and refunded, and its card reads the stage.
let w: DealWorld;
beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
});
afterAll(() => w.t.close());

type Listed = { id: number; dealStage?: string };
type ListedBid = { id: number; projectId: number; status: string; project: { dealStage?: string } };

const projectsOf = async (who: 'owner' | 'finisher' | 'otherFinisher') => {
  const { user, api } = w.cast[who];
  const response = await api.get(`/api/users/${user.id}/projects`);
  expect(response.statusCode).toBe(200);
  return response.json() as Listed[];
};
const bidsOf = async (who: 'finisher' | 'otherFinisher') => {
  const { user, api } = w.cast[who];
  const response = await api.get(`/api/users/${user.id}/bids`);
  expect(response.statusCode).toBe(200);
  return response.json() as ListedBid[];
};

describe("a party's own lists", () => {
  it("carry each deal's stage, the same as the project page's, for the owner and the assigned finisher only", async () => {
    const delivered = await w.paidDeal();
    await w.deliver(delivered.projectId);
    const refunded = await w.paidDeal();
    expect((await w.cancel(refunded.projectId)).statusCode).toBe(200);
    expect((await w.cast.finisher.api.post(`/api/projects/${refunded.projectId}/cancellation/agree`)).statusCode).toBe(200);
    const unpaid = await w.acceptedDeal();

    const expected = { [delivered.projectId]: 'delivered', [refunded.projectId]: 'cancelled', [unpaid.projectId]: 'awaiting_payment' };
    for (const who of ['owner', 'finisher'] as const) {
      const listed = await projectsOf(who);
      for (const [projectId, stage] of Object.entries(expected)) {
        expect(listed.find((p) => p.id === Number(projectId))?.dealStage, `${who}: project ${projectId}`).toBe(stage);
        const detail = (await w.cast[who].api.get(`/api/projects/${projectId}`)).json();
        expect(detail.deal.stage).toBe(stage);
      }
    }

    // The winning bid names its deal: paid, but cancelled and refunded.
    const bids = await bidsOf('finisher');
    const winning = bids.find((b) => b.id === refunded.bidId)!;
    expect(winning.status).toBe('paid');
    expect(winning.project.dealStage).toBe('cancelled');
    expect(bids.find((b) => b.id === delivered.bidId)!.project.dealStage).toBe('delivered');

    // The losing finisher's bids on the same projects carry no stage: he is no party to those deals.
    const losing = await bidsOf('otherFinisher');
    expect(losing.filter((b) => Object.keys(expected).includes(String(b.projectId))).length).toBe(3);
    for (const bid of losing) expect(bid.project.dealStage).toBeUndefined();
    expect((await projectsOf('otherFinisher')).length).toBe(0);

    // Nobody reads another person's lists.
    for (const api of [w.cast.otherSubmitter.api, w.cast.otherFinisher.api]) {
      expect((await api.get(`/api/users/${w.cast.owner.user.id}/projects`)).statusCode).toBe(403);
      expect((await api.get(`/api/users/${w.cast.finisher.user.id}/bids`)).statusCode).toBe(403);
    }
    expect((await w.cast.visitor.api.get(`/api/users/${w.cast.owner.user.id}/projects`)).statusCode).toBe(401);
  });
});
