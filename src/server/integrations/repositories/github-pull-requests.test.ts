import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, startFakeGithub } from '#test/fakes/github-api.js';
import { seedGithubWorld, shopRef } from '#test/fakes/github-fixtures.js';
import { createGithubHost } from './github-host.js';
import { checkRunState, commitStatusState } from './github-pull-requests.js';
import type { RepositoryHost } from './repository-host.js';

let fake: FakeGithub;
let host: RepositoryHost;
const head = 'b'.repeat(40);

beforeAll(async () => {
  fake = await startFakeGithub();
  seedGithubWorld(fake);
  host = createGithubHost(fake.config, { dataDir: '/nonexistent' });
  const pull = {
    title: 'Add the invoice export',
    head: { sha: head, ref: 'invoice-export' },
    base: { ref: 'main' },
    commits: 3,
    additions: 120,
    deletions: 8,
    changed_files: 2,
  };
  fake.state.pullRequests.set('acme/shop#5', {
    ...pull,
    number: 5,
    state: 'open',
    merged: false,
    merged_by: null,
    merge_commit_sha: 'c'.repeat(40),
    merged_at: null,
  });
  fake.state.pullRequests.set('acme/shop#6', {
    ...pull,
    number: 6,
    state: 'closed',
    merged: true,
    merged_by: { login: 'olivia' },
    merge_commit_sha: 'd'.repeat(40),
    merged_at: '2026-11-20T10:00:00Z',
  });
  fake.state.pullRequestFiles.set('acme/shop#5', [
    { filename: 'src/export.ts', status: 'added', additions: 110, deletions: 0 },
    { filename: 'README.md', status: 'modified', additions: 10, deletions: 8 },
  ]);
  const run = (id: number, name: string, status: 'queued' | 'in_progress' | 'completed', conclusion: string | null, slug = 'github-actions') => ({
    id,
    repository: 'acme/shop',
    head_sha: head,
    name,
    status,
    conclusion,
    output: { title: null, summary: null },
    app: { slug },
  });
  fake.state.checkRuns.push(
    run(1, 'test', 'completed', 'success'),
    run(2, 'lint', 'in_progress', null),
    run(3, 'e2e', 'completed', 'timed_out'),
    run(4, 'docs', 'completed', 'skipped'),
    // Finishline's own check is not one of the code's.
    run(5, 'Finishline', 'in_progress', null, 'finishline'),
  );
  fake.state.statuses.push(
    { repository: 'acme/shop', sha: head, context: 'ci/circleci', state: 'error' },
    { repository: 'acme/shop', sha: head, context: 'deploy/preview', state: 'pending' },
  );
});
afterAll(() => fake.close());

describe('pull requests through the GitHub App', () => {
  it('reads the figures, the files and the checks (check runs and commit statuses)', async () => {
    expect(await host.getPullRequest(shopRef, 5)).toEqual({
      number: 5,
      title: 'Add the invoice export',
      state: 'open',
      headSha: head,
      headRef: 'invoice-export',
      baseRef: 'main',
      commits: 3,
      additions: 120,
      deletions: 8,
      changedFiles: 2,
      files: [
        { path: 'src/export.ts', additions: 110, deletions: 0, status: 'added' },
        { path: 'README.md', additions: 10, deletions: 8, status: 'modified' },
      ],
      checks: [
        { name: 'test', state: 'success' },
        { name: 'lint', state: 'pending' },
        { name: 'e2e', state: 'failure' },
        { name: 'docs', state: 'neutral' },
        { name: 'ci/circleci', state: 'failure' },
        { name: 'deploy/preview', state: 'pending' },
      ],
      mergedBy: null,
      mergeCommitSha: null,
      mergedAt: null,
    });
    expect(fake.requests.find((request) => request.path === '/repos/acme/shop/pulls/5/files')?.query.get('per_page')).toBe('100');
  });

  it('reads a merged pull request as merged, with who merged it', async () => {
    expect(await host.getPullRequest(shopRef, 6)).toMatchObject({
      state: 'merged',
      mergedBy: 'olivia',
      mergeCommitSha: 'd'.repeat(40),
      mergedAt: new Date('2026-11-20T10:00:00Z'),
    });
  });

  it('answers null for a pull request that does not exist', async () => {
    expect(await host.getPullRequest(shopRef, 404)).toBeNull();
  });

  it('maps every check conclusion and status state', () => {
    expect(
      ['success', 'neutral', 'skipped', 'stale', 'failure', 'cancelled', 'action_required'].map((conclusion) => checkRunState('completed', conclusion)),
    ).toEqual(['success', 'neutral', 'neutral', 'neutral', 'failure', 'failure', 'failure']);
    expect(checkRunState('queued', null)).toBe('pending');
    expect(['success', 'pending', 'failure', 'error'].map(commitStatusState)).toEqual(['success', 'pending', 'failure', 'failure']);
  });
});

describe("Finishline's check", () => {
  it('is created in progress without a conclusion, then completed on the same run', async () => {
    const created = await host.postCheck(shopRef, { headSha: head, title: 'Delivered', summary: 'Review due 28 Nov', conclusion: null, existingId: null });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/repos/acme/shop/check-runs',
      body: { name: 'Finishline', head_sha: head, status: 'in_progress', output: { title: 'Delivered', summary: 'Review due 28 Nov' } },
    });
    const updated = await host.postCheck(shopRef, {
      headSha: head,
      title: 'Accepted',
      summary: 'The owner accepted the work',
      conclusion: 'success',
      existingId: created.id,
    });
    expect(updated).toEqual(created);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/repos/acme/shop/check-runs/${created.id}`,
      body: { status: 'completed', conclusion: 'success' },
    });
    expect(fake.state.checkRuns.find((run) => String(run.id) === created.id)).toMatchObject({
      status: 'completed',
      conclusion: 'success',
      output: { title: 'Accepted' },
    });
  });

  it('is created anew when the run to update is gone', async () => {
    const posted = await host.postCheck(shopRef, { headSha: head, title: 'Revision asked', summary: '…', conclusion: 'neutral', existingId: '987654' });
    expect(posted.id).not.toBe('987654');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', body: { status: 'completed', conclusion: 'neutral' } });
  });
});
