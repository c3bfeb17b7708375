import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, startFakeGithub } from '#test/fakes/github-api.js';
import { githubUser, seedGithubWorld, shopRef } from '#test/fakes/github-fixtures.js';
import { createGithubHost } from './github-host.js';
import { type RepositoryHost, WebhookSignatureError } from './repository-host.js';
import { signGithubPayload } from './webhook-events.js';

let fake: FakeGithub;
let host: RepositoryHost;
const olivia = githubUser('olivia', 11);
const walt = githubUser('walt', 12);
const devon = githubUser('devon', 13);

beforeAll(async () => {
  fake = await startFakeGithub();
  seedGithubWorld(fake);
  host = createGithubHost(fake.config, { dataDir: '/nonexistent' });
});
afterAll(() => fake.close());

const since = (mark: number) => fake.requests.slice(mark);

describe('the GitHub App adapter against a fake GitHub', () => {
  it('mints an installation token with the app JWT, then calls with that token, and reads a repository by id', async () => {
    const mark = fake.requests.length;
    const repo = await host.getRepository(shopRef);
    expect(repo).toEqual({
      externalId: '101',
      fullName: 'acme/shop',
      url: `${fake.url}/acme/shop`,
      cloneUrl: `${fake.url}/acme/shop.git`,
      isPrivate: true,
      defaultBranch: 'main',
      installationId: 7,
    });
    const [mint, read] = since(mark);
    expect(mint).toMatchObject({ method: 'POST', path: '/app/installations/7/access_tokens', status: 201 });
    expect(mint!.authorization).toMatch(/^bearer [\w-]+\.[\w-]+\.[\w-]+$/i);
    expect(read).toMatchObject({ method: 'GET', path: '/repositories/101', status: 200 });
    expect(read!.authorization).toMatch(/^token ghs_/);
    // The token is cached: a second call mints nothing.
    const again = fake.requests.length;
    await host.getRepository(shopRef);
    expect(since(again).map((request) => request.path)).toEqual(['/repositories/101']);
  });

  it('answers gone for a repository the installation no longer has, and no access without an installation', async () => {
    expect(await host.getRepository({ ...shopRef, externalId: '999' })).toBe('gone');
    expect(await host.getRepository({ ...shopRef, externalId: '201' })).toBe('gone');
    expect(await host.getRepository({ ...shopRef, installationId: null })).toBe('no_access');
    expect(await host.getRepository({ ...shopRef, installationId: 99 })).toBe('no_access');
  });

  it('lists the repositories a person administers through the app, with their installation', async () => {
    const listed = await host.listConnectable(olivia);
    expect(listed.map((repo) => [repo.fullName, repo.installationId])).toEqual([
      ['acme/shop', 7],
      ['olivia/tool', 8],
    ]);
    expect(fake.requests.filter((request) => request.path.startsWith('/user/')).every((request) => request.authorization === 'token ghu_olivia')).toBe(true);
    expect(await host.listConnectable(walt)).toEqual([]);
    expect(await host.listConnectable({ userId: 3, username: 'nolink', github: null })).toEqual([]);
  });

  it('verifies admin through the installation: admin yes, write no, unknown no', async () => {
    const mark = fake.requests.length;
    expect(await host.verifyAdmin(olivia, '101')).toMatchObject({ fullName: 'acme/shop', installationId: 7 });
    expect(
      since(mark).some((request) => request.path === '/repos/acme/shop/collaborators/olivia/permission' && request.authorization?.startsWith('token ghs_')),
    ).toBe(true);
    expect(await host.verifyAdmin(walt, '101')).toBeNull();
    expect(await host.verifyAdmin(olivia, '102')).toBeNull();
    expect(await host.verifyAdmin(olivia, '999')).toBeNull();
    // Without her own token there is no way to know which repositories she can reach.
    expect(await host.verifyAdmin({ ...olivia, github: { login: 'olivia', id: 11, token: null } }, '101')).toBeNull();
  });

  it('resolves a branch, and answers no_branch for a missing one', async () => {
    expect(await host.resolveBranch(shopRef, 'main')).toEqual({ sha: 'a'.repeat(40) });
    expect(await host.resolveBranch(shopRef, 'nope')).toBe('no_branch');
    // GitHub answers 404 for a repository it no longer shows too; getRepository is what tells gone apart.
    expect(await host.resolveBranch({ ...shopRef, externalId: '999', fullName: 'acme/gone' }, 'main')).toBe('no_branch');
  });

  it('invites a finisher with push (201), again idempotently, and grants at once to a collaborator (204)', async () => {
    const first = await host.grantPush(shopRef, devon);
    expect(first).toEqual({ status: 'invited', invitationId: expect.stringMatching(/^\d+$/) as string });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/repos/acme/shop/collaborators/devon', body: { permission: 'push' }, status: 201 });
    expect(await host.grantPush(shopRef, devon)).toEqual(first);
    expect(fake.state.invitations.size).toBe(1);
    fake.addCollaborator('acme/shop', 'walt');
    expect(await host.grantPush(shopRef, walt)).toEqual({ status: 'granted' });
    expect(fake.requests.at(-1)).toMatchObject({ status: 204 });
    await expect(host.grantPush(shopRef, { userId: 3, username: 'nolink', github: null })).rejects.toThrow(/has not linked a GitHub account/);
  });

  it('withdraws a pending invitation and removes a collaborator, a 404 counting as done', async () => {
    const invited = await host.grantPush(shopRef, devon);
    const invitationId = invited.status === 'invited' ? invited.invitationId : null;
    expect(await host.revokePush(shopRef, devon, invitationId)).toEqual({ withdrewInvitation: true });
    expect(fake.state.invitations.size).toBe(0);
    expect(await host.revokePush(shopRef, devon, invitationId)).toEqual({ withdrewInvitation: false });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/repos/acme/shop/collaborators/devon', status: 404 });
    expect(await host.revokePush(shopRef, walt, null)).toEqual({ withdrewInvitation: false });
    expect(fake.state.collaborators.get('acme/shop')?.has('walt')).toBe(false);
  });

  it('throws on a failure that is not an answer, so the job retries', async () => {
    await host.getRepository(shopRef);
    fake.failNext(1, 500);
    await expect(host.getRepository(shopRef)).rejects.toMatchObject({ status: 500 });
    fake.failNext(1, 403);
    expect(await host.getRepository(shopRef)).toBe('no_access');
    fake.failNext(1, 502);
    await expect(host.grantPush(shopRef, devon)).rejects.toMatchObject({ status: 502 });
    expect(await host.getRepository(shopRef)).toMatchObject({ fullName: 'acme/shop' });
  });
});

describe('webhook deliveries', () => {
  const payload = JSON.stringify({ action: 'added', member: { login: 'devon' }, repository: { id: 101, full_name: 'acme/shop' } });

  it('verifies a signed delivery and reads its event', async () => {
    const signature = await signGithubPayload(fake.config.webhookSecret, payload);
    expect(await host.verifyWebhook(Buffer.from(payload), { event: 'member', delivery: 'guid-1', signature })).toEqual({
      delivery: 'guid-1',
      type: 'member',
      repositoryId: '101',
      action: 'added',
      login: 'devon',
    });
  });

  it('refuses a forged or missing signature, and a delivery without its id or event name', async () => {
    const forged = await signGithubPayload('not-the-secret', payload);
    const signature = await signGithubPayload(fake.config.webhookSecret, payload);
    await expect(host.verifyWebhook(Buffer.from(payload), { event: 'member', delivery: 'guid-2', signature: forged })).rejects.toThrow(WebhookSignatureError);
    await expect(host.verifyWebhook(Buffer.from(payload), { event: 'member', delivery: 'guid-2', signature: undefined })).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(host.verifyWebhook(Buffer.from(payload), { event: 'member', delivery: undefined, signature })).rejects.toThrow(WebhookSignatureError);
    await expect(host.verifyWebhook(Buffer.from(payload), { event: undefined, delivery: 'guid-2', signature })).rejects.toThrow(WebhookSignatureError);
  });
});
