import type { CheckState } from '#shared/domain/repository-access.js';
import { type GithubOctokit, orNullWhenMissing, ownerAndRepo } from './github-client.js';
import type { HostPullRequest, RepositoryRef } from './repository-host.js';

/** A check run's status and conclusion as the deal shows them. */
export function checkRunState(status: string, conclusion: string | null | undefined): CheckState {
  if (status !== 'completed') return 'pending';
  if (conclusion === 'success') return 'success';
  if (conclusion === 'neutral' || conclusion === 'skipped' || conclusion === 'stale') return 'neutral';
  // failure, cancelled, timed_out, action_required, startup_failure
  return 'failure';
}

/** A commit status's state ('error' is a failure of the check's own machinery: still not a pass). */
export function commitStatusState(state: string): CheckState {
  if (state === 'success') return 'success';
  if (state === 'pending') return 'pending';
  return 'failure';
}

/**
 * A pull request's figures, its first 100 files and its checks (check runs and commit statuses),
 * or null when there is no such pull request. Finishline's own check run is left out: the deal
 * shows it elsewhere, and a check about the review must not count as one of the code's.
 */
export async function readPullRequest(octokit: GithubOctokit, ref: RepositoryRef, number: number, appSlug: string): Promise<HostPullRequest | null> {
  const names = ownerAndRepo(ref.fullName);
  const pull = await orNullWhenMissing(
    async () => (await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', { ...names, pull_number: number })).data,
  );
  if (!pull) return null;
  const [files, checkRuns, status] = await Promise.all([
    octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { ...names, pull_number: number, per_page: 100 }),
    octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', { ...names, ref: pull.head.sha, per_page: 100 }),
    octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/status', { ...names, ref: pull.head.sha, per_page: 100 }),
  ]);
  const checks = [
    ...checkRuns.data.check_runs
      .filter((run) => run.app?.slug !== appSlug)
      .map((run) => ({ name: run.name, state: checkRunState(run.status, run.conclusion) })),
    ...status.data.statuses.map((entry) => ({ name: entry.context, state: commitStatusState(entry.state) })),
  ];
  return {
    number: pull.number,
    title: pull.title,
    state: pull.merged ? 'merged' : pull.state === 'open' ? 'open' : 'closed',
    headSha: pull.head.sha,
    headRef: pull.head.ref,
    baseRef: pull.base.ref,
    commits: pull.commits,
    additions: pull.additions,
    deletions: pull.deletions,
    changedFiles: pull.changed_files,
    files: files.data.map((file) => ({ path: file.filename, additions: file.additions, deletions: file.deletions, status: file.status })),
    checks,
    mergedBy: pull.merged_by?.login ?? null,
    mergeCommitSha: pull.merged ? (pull.merge_commit_sha ?? null) : null,
    mergedAt: pull.merged_at ? new Date(pull.merged_at) : null,
  };
}
