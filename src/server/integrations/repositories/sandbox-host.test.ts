import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxGitTokens } from '#server/db/schema/repositories.js';
import { createTestDatabase } from '#test/support/database.js';
import { createUser } from '#test/support/factories.js';
import type { Database } from '#server/db/client.js';
import { runGit } from './git-cli.js';
import { parseCgiHeaders } from './git-http-backend.js';
import { importCommits } from './fast-import.js';
import type { RepositoryRef } from './repository-host.js';
import { signDelivery, toSandboxEvent } from './sandbox-events.js';
import { createSandboxHost, type SandboxGitHost } from './sandbox-host.js';
import { validRepositoryName } from './sandbox-repository.js';

// The sandbox host's own operations on a real database and real bare repositories (the HTTP side
// and the permissions through the API are in features/repositories/sandbox-git.test.ts).

let database: Database;
let host: SandboxGitHost;
let dataDir: string;
const basic = (username: string, token: string) => `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`;
const refOf = (row: { externalId: string; fullName: string }): RepositoryRef => ({
  provider: 'sandbox',
  externalId: row.externalId,
  fullName: row.fullName,
  installationId: null,
});
const author = { name: 'Ada', email: 'ada@example.test' };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-sandbox-host-'));
  host = createSandboxHost({
    db: database.db,
    dataDir,
    publicUrl: 'http://localhost:5000',
    webhookSecret: 'a-test-secret-of-some-length',
    deliver: () => undefined,
  });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('names and headers', () => {
  it('takes plain repository names only', () => {
    for (const name of ['shop', 'my.app', 'a_b-c', 'x'.repeat(100)]) expect(validRepositoryName(name)).toBe(true);
    for (const name of ['', '.', '..', 'a/b', 'shop.git', 'x'.repeat(101), 'a b', '%2e%2e']) expect(validRepositoryName(name)).toBe(false);
  });

  it('reads a CGI header block: Status becomes the code, the rest headers', () => {
    expect(parseCgiHeaders('Status: 404 Not Found\r\nContent-Type: text/plain\r\nExpires: never')).toEqual({
      status: 404,
      headers: { 'content-type': 'text/plain', expires: 'never' },
    });
    expect(parseCgiHeaders('Content-Type: application/x-git-upload-pack-advertisement').status).toBe(200);
  });
});

describe('repositories, tokens and snapshots', () => {
  it('creates a bare repository with the protective settings, and reads it through the interface', async () => {
    const owner = await createUser(database.db);
    const row = await host.createRepository({ id: owner.id, username: owner.username }, 'tool', false);
    expect(row).toMatchObject({
      provider: 'sandbox',
      externalId: String(row.id),
      fullName: `${owner.username}/tool`,
      cloneUrl: `http://localhost:5000/git/${owner.username}/tool.git`,
    });
    const gitDir = host.gitDirOf(row.id);
    const config = (await runGit(['config', '--list', '--local'], { gitDir })).stdout.toString('utf8');
    for (const line of [
      'core.hookspath=/dev/null',
      'receive.denynonfastforwards=true',
      'receive.denydeletes=true',
      'receive.fsckobjects=true',
      'http.receivepack=true',
    ]) {
      expect(config).toContain(line);
    }
    await expect(host.createRepository({ id: owner.id, username: owner.username }, 'TOOL', false)).rejects.toMatchObject({ code: 'CONFLICT' });

    expect(await host.resolveBranch(refOf(row), 'main')).toBe('no_branch');
    const head = await importCommits(gitDir, [
      { message: 'One', author, date: new Date('2026-01-01T00:00:00Z'), files: { 'a.txt': 'a\n' } },
      { message: 'Two', author: { name: 'Bo', email: 'bo@example.test' }, date: new Date('2026-01-02T00:00:00Z'), files: { 'b.txt': 'b\n' } },
    ]);
    expect(await host.resolveBranch(refOf(row), 'main')).toEqual({ sha: head });
    const snapshot = await host.openSnapshot(refOf(row), head, new AbortController().signal);
    if (typeof snapshot === 'string') throw new Error(snapshot);
    expect(snapshot.gitDir).toBe(gitDir);
    expect(await snapshot.history()).toEqual({ commits: 2, contributors: 2, lastCommitAt: new Date('2026-01-02T00:00:00Z') });
    expect(await host.openSnapshot(refOf(row), '0'.repeat(40), new AbortController().signal)).toBe('no_branch');

    expect((await host.listConnectable({ userId: owner.id, username: owner.username, github: null })).map((r) => r.fullName)).toEqual([row.fullName]);
    expect(await host.verifyAdmin({ userId: owner.id, username: owner.username, github: null }, row.externalId)).toMatchObject({ fullName: row.fullName });
    const other = await createUser(database.db);
    expect(await host.verifyAdmin({ userId: other.id, username: other.username, github: null }, row.externalId)).toBeNull();
    expect(await host.getRepository(refOf(row))).toMatchObject({ isPrivate: false, defaultBranch: 'main' });
    expect(await host.getRepository({ ...refOf(row), externalId: '999999' })).toBe('gone');
  });

  it('authenticates a token with its own username only, and never a revoked one', async () => {
    const user = await createUser(database.db);
    const { username, token } = await host.createToken(user.id);
    expect(username).toBe(user.username);
    const [stored] = await database.db.select().from(sandboxGitTokens).where(eq(sandboxGitTokens.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(await host.authenticate(basic(username.toUpperCase(), token))).toEqual({ id: user.id, username: user.username });
    expect(await host.authenticate(basic('someone-else', token))).toBeNull();
    expect(await host.authenticate(basic(username, `${token}x`))).toBeNull();
    expect(await host.authenticate(`Bearer ${token}`)).toBeNull();
    expect(await host.authenticate(undefined)).toBeNull();
    await database.db.update(sandboxGitTokens).set({ revokedAt: new Date() }).where(eq(sandboxGitTokens.id, stored!.id));
    expect(await host.authenticate(basic(username, token))).toBeNull();
  });
});

describe('pull requests and checks', () => {
  it('numbers pull requests per repository, and posts the Finishline check once per head', async () => {
    const owner = await createUser(database.db);
    const row = await host.createRepository({ id: owner.id, username: owner.username }, 'pulls', true);
    const gitDir = host.gitDirOf(row.id);
    await importCommits(gitDir, [{ message: 'Start', author, date: new Date('2026-01-01T00:00:00Z'), files: { 'a.txt': 'a\n' } }]);
    await runGit(['branch', 'feature', 'main'], { gitDir });
    const head = await importCommits(gitDir, [{ message: 'More', author, date: new Date('2026-01-03T00:00:00Z'), files: { 'a.txt': 'a\nb\n' } }], 'feature');
    const numbers = await Promise.all(
      [1, 2, 3].map(() => host.createPull({ repositoryId: row.id, head: 'feature', base: 'main', title: 'More', authorId: owner.id })),
    );
    expect(numbers.map((n) => n.number).sort()).toEqual([1, 2, 3]);
    await expect(host.createPull({ repositoryId: row.id, head: 'nope', base: 'main', title: 'x', authorId: owner.id })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(host.createPull({ repositoryId: row.id, head: '../x', base: 'main', title: 'x', authorId: owner.id })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });

    const first = await host.postCheck(refOf(row), { headSha: head, title: 'Waiting', summary: 'The owner reviews', conclusion: null, existingId: null });
    const again = await host.postCheck(refOf(row), { headSha: head, title: 'Accepted', summary: 'Done', conclusion: 'success', existingId: first.id });
    expect(again.id).toBe(first.id);
    const pull = await host.getPullRequest(refOf(row), 3);
    expect(pull).toMatchObject({ number: 3, state: 'open', headSha: head, commits: 1, additions: 1, deletions: 0, changedFiles: 1, mergedBy: null });
    expect(pull!.checks).toEqual([{ name: 'Finishline', state: 'success' }]);
    expect(await host.getPullRequest(refOf(row), 99)).toBeNull();
  });
});

describe('events', () => {
  it('parses the payloads it signs, and refuses an unsigned delivery', async () => {
    const delivery = await signDelivery('a-test-secret-of-some-length', 'push', {
      ref: 'refs/heads/main',
      after: 'abc',
      repository: { id: 7, full_name: 'a/b', default_branch: 'main' },
    });
    expect(await host.verifyWebhook(delivery.rawBody, delivery.headers)).toMatchObject({
      type: 'push',
      repositoryId: '7',
      ref: 'refs/heads/main',
      after: 'abc',
    });
    await expect(host.verifyWebhook(delivery.rawBody, { ...delivery.headers, signature: 'sha256=00' })).rejects.toThrow('does not verify');
    expect(toSandboxEvent('ping', 'd', {})).toEqual({ delivery: 'd', type: 'other', name: 'ping' });
  });
});

describe('without a usable git', () => {
  it('answers SERVICE_UNAVAILABLE with the reason', async () => {
    const saved = process.env.PATH;
    // The version check spawns git on the host's first use: with no PATH it finds none.
    process.env.PATH = '/nonexistent';
    let broken: SandboxGitHost;
    let reason: string | null;
    try {
      broken = createSandboxHost({ db: database.db, dataDir, publicUrl: 'http://localhost:5000', webhookSecret: 'x'.repeat(20), deliver: () => undefined });
      reason = await broken.unavailableReason();
    } finally {
      process.env.PATH = saved;
    }
    expect(reason).toBe('git is not installed');
    const owner = await createUser(database.db);
    await expect(broken.createRepository({ id: owner.id, username: owner.username }, 'nogit', false)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The sandbox git host is unavailable: git is not installed',
    });
  });
});
