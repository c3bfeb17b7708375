import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema/jobs.js';
import { projects } from '#server/db/schema/projects.js';
import { githubSignInStates, repositories, repositoryAccounts } from '#server/db/schema/repositories.js';
import { decryptToken } from '#server/integrations/repositories/token-crypto.js';
import { type FakeGithub, startFakeGithub } from '#test/fakes/github-api.js';
import { seedGithubWorld } from '#test/fakes/github-fixtures.js';
import { createTestApp } from '#test/support/app.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { createUser, signIn } from '#test/support/factories.js';
import { githubAppEnv, linkGithub, stateOf } from '#test/support/repositories.js';

// Issue 29, decision 054: linking a GitHub account (GET /api/github/authorize → GitHub → GET /api/github/callback).

let fake: FakeGithub;
let w: DealWorld;

beforeAll(async () => {
  fake = await startFakeGithub();
  seedGithubWorld(fake);
  w = await createDealWorld(githubAppEnv(fake));
});
afterAll(async () => {
  await w.t.close();
  await fake.close();
});

const accountOf = async (userId: number) => (await w.t.database.db.select().from(repositoryAccounts).where(eq(repositoryAccounts.userId, userId)))[0];

async function authorize(api = w.cast.owner.api, returnTo?: string) {
  const response = await api.get(`/api/github/authorize${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`);
  expect(response.statusCode).toBe(302);
  return stateOf(response.headers.location);
}

describe('GET /api/github/authorize', () => {
  it("sends a signed-in person to GitHub's authorize page with the app's client id and a fresh state", async () => {
    const response = await w.cast.owner.api.get('/api/github/authorize?returnTo=%2Fprojects%2F7');
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(`${fake.url}/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe(fake.config.clientId);
    const state = location.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{43}$/);
    // Only its hash is kept, with the return path.
    const rows = await w.t.database.db.select().from(githubSignInStates).where(eq(githubSignInStates.userId, w.cast.owner.user.id));
    expect(rows.some((row) => row.returnTo === '/projects/7' && row.stateHash !== state)).toBe(true);
    expect(await authorize()).not.toBe(state);
  });

  it('refuses a visitor (401) and a return path off this site (400)', async () => {
    expect((await w.cast.visitor.api.get('/api/github/authorize')).statusCode).toBe(401);
    expect((await w.cast.visitor.api.get('/api/github/callback?code=x&state=y')).statusCode).toBe(401);
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'dashboard']) {
      const response = await w.cast.owner.api.get(`/api/github/authorize?returnTo=${encodeURIComponent(returnTo)}`);
      expect(response.statusCode, returnTo).toBe(400);
    }
  });
});

describe('GET /api/github/callback', () => {
  it('refuses a missing, unknown or other session’s state with 403, and nothing is linked', async () => {
    fake.state.oauthCodes.set('code-stray', 'ghu_walt');
    const missing = await w.cast.owner.api.get('/api/github/callback?code=code-stray');
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Link GitHub again') as string });
    expect((await w.cast.owner.api.get('/api/github/callback?code=code-stray&state=not-a-state')).statusCode).toBe(403);
    // A state the other submitter started, brought back by the owner (a login CSRF's shape).
    const theirs = await authorize(w.cast.otherSubmitter.api);
    expect((await w.cast.owner.api.get(`/api/github/callback?code=code-stray&state=${theirs}`)).statusCode).toBe(403);
    expect(await accountOf(w.cast.owner.user.id)).toBeUndefined();
    // The code was never spent on GitHub.
    expect(fake.state.oauthCodes.has('code-stray')).toBe(true);
  });

  it('refuses an expired state', async () => {
    const state = await authorize();
    w.clock.advance(11 * 60_000);
    try {
      fake.state.oauthCodes.set('code-late', 'ghu_walt');
      expect((await w.cast.owner.api.get(`/api/github/callback?code=code-late&state=${state}`)).statusCode).toBe(403);
    } finally {
      w.clock.advance(-11 * 60_000);
    }
  });

  it('links the account with its tokens encrypted, answers it on /api/repositories/host, and refuses the same state again', async () => {
    expect((await w.cast.owner.api.get('/api/repositories/host')).json()).toEqual({ provider: 'github', githubLogin: null });
    const state = await authorize(w.cast.owner.api, '/projects/new');
    fake.state.oauthCodes.set('code-olivia', 'ghu_olivia');
    const linked = await w.cast.owner.api.get(`/api/github/callback?code=code-olivia&state=${state}`);
    expect(linked.statusCode).toBe(302);
    expect(linked.headers.location).toBe('/projects/new');

    const account = (await accountOf(w.cast.owner.user.id))!;
    expect(account).toMatchObject({ provider: 'github', externalId: '11', login: 'olivia' });
    expect(account.tokenEnc).not.toContain('ghu_olivia');
    expect(decryptToken(fake.config.clientSecret, account.tokenEnc!)).toBe('ghu_olivia');
    expect(account.refreshTokenEnc).not.toMatch(/^ghr_/);
    expect(decryptToken(fake.config.clientSecret, account.refreshTokenEnc!)).toMatch(/^ghr_/);
    expect(account.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 3_600_000);
    expect((await w.cast.owner.api.get('/api/repositories/host')).json()).toEqual({ provider: 'github', githubLogin: 'olivia' });

    // Replayed: the state went with its first use.
    fake.state.oauthCodes.set('code-olivia-2', 'ghu_olivia');
    expect((await w.cast.owner.api.get(`/api/github/callback?code=code-olivia-2&state=${state}`)).statusCode).toBe(403);
    // The person's repositories now come from GitHub: those olivia administers.
    expect((await w.cast.owner.api.get('/api/repositories')).json<{ fullName: string }[]>().map((repo) => repo.fullName)).toEqual(
      expect.arrayContaining(['acme/shop', 'olivia/tool']),
    );
  });

  it('refuses a GitHub account already linked to another Finishline user with 409', async () => {
    const response = await linkGithub(w.cast.otherSubmitter.api, fake, 'ghu_olivia');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already linked to another Finishline account') as string });
    expect(await accountOf(w.cast.otherSubmitter.user.id)).toBeUndefined();
    expect((await accountOf(w.cast.owner.user.id))!.login).toBe('olivia');
  });

  it('goes back without linking when the person declined on GitHub', async () => {
    const state = await authorize(w.cast.otherSubmitter.api, '/settings');
    const response = await w.cast.otherSubmitter.api.get(`/api/github/callback?error=access_denied&state=${state}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/settings');
    expect(await accountOf(w.cast.otherSubmitter.user.id)).toBeUndefined();
  });

  it("asks again for push access on the finisher's paid deal once they link, and the job invites them", async () => {
    const [shop] = await w.t.database.db
      .insert(repositories)
      .values({
        provider: 'github',
        externalId: '101',
        ownerUserId: w.cast.owner.user.id,
        fullName: 'acme/shop',
        url: `${fake.url}/acme/shop`,
        cloneUrl: `${fake.url}/acme/shop.git`,
        isPrivate: true,
        installationId: 7,
      })
      .onConflictDoUpdate({ target: [repositories.provider, repositories.externalId], set: { installationId: 7 } })
      .returning();
    const deal = await w.acceptedDeal();
    await w.t.database.db.update(projects).set({ repositoryId: shop!.id, grantRepositoryAccess: true }).where(eq(projects.id, deal.projectId));
    expect((await w.payBid(deal.bidId)).statusCode).toBe(200);
    await w.t.app.runDueJobs();
    // No linked account: nothing to invite yet.
    expect((await w.deal(deal.projectId, w.cast.finisher.api)).repositoryAccess.status).toBe('none');
    expect(fake.requests.some((request) => request.method === 'PUT' && request.path.includes('/collaborators/'))).toBe(false);

    const linked = await linkGithub(w.cast.finisher.api, fake, 'ghu_devon', `/projects/${deal.projectId}`);
    expect(linked.statusCode).toBe(302);
    expect(linked.headers.location).toBe(`/projects/${deal.projectId}`);
    const queued = await w.t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'repositories.sync_access'), like(jobs.key, `project:${deal.projectId}:access:github_linked:%`)));
    expect(queued).toHaveLength(1);
    await w.t.app.runDueJobs();
    expect((await w.deal(deal.projectId, w.cast.finisher.api)).repositoryAccess.status).toBe('invited');
    expect(fake.requests.filter((request) => request.method === 'PUT' && request.path === '/repos/acme/shop/collaborators/devon')).toEqual([
      expect.objectContaining({ status: 201, body: { permission: 'push' } }),
    ]);
  });
});

describe('on the sandbox host', () => {
  it('answers 404 with a clear message, and says the host is the sandbox', async () => {
    const sandbox = await createTestApp();
    try {
      const user = await createUser(sandbox.database.db);
      const cookie = await signIn(sandbox.app, user.email);
      const authorize = await sandbox.app.inject({ method: 'GET', url: '/api/github/authorize', headers: { cookie } });
      expect(authorize.statusCode).toBe(404);
      expect(authorize.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('GitHub is not set up') as string });
      expect((await sandbox.app.inject({ method: 'GET', url: '/api/github/callback?code=x&state=y', headers: { cookie } })).statusCode).toBe(404);
      expect((await sandbox.app.inject({ method: 'GET', url: '/api/repositories/host', headers: { cookie } })).json()).toEqual({
        provider: 'sandbox',
        githubLogin: null,
      });
    } finally {
      await sandbox.close();
    }
  });
});
