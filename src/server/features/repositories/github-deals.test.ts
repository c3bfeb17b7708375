import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, startFakeGithub } from '#test/fakes/github-api.js';
import { seedGithubWorld } from '#test/fakes/github-fixtures.js';
import { createFixtureRepository } from '#test/fakes/github-git.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { githubAppEnv, linkGithub } from '#test/support/repositories.js';

// Issue 29 on the GitHub App, end to end against the local fake: a linked owner connects acme/shop,
// the intake reads it through the fake's git, and the paid deal's finisher is invited, granted on
// GitHub's member event, and removed when the deal ends.

let fake: FakeGithub;
let w: DealWorld;
let root: string;
let head: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'github-deals-'));
  fake = await startFakeGithub();
  seedGithubWorld(fake);
  const fixture = createFixtureRepository(root, 'shop', [
    { message: 'Start the shop', files: { 'README.md': '# Shop\n', 'src/cart.ts': 'export const cart = [];\n' }, date: '2026-01-02T10:00:00Z' },
    {
      message: 'Test the cart',
      files: { 'src/cart.test.ts': "import { it } from 'vitest';\nit('adds', () => {});\n" },
      date: '2026-02-03T10:00:00Z',
      author: { name: 'Walt', email: 'walt@example.test' },
    },
  ]);
  head = fixture.shas.at(-1)!;
  fake.addGitRepository('acme/shop', fixture.bareDir);
  fake.state.branches.get('acme/shop')!.set('main', head);
  w = await createDealWorld(githubAppEnv(fake));
  await w.onboardFinisher();
});
afterAll(async () => {
  await w.t.close();
  await fake.close();
  rmSync(root, { recursive: true, force: true });
});

const projectBody = (repositoryId: number) => ({
  name: 'Finish the shop',
  description: 'A half-built shop: the cart works, the checkout and the order emails are missing and need finishing.',
  techStack: ['TypeScript'],
  codeLink: 'https://github.com/acme/shop',
  budget: 1200,
  repositoryId,
  grantRepositoryAccess: true,
});

/** GitHub's delivery of `event`, signed with the app's webhook secret. */
async function deliverGithubEvent(event: string, payload: object) {
  const body = JSON.stringify(payload);
  return w.t.app.inject({
    method: 'POST',
    url: '/api/github/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': `delivery-${Math.random()}`,
      'x-hub-signature-256': await sign(fake.config.webhookSecret, body),
    },
  });
}

const collaboratorCalls = (method: string) =>
  fake.requests.filter((request) => request.method === method && request.path === '/repos/acme/shop/collaborators/devon');

describe('a deal on a GitHub repository', () => {
  let projectId: number;

  it("connects the owner's repository once they link GitHub, and the intake reads it from GitHub's git", async () => {
    // Without a linked account GitHub lists nothing to connect.
    expect((await w.cast.owner.api.get('/api/repositories')).json()).toEqual([]);
    expect((await linkGithub(w.cast.owner.api, fake, 'ghu_olivia')).statusCode).toBe(302);
    const listed = (await w.cast.owner.api.get('/api/repositories')).json<{ id: number; fullName: string; provider: string }[]>();
    const shop = listed.find((repo) => repo.fullName === 'acme/shop')!;
    expect(shop).toMatchObject({ provider: 'github', private: true });

    const posted = await w.cast.owner.api.post('/api/projects', projectBody(shop.id));
    expect(posted.statusCode).toBe(201);
    projectId = posted.json<{ id: number }>().id;
    expect((await w.cast.visitor.api.get(`/api/projects/${projectId}/repository-report`)).json()).toMatchObject({ status: 'pending' });
    await w.t.app.runDueJobs();
    const report = (await w.cast.visitor.api.get(`/api/projects/${projectId}/repository-report`)).json();
    expect(report).toMatchObject({ status: 'ready', commit: head, files: 3, testFiles: 1, readme: true, commits: 2, contributors: 2 });
    // The clone went through git's smart HTTP with the installation token, not the person's.
    expect(fake.requests.some((request) => request.path === '/acme/shop.git/info/refs' && request.status === 200)).toBe(true);
  });

  it('invites the paid finisher, grants on GitHub’s member event, and removes access when the deal ends', async () => {
    expect((await linkGithub(w.cast.finisher.api, fake, 'ghu_devon')).statusCode).toBe(302);
    const bid = (
      await w.cast.finisher.api.post(`/api/projects/${projectId}/bids`, { amount: 750, timeline: 7, message: 'Ready to finish this within a week.' })
    ).json<{ id: number }>();
    expect((await w.cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
    await w.t.app.runDueJobs();
    expect(collaboratorCalls('PUT')).toEqual([]);

    expect((await w.payBid(bid.id)).statusCode).toBe(200);
    await w.t.app.runDueJobs();
    expect(collaboratorCalls('PUT')).toEqual([expect.objectContaining({ status: 201, body: { permission: 'push' } })]);
    expect((await w.deal(projectId, w.cast.finisher.api)).repositoryAccess.status).toBe('invited');

    // devon accepts the invitation on GitHub, which then says so.
    fake.addCollaborator('acme/shop', 'devon');
    const delivered = await deliverGithubEvent('member', { action: 'added', member: { login: 'devon' }, repository: { id: 101, full_name: 'acme/shop' } });
    expect(delivered.statusCode).toBe(200);
    expect((await w.deal(projectId, w.cast.finisher.api)).repositoryAccess.status).toBe('granted');

    expect((await w.deliver(projectId)).statusCode).toBe(200);
    expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    await w.t.app.runDueJobs();
    await w.t.app.runDueJobs();
    expect((await w.deal(projectId)).repositoryAccess.status).toBe('removed');
    expect(collaboratorCalls('DELETE')).toEqual([expect.objectContaining({ status: 204 })]);
    expect(fake.state.collaborators.get('acme/shop')?.has('devon')).toBe(false);
    // Granted once, invited once: no second PUT came from the later syncs.
    expect(collaboratorCalls('PUT')).toHaveLength(1);
  });
});
