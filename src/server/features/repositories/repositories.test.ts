import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '#server/db/schema/projects.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { repositoryHelpers } from '#test/support/repositories.js';

// Issue 29: connecting a repository, its intake report, and the one webhook path.

let w: DealWorld;
let r: ReturnType<typeof repositoryHelpers>;

beforeAll(async () => {
  w = await createDealWorld({ REPOSITORY_REFRESHES_PER_HOUR: '2' });
  r = repositoryHelpers(w);
});
afterAll(() => w.t.close());

const projectBody = (repositoryId: number | null) => ({
  name: 'Finish the invoicing app',
  description: 'A half-built invoicing app: the PDF export and the payment reminders are missing and need finishing.',
  techStack: ['TypeScript'],
  codeLink: 'https://github.com/example/invoicing',
  budget: 1200,
  repositoryId,
});

describe('connecting a repository', () => {
  it('lists only what the person administers, and refuses a visitor', async () => {
    const mine = await r.createRepository(w.cast.owner.api, 'listed-app');
    const own = (await w.cast.owner.api.get('/api/repositories')).json<{ id: number; fullName: string; provider: string; private: boolean }[]>();
    expect(own).toContainEqual({ id: mine.id, provider: 'sandbox', fullName: mine.fullName, url: expect.any(String), private: false });
    const theirs = (await w.cast.otherSubmitter.api.get('/api/repositories')).json<{ id: number }[]>();
    expect(theirs.map((repo) => repo.id)).not.toContain(mine.id);
    expect((await w.cast.visitor.api.get('/api/repositories')).statusCode).toBe(401);
  });

  it('connects on posting, and refuses a repository one does not administer (or one that does not exist) with the same answer', async () => {
    const repo = await r.createRepository(w.cast.owner.api, 'posted-app');
    const posted = await w.cast.owner.api.post('/api/projects', projectBody(repo.id));
    expect(posted.statusCode).toBe(201);
    expect(posted.json().repository).toEqual({ id: repo.id, provider: 'sandbox', fullName: repo.fullName, url: expect.any(String), private: false });
    expect(posted.json().repositorySummary).toEqual({ status: 'pending', languages: [], linesOfCode: 0, testFiles: 0 });
    expect(posted.json().codeLink).toBe('https://github.com/example/invoicing');
    for (const id of [repo.id, 999_999]) {
      const refused = await w.cast.otherSubmitter.api.post('/api/projects', projectBody(id));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'You can connect only a repository you administer' });
    }
    const before = (await w.t.database.db.select({ id: projects.id }).from(projects)).length;
    expect((await w.cast.otherSubmitter.api.post('/api/projects', projectBody(repo.id))).statusCode).toBe(403);
    expect((await w.t.database.db.select({ id: projects.id }).from(projects)).length).toBe(before);
  });

  it('connects and disconnects on editing while open, and refuses a stranger’s repository there too', async () => {
    const project = (await w.cast.owner.api.post('/api/projects', projectBody(null))).json<{ id: number }>();
    const repo = await r.createRepository(w.cast.owner.api, 'edited-app');
    const edited = await w.cast.owner.api.patch(`/api/projects/${project.id}`, { repositoryId: repo.id, mergeAcceptsDelivery: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ repository: { id: repo.id }, mergeAcceptsDelivery: false, grantRepositoryAccess: true });
    // The form sends the connected repository again: nothing changes.
    expect((await w.cast.owner.api.patch(`/api/projects/${project.id}`, { repositoryId: repo.id })).json().repository.id).toBe(repo.id);
    const strangers = await r.createRepository(w.cast.otherSubmitter.api, 'not-yours');
    expect((await w.cast.owner.api.patch(`/api/projects/${project.id}`, { repositoryId: strangers.id })).statusCode).toBe(403);
    expect((await w.cast.owner.api.patch(`/api/projects/${project.id}`, { repositoryId: null })).json().repository).toBeNull();
  });

  it('refuses a repository id that is not a positive whole number', async () => {
    for (const repositoryId of [0, -1, 1.5, 2 ** 31, '7']) {
      const response = await w.cast.owner.api.post('/api/projects', { ...projectBody(null), repositoryId });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the intake report', () => {
  it('is pending, then ready after the job runs, naming the commit; anyone reads it; 404 without a repository', async () => {
    const repo = await r.createRepository(w.cast.owner.api, 'reported-app');
    const project = (await w.cast.owner.api.post('/api/projects', projectBody(repo.id))).json<{ id: number }>();
    const pending = await w.cast.visitor.api.get(`/api/projects/${project.id}/repository-report`);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'pending', commit: null });
    await w.t.app.runDueJobs();
    const report = (await w.cast.visitor.api.get(`/api/projects/${project.id}/repository-report`)).json();
    expect(report).toMatchObject({ status: 'ready', commit: repo.head, files: 3, testFiles: 1, readme: true, commits: 1, contributors: 1, problems: [] });
    expect(report.languages.map((l: { name: string }) => l.name)).toEqual(['TypeScript']);
    const card = (await w.cast.visitor.api.get(`/api/projects/${project.id}`)).json().repositorySummary;
    expect(card).toEqual({ status: 'ready', languages: ['TypeScript'], linesOfCode: report.linesOfCode, testFiles: 1 });
    const bare = (await w.cast.owner.api.post('/api/projects', projectBody(null))).json<{ id: number }>();
    expect((await w.cast.visitor.api.get(`/api/projects/${bare.id}/repository-report`)).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'This project has no connected repository',
    });
    expect((await w.cast.visitor.api.get('/api/projects/987654/repository-report')).statusCode).toBe(404);
  });

  it('fails with a reason, never a crash, when the repository has vanished', async () => {
    const repo = await r.createRepository(w.cast.owner.api, 'vanishing-app');
    const project = (await w.cast.owner.api.post('/api/projects', projectBody(repo.id))).json<{ id: number }>();
    const { rm } = await import('node:fs/promises');
    await rm(r.gitDirOf(repo.id), { recursive: true, force: true });
    await w.t.app.runDueJobs();
    const report = (await w.cast.visitor.api.get(`/api/projects/${project.id}/repository-report`)).json();
    expect(report.status).toBe('failed');
    expect(report.problems[0]).toBe('The repository no longer exists, or Finishline can no longer reach it');
  });

  it('is refreshed by the owner only, within the hourly limit', async () => {
    const repo = await r.createRepository(w.cast.owner.api, 'refreshed-app');
    const project = (await w.cast.owner.api.post('/api/projects', projectBody(repo.id))).json<{ id: number }>();
    const url = `/api/projects/${project.id}/repository-report/refresh`;
    expect((await w.cast.visitor.api.post(url)).statusCode).toBe(401);
    for (const caller of [w.cast.finisher, w.cast.otherSubmitter]) expect((await caller.api.post(url)).statusCode).toBe(403);
    const operator = await w.signInOperator();
    expect((await operator.api.post(url)).statusCode).toBe(403);
    expect((await w.cast.owner.api.post(url)).statusCode).toBe(202);
    expect((await w.cast.owner.api.post(url)).statusCode).toBe(202);
    const limited = await w.cast.owner.api.post(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^The repository was read again recently/);
  });

  it('is read again when the default branch moves (a push event), once per head whatever the replays', async () => {
    const repo = await r.createRepository(w.cast.owner.api, 'pushed-app');
    const project = (await w.cast.owner.api.post('/api/projects', projectBody(repo.id))).json<{ id: number }>();
    await w.t.app.runDueJobs();
    const head = await r.pushBranch(repo.id, 'main', { 'src/more.ts': 'export const more = 2;\n' });
    const push = { ref: 'refs/heads/main', before: repo.head, after: head, repository: { id: repo.id, full_name: repo.fullName, default_branch: 'main' } };
    const event = await r.signedEvent('push', push, 'push-delivery-1');
    expect((await r.postWebhook(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await r.postWebhook(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await r.postWebhook(await r.signedEvent('push', push, 'push-delivery-2'))).json()).toEqual({ received: true, duplicate: false });
    await w.t.app.runDueJobs();
    const report = (await w.cast.visitor.api.get(`/api/projects/${project.id}/repository-report`)).json();
    expect(report).toMatchObject({ status: 'ready', commit: head, files: 4, commits: 2 });
  });
});

describe('the statement of work', () => {
  it('freezes the report bidders read and the commit the deal starts from when the bid is accepted', async () => {
    const repo = await r.createRepository(w.cast.owner.api, 'frozen-app');
    const project = (await w.cast.owner.api.post('/api/projects', projectBody(repo.id))).json<{ id: number }>();
    await w.t.app.runDueJobs();
    const bid = (
      await w.cast.finisher.api.post(`/api/projects/${project.id}/bids`, { amount: 900, timeline: 10, message: 'I will finish the export and the reminders.' })
    ).json();
    expect((await w.cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
    // The default branch moves on afterwards: the statement keeps what was agreed.
    await r.pushBranch(repo.id, 'main', { 'later.ts': 'export const later = 1;\n' });
    await w.cast.owner.api.post(`/api/projects/${project.id}/repository-report/refresh`);
    await w.t.app.runDueJobs();
    const scope = (await w.cast.finisher.api.get(`/api/projects/${project.id}/scope`)).json();
    expect(scope.startCommit).toBe(repo.head);
    expect(scope.repositoryReport).toMatchObject({ status: 'ready', commit: repo.head, files: 3, testFiles: 1 });
  });
});

describe('the webhook', () => {
  it('refuses a forged, a missing and a tampered signature, and acts on nothing', async () => {
    const event = await r.signedEvent('push', {
      ref: 'refs/heads/main',
      after: 'a'.repeat(40),
      repository: { id: 1, full_name: 'x/y', default_branch: 'main' },
    });
    const forged = { ...event, headers: { ...event.headers, 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` } };
    const { 'x-hub-signature-256': _missing, ...unsigned } = event.headers;
    for (const attempt of [forged, { ...event, headers: unsigned }, { ...event, body: event.body.replace('main', 'mainx') }]) {
      const response = await r.postWebhook(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('acknowledges an event it does not act on', async () => {
    expect((await r.postWebhook(await r.signedEvent('star', { action: 'created' }))).json()).toEqual({ received: true, duplicate: false });
  });
});
