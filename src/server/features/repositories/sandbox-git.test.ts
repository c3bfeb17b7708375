import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryAccess } from '#server/db/schema/repository-deals.js';
import { gitText } from '#server/integrations/repositories/git-cli.js';
import { createRepositoryHost } from '#server/integrations/repositories/create-host.js';
import { WebhookSignatureError, type RepositoryRef } from '#server/integrations/repositories/repository-host.js';
import type { SandboxDelivery } from '#server/integrations/repositories/sandbox-events.js';
import type { SandboxGitHost } from '#server/integrations/repositories/sandbox-host.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { git, gitOk, newWorkDir, withCredentials } from '#test/support/git-client.js';

// The sandbox git host end to end: the real git client against the app listening on a port, its
// API's permissions, and the signed events it hands to the webhook handler.

type Person = { id: number; username: string; cookie: string; token: string };

let t: TestApp;
let base: string;
let host: SandboxGitHost;
const deliveries: SandboxDelivery[] = [];
let owner: Person, stranger: Person, finisher: Person, removed: Person;
let publicRepo: { id: number; fullName: string };
let privateRepo: { id: number; fullName: string };

const urlOf = (fullName: string) => `${base}/git/${fullName}.git`;
const as = (person: Person, fullName: string) => withCredentials(urlOf(fullName), person.username, person.token);
const post = (url: string, payload: unknown, person?: Person) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: person ? { cookie: person.cookie } : {} });
const refOf = (repo: { id: number; fullName: string }): RepositoryRef => ({
  provider: 'sandbox',
  externalId: String(repo.id),
  fullName: repo.fullName,
  installationId: null,
});
const gitDirOf = (repo: { id: number }) => host.gitDirOf(repo.id);

/** Events go out after git's answer, as GitHub's do: wait until this many arrived. */
async function deliveriesReach(count: number) {
  for (let waited = 0; deliveries.length < count && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  return deliveries.map((delivery) => delivery.headers.event);
}

async function person(): Promise<Person> {
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email);
  const token = (await post('/api/sandbox/git/tokens', {}, { cookie } as Person)).json<{ token: string }>().token;
  return { id: user.id, username: user.username, cookie, token };
}

/** A work tree with one commit of these files, on main. */
async function workTree(files: Record<string, string>, message = 'Initial commit') {
  const dir = newWorkDir();
  await gitOk(['init', '--quiet', '--initial-branch=main', dir]);
  await commit(dir, files, message);
  return dir;
}

async function commit(dir: string, files: Record<string, string>, message: string) {
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  await gitOk(['add', '-A'], dir);
  await gitOk(['commit', '--quiet', '-m', message], dir);
}

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-sandbox-git-'));
  t = await createTestApp({ DATA_DIR: dataDir }, { deliverRepositoryEvent: (delivery) => void deliveries.push(delivery) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A second handle on the same repositories and secret, to read what the app's host wrote.
  host = createRepositoryHost(t.config, { db: t.database.db, deliver: () => undefined }) as SandboxGitHost;
  [owner, stranger, finisher, removed] = [await person(), await person(), await person(), await person()];
  publicRepo = (await post('/api/sandbox/git/repositories', { name: 'shop' }, owner)).json();
  privateRepo = (await post('/api/sandbox/git/repositories', { name: 'secret', private: true }, owner)).json();
  const project = await createProject(t.database.db, { submitterId: owner.id, repositoryId: privateRepo.id });
  await t.database.db.insert(repositoryAccess).values([
    { projectId: project.id, repositoryId: privateRepo.id, finisherId: finisher.id, status: 'granted', grantedAt: new Date() },
    { projectId: project.id, repositoryId: privateRepo.id, finisherId: removed.id, status: 'removed', removedAt: new Date() },
  ]);
  const dir = await workTree({ 'README.md': '# Shop\n', 'app.js': 'console.log("one");\n' });
  await gitOk(['push', '--quiet', as(owner, publicRepo.fullName), 'main'], dir);
  await gitOk(['push', '--quiet', as(owner, privateRepo.fullName), 'main'], dir);
}, 60_000);
afterAll(() => t.close());

describe('the sandbox API', () => {
  it('creates a repository for a signed-in user only, with a valid name, once', async () => {
    expect(publicRepo.fullName).toBe(`${owner.username}/shop`);
    expect((await post('/api/sandbox/git/repositories', { name: 'x' })).statusCode).toBe(401);
    expect((await post('/api/sandbox/git/repositories', { name: 'shop' }, owner)).statusCode).toBe(409);
    expect((await post('/api/sandbox/git/repositories', { name: 'a.git' }, owner)).statusCode).toBe(400);
    expect((await post('/api/sandbox/git/repositories', { name: '..' }, owner)).statusCode).toBe(400);
    expect((await post('/api/sandbox/git/tokens', {})).statusCode).toBe(401);
  });
});

describe('git over HTTP', () => {
  it('clones a public repository without credentials', async () => {
    const dir = newWorkDir();
    await gitOk(['clone', '--quiet', urlOf(publicRepo.fullName), dir]);
    expect(await gitOk(['log', '--format=%s'], dir)).toBe('Initial commit');
  });

  it("answers git's requests, which the host writes itself, with the request id and the security headers", async () => {
    const answer = await fetch(`${urlOf(publicRepo.fullName)}/info/refs?service=git-upload-pack`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('asks for credentials on a private repository, and hides it from a stranger', async () => {
    expect((await git(['clone', '--quiet', urlOf(privateRepo.fullName), newWorkDir()])).code).not.toBe(0);
    const anonymous = await fetch(`${urlOf(privateRepo.fullName)}/info/refs?service=git-upload-pack`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Finishline sandbox"');
    const basic = (p: Person) => ({ authorization: `Basic ${Buffer.from(`${p.username}:${p.token}`).toString('base64')}` });
    expect((await fetch(`${urlOf(privateRepo.fullName)}/info/refs?service=git-upload-pack`, { headers: basic(stranger) })).status).toBe(404);
    expect((await fetch(`${urlOf(privateRepo.fullName)}/info/refs?service=git-upload-pack`, { headers: basic({ ...owner, token: 'flg_wrong' }) })).status).toBe(
      401,
    );
    expect((await git(['clone', '--quiet', as(stranger, privateRepo.fullName), newWorkDir()])).code).not.toBe(0);
    await gitOk(['clone', '--quiet', as(finisher, privateRepo.fullName), newWorkDir()]);
    expect((await git(['clone', '--quiet', as(removed, privateRepo.fullName), newWorkDir()])).code).not.toBe(0);
    // Only the smart protocol's requests reach git: its files are not served.
    expect((await fetch(`${urlOf(publicRepo.fullName)}/HEAD`)).status).toBe(404);
  });

  it('inflates a gzip request body (git gzips a long fetch negotiation)', async () => {
    const head = await gitText(['rev-parse', 'refs/heads/main'], { gitDir: gitDirOf(publicRepo) });
    const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
    const answer = await fetch(`${urlOf(publicRepo.fullName)}/git-upload-pack`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.from(`${pkt(`want ${head}\n`)}0000${pkt('done\n')}`)),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 8)
        .toString(),
    ).toBe('0008NAK\n');
  });

  it('takes a push from the owner and a granted finisher, and refuses the rest', async () => {
    const dir = newWorkDir();
    await gitOk(['clone', '--quiet', as(owner, privateRepo.fullName), dir]);
    await commit(dir, { 'notes.txt': 'pushed\n' }, 'Notes');
    expect((await git(['push', urlOf(publicRepo.fullName), 'main'], dir)).code).not.toBe(0);
    expect((await git(['push', withCredentials(urlOf(publicRepo.fullName), owner.username, 'flg_wrong'), 'main'], dir)).code).not.toBe(0);
    expect((await git(['push', as(stranger, publicRepo.fullName), 'main'], dir)).stderr).toContain('403');
    expect((await git(['push', as(removed, privateRepo.fullName), 'HEAD:refs/heads/removed'], dir)).code).not.toBe(0);
    await gitOk(['push', '--quiet', as(finisher, privateRepo.fullName), 'HEAD:refs/heads/finisher'], dir);
    await gitOk(['push', '--quiet', as(owner, publicRepo.fullName), 'main'], dir);
    expect(await gitText(['rev-parse', 'refs/heads/main'], { gitDir: gitDirOf(publicRepo) })).toBe(await gitOk(['rev-parse', 'HEAD'], dir));
  });

  it('emits a signed push event per moved branch, which verifyWebhook accepts and a tampered copy fails', async () => {
    const dir = newWorkDir();
    await gitOk(['clone', '--quiet', urlOf(publicRepo.fullName), dir]);
    await commit(dir, { 'event.txt': 'x\n' }, 'Event');
    deliveries.length = 0;
    await gitOk(['push', '--quiet', as(owner, publicRepo.fullName), 'main'], dir);
    expect(await deliveriesReach(1)).toEqual(['push']);
    const event = await host.verifyWebhook(deliveries[0]!.rawBody, deliveries[0]!.headers);
    expect(event).toMatchObject({
      type: 'push',
      repositoryId: String(publicRepo.id),
      ref: 'refs/heads/main',
      after: await gitOk(['rev-parse', 'HEAD'], dir),
      defaultBranch: 'main',
    });
    const tampered = Buffer.from(deliveries[0]!.rawBody.toString('utf8').replace('refs/heads/main', 'refs/heads/evil'));
    await expect(host.verifyWebhook(tampered, deliveries[0]!.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(host.verifyWebhook(deliveries[0]!.rawBody, { ...deliveries[0]!.headers, signature: undefined })).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('pull requests', () => {
  let dir: string;
  beforeAll(async () => {
    dir = newWorkDir();
    await gitOk(['clone', '--quiet', as(finisher, privateRepo.fullName), dir]);
    await gitOk(['checkout', '--quiet', '-b', 'feature'], dir);
    await commit(dir, { 'feature.js': 'export const a = 1;\nexport const b = 2;\n', 'app.js': 'console.log("two");\n' }, 'Feature');
    await gitOk(['push', '--quiet', as(finisher, privateRepo.fullName), 'feature'], dir);
  });

  it('are opened by whoever may push: 201 for the granted finisher, 404 for a stranger on a private repository, 403 on a public one, 401 for a visitor', async () => {
    const body = { head: 'feature', base: 'main', title: 'Add the feature' };
    expect((await post(`/api/sandbox/git/repositories/${privateRepo.id}/pulls`, body)).statusCode).toBe(401);
    expect((await post(`/api/sandbox/git/repositories/${privateRepo.id}/pulls`, body, stranger)).statusCode).toBe(404);
    expect((await post(`/api/sandbox/git/repositories/${privateRepo.id}/pulls`, body, removed)).statusCode).toBe(404);
    expect((await post(`/api/sandbox/git/repositories/${publicRepo.id}/pulls`, { ...body, head: 'main', base: 'main' }, stranger)).statusCode).toBe(403);
    expect((await post(`/api/sandbox/git/repositories/${privateRepo.id}/pulls`, { ...body, head: 'nope' }, finisher)).statusCode).toBe(400);
    const created = await post(`/api/sandbox/git/repositories/${privateRepo.id}/pulls`, body, finisher);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ number: 1 });
  });

  it('take checks from the owner only, read back with the diff figures', async () => {
    const url = `/api/sandbox/git/repositories/${privateRepo.id}/pulls/1/checks`;
    expect((await post(url, { name: 'ci', state: 'success' })).statusCode).toBe(401);
    expect((await post(url, { name: 'ci', state: 'success' }, finisher)).statusCode).toBe(403);
    expect((await post(url, { name: 'ci', state: 'success' }, stranger)).statusCode).toBe(404);
    expect((await post(url, { name: 'ci', state: 'success' }, owner)).statusCode).toBe(200);
    const pull = await host.getPullRequest(refOf(privateRepo), 1);
    expect(pull).toMatchObject({ number: 1, state: 'open', headRef: 'feature', baseRef: 'main', commits: 1, additions: 3, deletions: 1, changedFiles: 2 });
    expect(pull!.checks).toEqual([{ name: 'ci', state: 'success' }]);
    expect(pull!.files).toEqual(
      expect.arrayContaining([
        { path: 'feature.js', additions: 2, deletions: 0, status: 'added' },
        { path: 'app.js', additions: 1, deletions: 1, status: 'modified' },
      ]),
    );
  });

  it('are merged by the owner only, into a commit with two parents, with a signed pull_request event', async () => {
    const url = `/api/sandbox/git/repositories/${privateRepo.id}/pulls/1/merge`;
    expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(url, {}, finisher)).statusCode).toBe(403);
    expect((await post(url, {}, stranger)).statusCode).toBe(404);
    // The owner moves main meanwhile (no conflict), so the merge really merges.
    const other = newWorkDir();
    await gitOk(['clone', '--quiet', as(owner, privateRepo.fullName), other]);
    await commit(other, { 'README.md': '# Shop, updated\n' }, 'Readme');
    deliveries.length = 0;
    await gitOk(['push', '--quiet', as(owner, privateRepo.fullName), 'main'], other);
    await deliveriesReach(1);
    deliveries.length = 0;
    const merged = await post(url, {}, owner);
    expect(merged.statusCode).toBe(200);
    const { mergeCommitSha } = merged.json<{ mergeCommitSha: string }>();
    expect(merged.json()).toMatchObject({ number: 1, state: 'merged' });
    const gitDir = gitDirOf(privateRepo);
    expect(await gitText(['rev-parse', 'refs/heads/main'], { gitDir })).toBe(mergeCommitSha);
    expect(await gitText(['rev-parse', 'main^2'], { gitDir })).toBe(await gitOk(['rev-parse', 'feature'], dir));
    expect(deliveries.map((d) => d.headers.event)).toEqual(['pull_request', 'push']);
    expect(await host.verifyWebhook(deliveries[0]!.rawBody, deliveries[0]!.headers)).toMatchObject({
      type: 'pull_request',
      action: 'closed',
      number: 1,
      merged: true,
      mergedBy: owner.username,
      mergeCommitSha,
    });
    expect(await host.getPullRequest(refOf(privateRepo), 1)).toMatchObject({
      state: 'merged',
      mergedBy: owner.username,
      mergeCommitSha,
      commits: 1,
      changedFiles: 2,
    });
    expect((await post(url, {}, owner)).statusCode).toBe(409);
  });

  it('answer 409 on a conflicting merge and leave the base branch as it was', async () => {
    const work = newWorkDir();
    await gitOk(['clone', '--quiet', as(finisher, privateRepo.fullName), work]);
    await gitOk(['checkout', '--quiet', '-b', 'clash'], work);
    await commit(work, { 'app.js': 'console.log("clash");\n' }, 'Clash');
    await gitOk(['push', '--quiet', as(finisher, privateRepo.fullName), 'clash'], work);
    await gitOk(['checkout', '--quiet', 'main'], work);
    await commit(work, { 'app.js': 'console.log("main");\n' }, 'Main');
    await gitOk(['push', '--quiet', as(finisher, privateRepo.fullName), 'main'], work);
    const created = await post(`/api/sandbox/git/repositories/${privateRepo.id}/pulls`, { head: 'clash', base: 'main', title: 'Clash' }, finisher);
    const { number } = created.json<{ number: number }>();
    expect(number).toBe(2);
    const before = await gitText(['rev-parse', 'refs/heads/main'], { gitDir: gitDirOf(privateRepo) });
    const refused = await post(`/api/sandbox/git/repositories/${privateRepo.id}/pulls/${number}/merge`, {}, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This pull request conflicts with main');
    expect(await gitText(['rev-parse', 'refs/heads/main'], { gitDir: gitDirOf(privateRepo) })).toBe(before);
  });
});
