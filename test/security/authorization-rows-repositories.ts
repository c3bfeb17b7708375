import path from 'node:path';
import { eq } from 'drizzle-orm';
import { projects } from '#server/db/schema/projects.js';
import { repositoryAccess } from '#server/db/schema/repository-deals.js';
import { runGit } from '#server/integrations/repositories/git-cli.js';
import { importCommits } from '#server/integrations/repositories/fast-import.js';
import { everyone, type MatrixApp, only, prepare, type Row, signedIn, type Statuses, uniqueText } from './authorization-cells.js';
import type { World } from './authorization-world.js';

/**
 * The authorization matrix's rows for the sandbox git host (docs/decisions/054-repository-hosts.md):
 * its API, and git's smart HTTP, where the session cookie counts for nothing (git sends a token).
 */

const author = { name: 'Matrix', email: 'matrix@example.test' };
const at = new Date('2026-01-05T10:00:00Z');

/**
 * A private repository of the owner's, connected to the deal under way with push access granted to
 * its finisher, holding main and a `feature` branch one commit ahead; and an open pull request #1
 * when asked.
 */
async function ownerRepository(m: MatrixApp, w: World, withPull = false): Promise<{ id: number; fullName: string }> {
  const repository = (await prepare(m.app, 'POST', w.callers.owner, {
    url: '/api/sandbox/git/repositories',
    payload: { name: `repo-${uniqueText()}`, private: true },
  })) as {
    id: number;
    fullName: string;
  };
  const gitDir = path.join(m.config.dataDir, 'git', 'repositories', `${repository.id}.git`);
  await importCommits(gitDir, [{ message: 'Start', author, date: at, files: { 'README.md': '# Start\n' } }]);
  await runGit(['branch', 'feature', 'main'], { gitDir });
  await importCommits(gitDir, [{ message: 'Feature', author, date: at, files: { 'feature.txt': 'done\n' } }], 'feature');
  const db = m.database.db;
  await db.update(projects).set({ repositoryId: repository.id }).where(eq(projects.id, w.underWay.project.id));
  await db
    .insert(repositoryAccess)
    .values({ projectId: w.underWay.project.id, repositoryId: repository.id, finisherId: w.callers.bidder.user!.id, status: 'granted', grantedAt: at });
  if (withPull) {
    await prepare(m.app, 'POST', w.callers.owner, {
      url: `/api/sandbox/git/repositories/${repository.id}/pulls`,
      payload: { head: 'feature', base: 'main', title: 'Feature' },
    });
  }
  return repository;
}

/** A private repository answers 404 to whoever may not read it, as GitHub's do; the finisher reads but may not merge. */
const ownerOnly = (status: number): Statuses => ({ visitor: 401, stranger: 404, owner: status, bidder: 403, otherFinisher: 404, operator: 404 });

export const repositoryRows: Row[] = [
  // Issue 29: connecting, the intake report (public as the project is: bidders read it), delivery by pull request.
  { route: 'GET /api/repositories', expect: signedIn(200), request: () => ({ url: '/api/repositories' }) },
  { route: 'GET /api/repositories/host', expect: signedIn(200), request: () => ({ url: '/api/repositories/host' }) },
  // The GitHub sign-in exists on the GitHub host only: here (the sandbox host) it is not found, for a
  // signed-in person; a visitor is asked to sign in first. github-sign-in.test.ts covers the GitHub host.
  { route: 'GET /api/github/authorize', expect: signedIn(404), request: () => ({ url: '/api/github/authorize' }) },
  { route: 'GET /api/github/callback', expect: signedIn(404), request: () => ({ url: '/api/github/callback?code=abc&state=def' }) },
  {
    route: 'GET /api/projects/:id/repository-report',
    expect: everyone(200),
    request: async (w, m) => {
      await ownerRepository(m, w);
      return { url: `/api/projects/${w.underWay.project.id}/repository-report` };
    },
  },
  {
    route: 'POST /api/projects/:id/repository-report/refresh',
    expect: only({ owner: 202 }),
    request: async (w, m) => {
      await ownerRepository(m, w);
      return { url: `/api/projects/${w.underWay.project.id}/repository-report/refresh`, payload: {} };
    },
  },
  {
    route: 'POST /api/projects/:id/pull-requests',
    expect: only({ bidder: 200 }),
    request: async (w, m) => {
      await ownerRepository(m, w, true);
      return {
        url: `/api/projects/${w.underWay.project.id}/pull-requests`,
        payload: { number: 1, evidence: [{ criterionId: w.underWay.criterionId, note: 'https://example.com/pull/1' }] },
      };
    },
  },
  {
    route: 'POST /api/github/webhook',
    expect: everyone(400),
    request: () => ({
      url: '/api/github/webhook',
      payload: '{"action":"closed"}',
      headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request' },
    }),
  },
  {
    route: 'POST /api/sandbox/git/repositories',
    expect: signedIn(201),
    request: () => ({ url: '/api/sandbox/git/repositories', payload: { name: `repo-${uniqueText()}` } }),
  },
  {
    route: 'POST /api/sandbox/git/tokens',
    expect: signedIn(201),
    request: () => ({ url: '/api/sandbox/git/tokens', payload: {} }),
  },
  {
    route: 'POST /api/sandbox/git/repositories/:id/pulls',
    expect: { visitor: 401, stranger: 404, owner: 201, bidder: 201, otherFinisher: 404, operator: 404 },
    request: async (w, m) => ({
      url: `/api/sandbox/git/repositories/${(await ownerRepository(m, w)).id}/pulls`,
      payload: { head: 'feature', base: 'main', title: 'Feature' },
    }),
  },
  {
    route: 'POST /api/sandbox/git/repositories/:id/pulls/:number/merge',
    expect: ownerOnly(200),
    request: async (w, m) => ({ url: `/api/sandbox/git/repositories/${(await ownerRepository(m, w, true)).id}/pulls/1/merge`, payload: {} }),
  },
  {
    route: 'POST /api/sandbox/git/repositories/:id/pulls/:number/checks',
    expect: ownerOnly(200),
    request: async (w, m) => ({
      url: `/api/sandbox/git/repositories/${(await ownerRepository(m, w, true)).id}/pulls/1/checks`,
      payload: { name: 'ci', state: 'success' },
    }),
  },
  // git's own requests: a token in Basic authentication is the only credential, so a session cookie gets the challenge.
  {
    route: 'GET /git/*',
    expect: everyone(401),
    request: async (w, m) => ({ url: `/git/${(await ownerRepository(m, w)).fullName}.git/info/refs?service=git-upload-pack` }),
  },
  {
    route: 'POST /git/*',
    expect: everyone(401),
    request: async (w, m) => ({
      url: `/git/${(await ownerRepository(m, w)).fullName}.git/git-receive-pack`,
      payload: '0000',
      headers: { 'content-type': 'application/x-git-receive-pack-request' },
    }),
  },
];
