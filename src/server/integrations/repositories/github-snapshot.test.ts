import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, startFakeGithub } from '#test/fakes/github-api.js';
import { seedGithubWorld, shopRef } from '#test/fakes/github-fixtures.js';
import { createFixtureRepository } from '#test/fakes/github-git.js';
import { createGithubHost } from './github-host.js';
import { isHostFailure, type RepositoryHost, type Snapshot } from './repository-host.js';

let fake: FakeGithub;
let host: RepositoryHost;
let root: string;
let shas: string[];
const signal = new AbortController().signal;
const git = (gitDir: string, ...args: string[]) =>
  execFileSync('git', ['-C', gitDir, ...args], { env: { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8' }).trim();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'github-snapshot-'));
  fake = await startFakeGithub();
  seedGithubWorld(fake);
  host = createGithubHost(fake.config, { dataDir: path.join(root, 'data') });
  const fixture = createFixtureRepository(root, 'shop', [
    { message: 'Start', files: { 'README.md': '# Shop\n', 'assets/big.bin': 'x'.repeat(3 * 1024 * 1024) }, date: '2026-01-02T10:00:00Z' },
    {
      message: 'Add the cart',
      files: { 'src/cart.ts': 'export const cart = [];\n' },
      date: '2026-02-03T10:00:00Z',
      author: { name: 'Walt', email: 'walt@example.test' },
    },
    { message: 'Fix the cart', files: { 'src/cart.ts': 'export const cart: string[] = [];\n' }, date: '2026-03-04T10:00:00Z' },
  ]);
  shas = fixture.shas;
  fake.addGitRepository('acme/shop', fixture.bareDir);
});
afterAll(async () => {
  await fake.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(commit: string): Promise<Snapshot> {
  const snapshot = await host.openSnapshot(shopRef, commit, signal);
  if (isHostFailure(snapshot)) throw new Error(`openSnapshot answered ${snapshot}`);
  return snapshot;
}

describe('a snapshot of a GitHub repository', () => {
  it('clones the commit bare and blob-filtered with the installation token, keeping no token and no remote', async () => {
    const mark = fake.requests.length;
    const snapshot = await open(shas[2]!);
    expect(snapshot.commit).toBe(shas[2]);
    expect(snapshot.gitDir.startsWith(path.join(root, 'data', 'repository-cache'))).toBe(true);
    expect(git(snapshot.gitDir, 'cat-file', '-t', shas[2]!)).toBe('commit');
    expect(git(snapshot.gitDir, 'rev-parse', '--is-bare-repository')).toBe('true');
    expect(git(snapshot.gitDir, 'cat-file', '-p', `${shas[2]}:src/cart.ts`)).toBe('export const cart: string[] = [];');
    // Over the 2 MB limit: the tree names it, the bytes stayed on GitHub.
    const bigBlob = git(snapshot.gitDir, 'rev-parse', `${shas[2]}:assets/big.bin`);
    expect(() => git(snapshot.gitDir, 'cat-file', '-e', bigBlob)).toThrow();
    const config = git(snapshot.gitDir, 'config', '--list');
    expect(config).not.toMatch(/ghs_|x-access-token|extraheader|Authorization/i);
    expect(git(snapshot.gitDir, 'remote')).toBe('');
    const gitRequests = since(mark).filter((request) => request.path.startsWith('/acme/shop.git/'));
    expect(gitRequests.length).toBeGreaterThan(0);
    for (const request of gitRequests) {
      expect(request.status).toBe(200);
      expect(Buffer.from(request.authorization!.replace(/^Basic /, ''), 'base64').toString()).toMatch(/^x-access-token:ghs_/);
    }
    await snapshot.release();
  });

  it('fetches an older commit by its id when the branch has moved on', async () => {
    const snapshot = await open(shas[0]!);
    expect(git(snapshot.gitDir, 'cat-file', '-t', shas[0]!)).toBe('commit');
    expect(git(snapshot.gitDir, 'cat-file', '-p', `${shas[0]}:README.md`)).toBe('# Shop');
    expect((await snapshot.history()).commits).toBe(1);
    await snapshot.release();
  });

  it('counts commits and contributors from the Link headers, with the commit date', async () => {
    const snapshot = await open(shas[2]!);
    const mark = fake.requests.length;
    expect(await snapshot.history()).toEqual({ commits: 3, contributors: 2, lastCommitAt: new Date('2026-03-04T10:00:00Z') });
    const [commits, contributors] = since(mark);
    expect(commits).toMatchObject({ path: '/repos/acme/shop/commits' });
    expect(Object.fromEntries(commits!.query)).toMatchObject({ sha: shas[2], per_page: '1' });
    expect(Object.fromEntries(contributors!.query)).toMatchObject({ per_page: '1', anon: 'true' });
    await snapshot.release();
  });

  it('frees its directory on release', async () => {
    const snapshot = await open(shas[1]!);
    expect(existsSync(snapshot.gitDir)).toBe(true);
    await snapshot.release();
    expect(existsSync(snapshot.gitDir)).toBe(false);
    expect(readdirSync(path.join(root, 'data', 'repository-cache'))).toEqual([]);
  });

  it('answers gone for a repository GitHub no longer shows, and no_access without an installation', async () => {
    expect(await host.openSnapshot({ ...shopRef, fullName: 'acme/vanished' }, shas[2]!, signal)).toBe('gone');
    expect(await host.openSnapshot({ ...shopRef, installationId: null }, shas[2]!, signal)).toBe('no_access');
  });

  it('stops, leaving nothing behind, when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(host.openSnapshot(shopRef, shas[2]!, controller.signal)).rejects.toThrow();
    expect(readdirSync(path.join(root, 'data', 'repository-cache'))).toEqual([]);
  });
});

const since = (mark: number) => fake.requests.slice(mark);
