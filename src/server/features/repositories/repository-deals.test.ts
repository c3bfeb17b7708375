import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealHistory } from '#server/db/schema/deal.js';
import { projects } from '#server/db/schema/projects.js';
import { pullRequestDeliveries } from '#server/db/schema/repository-deals.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { repositoryHelpers } from '#test/support/repositories.js';

// Issue 29: push access that follows the deal, delivery by pull request, and a merge that accepts once.

let w: DealWorld;
let r: ReturnType<typeof repositoryHelpers>;

beforeAll(async () => {
  w = await createDealWorld();
  r = repositoryHelpers(w);
  await w.onboardFinisher();
});
afterAll(() => w.t.close());

let names = 0;
/** A paid deal on a project connected to a fresh sandbox repository of the owner's. */
async function paidDealWithRepository(options: { mergeAcceptsDelivery?: boolean; grantRepositoryAccess?: boolean; isPrivate?: boolean } = {}) {
  names += 1;
  const repo = await r.createRepository(w.cast.owner.api, `deal-app-${names}`, { isPrivate: options.isPrivate ?? true });
  const deal = await w.acceptedDeal();
  await w.t.database.db
    .update(projects)
    .set({ repositoryId: repo.id, mergeAcceptsDelivery: options.mergeAcceptsDelivery ?? true, grantRepositoryAccess: options.grantRepositoryAccess ?? true })
    .where(eq(projects.id, deal.projectId));
  return { ...deal, repo };
}

const historyKinds = async (projectId: number) =>
  (await w.t.database.db.select({ kind: dealHistory.kind }).from(dealHistory).where(eq(dealHistory.projectId, projectId))).map((row) => row.kind);
const count = (kinds: string[], kind: string) => kinds.filter((k) => k === kind).length;

const openPull = (api: DealWorld['cast']['owner']['api'], repoId: number, head: string, title = 'Finish the PDF export') =>
  api.post(`/api/sandbox/git/repositories/${repoId}/pulls`, { head, base: 'main', title });

describe('push access', () => {
  it('is none before payment, granted once after it, and removed once when the deal ends, whatever the retries', async () => {
    const deal = await paidDealWithRepository();
    // Before payment: the finisher may not open a pull request on the private repository.
    await r.pushBranch(deal.repo.id, 'early', { 'a.txt': 'a' });
    expect((await openPull(w.cast.finisher.api, deal.repo.id, 'early')).statusCode).toBe(404);
    expect((await w.deal(deal.projectId)).repositoryAccess).toEqual({ status: 'none', at: null });
    expect((await w.payBid(deal.bidId)).statusCode).toBe(200);
    await w.t.app.runDueJobs();
    await w.t.app.runDueJobs();
    expect((await w.deal(deal.projectId, w.cast.finisher.api)).repositoryAccess).toEqual({ status: 'granted', at: expect.any(String) });
    expect((await openPull(w.cast.finisher.api, deal.repo.id, 'early')).statusCode).toBe(201);
    // A second instance running the lanes at the same time changes nothing more.
    const second = await w.secondInstance();
    await Promise.all([w.t.app.runDueJobs(), second.runDueJobs()]);
    expect(count(await historyKinds(deal.projectId), 'repository_access_granted')).toBe(1);

    expect((await w.deliver(deal.projectId)).statusCode).toBe(200);
    expect((await w.cast.owner.api.post(`/api/projects/${deal.projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    await Promise.all([w.t.app.runDueJobs(), second.runDueJobs()]);
    await w.t.app.runDueJobs();
    await second.close();
    expect((await w.deal(deal.projectId)).repositoryAccess.status).toBe('removed');
    const kinds = await historyKinds(deal.projectId);
    expect([count(kinds, 'repository_access_granted'), count(kinds, 'repository_access_removed')]).toEqual([1, 1]);
    await r.pushBranch(deal.repo.id, 'late', { 'b.txt': 'b' });
    expect((await openPull(w.cast.finisher.api, deal.repo.id, 'late')).statusCode).toBe(404);
  });

  it('is never given when the owner opted out, and taken back when a paid deal is cancelled', async () => {
    const optedOut = await paidDealWithRepository({ grantRepositoryAccess: false });
    await w.payBid(optedOut.bidId);
    await w.t.app.runDueJobs();
    expect((await w.deal(optedOut.projectId)).repositoryAccess.status).toBe('none');

    const cancelled = await paidDealWithRepository();
    await w.payBid(cancelled.bidId);
    await w.t.app.runDueJobs();
    expect((await w.deal(cancelled.projectId)).repositoryAccess.status).toBe('granted');
    expect((await w.cancel(cancelled.projectId)).statusCode).toBe(200);
    expect((await w.cast.finisher.api.post(`/api/projects/${cancelled.projectId}/cancellation/agree`)).statusCode).toBe(200);
    await w.t.app.runDueJobs();
    expect((await w.deal(cancelled.projectId)).repositoryAccess.status).toBe('removed');
  });
});

describe('delivery by pull request', () => {
  async function deliveredByPull(options: { mergeAcceptsDelivery?: boolean } = {}) {
    const deal = await paidDealWithRepository(options);
    await w.payBid(deal.bidId);
    await w.t.app.runDueJobs();
    await r.pushBranch(deal.repo.id, 'finish', { 'src/pdf.ts': 'export const pdf = true;\n', 'src/app.ts': 'export const app = 2;\n' });
    const { number } = (await openPull(w.cast.finisher.api, deal.repo.id, 'finish')).json<{ number: number }>();
    return { ...deal, number };
  }

  it('is the assigned finisher’s alone, for an open pull request on the connected repository', async () => {
    const deal = await deliveredByPull();
    const url = `/api/projects/${deal.projectId}/pull-requests`;
    expect((await w.cast.visitor.api.post(url, { number: deal.number })).statusCode).toBe(401);
    for (const caller of [w.cast.owner, w.cast.otherFinisher, w.cast.otherSubmitter, await w.signInOperator()])
      expect((await caller.api.post(url, { number: deal.number })).statusCode).toBe(403);
    const unknown = await w.cast.finisher.api.post(url, { number: 4242 });
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Pull request #4242 was not found on the connected repository' });
    for (const number of [0, -3, 1.5, 2 ** 31]) expect((await w.cast.finisher.api.post(url, { number })).statusCode).toBe(400);

    const delivered = await w.cast.finisher.api.post(url, { number: deal.number });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'completed', deliveryMessage: `Pull request #${deal.number}: Finish the PDF export` });
    const forOwner = await w.deal(deal.projectId);
    expect(forOwner.pullRequest).toMatchObject({
      number: deal.number,
      title: 'Finish the PDF export',
      state: 'open',
      commits: 1,
      changedFiles: 2,
      acceptedByMerge: false,
    });
    expect((await w.deal(deal.projectId, w.cast.finisher.api)).pullRequest).toEqual(forOwner.pullRequest);
    // Finishline's check is posted on the pull request by a job.
    await w.t.app.runDueJobs();
    const [row] = await w.t.database.db.select().from(pullRequestDeliveries).where(eq(pullRequestDeliveries.projectId, deal.projectId));
    expect(row!.checkRunId).not.toBeNull();
  });

  it('is accepted by the owner’s merge exactly once: a replayed delivery, a new delivery id and two instances pay out once', async () => {
    const deal = await deliveredByPull();
    expect((await w.cast.finisher.api.post(`/api/projects/${deal.projectId}/pull-requests`, { number: deal.number })).statusCode).toBe(200);
    const transfersBefore = w.sandbox.ledger.transfers.size;
    expect((await w.cast.finisher.api.post(`/api/sandbox/git/repositories/${deal.repo.id}/pulls/${deal.number}/merge`)).statusCode).toBe(403);
    const merged = await w.cast.owner.api.post(`/api/sandbox/git/repositories/${deal.repo.id}/pulls/${deal.number}/merge`);
    expect(merged.statusCode).toBe(200);
    const afterMerge = await w.deal(deal.projectId);
    expect(afterMerge.status).toBe('accepted');
    expect(afterMerge.pullRequest).toMatchObject({ state: 'merged', acceptedByMerge: true });
    const payload = {
      action: 'closed',
      number: deal.number,
      pull_request: {
        number: deal.number,
        merged: true,
        merged_by: { login: w.cast.owner.user.username },
        merge_commit_sha: 'f'.repeat(40),
        head: { sha: 'e'.repeat(40), ref: 'finish' },
        base: { ref: 'main' },
      },
      repository: { id: deal.repo.id, full_name: deal.repo.fullName, default_branch: 'main' },
    };
    const second = await w.secondInstance();
    const replay = await r.signedEvent('pull_request', payload);
    const other = await r.signedEvent('pull_request', payload);
    const answers = await Promise.all([
      r.postWebhook(replay),
      second.inject({ method: 'POST', url: '/api/github/webhook', payload: replay.body, headers: replay.headers }),
      r.postWebhook(other),
    ]);
    await second.close();
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate).length).toBe(1);
    await w.t.app.runDueJobs();
    expect(w.sandbox.ledger.transfers.size).toBe(transfersBefore + 1);
    expect(count(await historyKinds(deal.projectId), 'acceptance')).toBe(1);
  });

  it('is not accepted by a merge the finisher made, nor when the project says merging does not accept', async () => {
    const deal = await deliveredByPull();
    await w.cast.finisher.api.post(`/api/projects/${deal.projectId}/pull-requests`, { number: deal.number });
    const byFinisher = {
      action: 'closed',
      number: deal.number,
      pull_request: {
        number: deal.number,
        merged: true,
        merged_by: { login: w.cast.finisher.user.username },
        merge_commit_sha: 'a'.repeat(40),
        head: { sha: 'b'.repeat(40), ref: 'finish' },
        base: { ref: 'main' },
      },
      repository: { id: deal.repo.id, full_name: deal.repo.fullName, default_branch: 'main' },
    };
    expect((await r.postWebhook(await r.signedEvent('pull_request', byFinisher))).statusCode).toBe(200);
    expect((await w.deal(deal.projectId)).status).toBe('completed');

    const optedOut = await deliveredByPull({ mergeAcceptsDelivery: false });
    await w.cast.finisher.api.post(`/api/projects/${optedOut.projectId}/pull-requests`, { number: optedOut.number });
    expect((await w.cast.owner.api.post(`/api/sandbox/git/repositories/${optedOut.repo.id}/pulls/${optedOut.number}/merge`)).statusCode).toBe(200);
    const deal2 = await w.deal(optedOut.projectId);
    expect(deal2.status).toBe('completed');
    expect(deal2.pullRequest).toMatchObject({ state: 'merged', acceptedByMerge: false });
  });

  it('shows a pull request closed unmerged as such, in the deal and its history', async () => {
    const deal = await deliveredByPull();
    await w.cast.finisher.api.post(`/api/projects/${deal.projectId}/pull-requests`, { number: deal.number });
    const closed = {
      action: 'closed',
      number: deal.number,
      pull_request: {
        number: deal.number,
        merged: false,
        merged_by: null,
        merge_commit_sha: null,
        head: { sha: 'c'.repeat(40), ref: 'finish' },
        base: { ref: 'main' },
      },
      repository: { id: deal.repo.id, full_name: deal.repo.fullName, default_branch: 'main' },
    };
    expect((await r.postWebhook(await r.signedEvent('pull_request', closed))).statusCode).toBe(200);
    const after = await w.deal(deal.projectId);
    expect(after.pullRequest.state).toBe('closed');
    expect(after.history.map((e: { kind: string }) => e.kind)).toContain('pull_request_closed');
    const rows = await w.t.database.db
      .select()
      .from(pullRequestDeliveries)
      .where(and(eq(pullRequestDeliveries.projectId, deal.projectId), eq(pullRequestDeliveries.state, 'closed')));
    expect(rows.length).toBe(1);
  });
});
