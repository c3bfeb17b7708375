import type { CreateProjectBody } from '#shared/contracts/projects.js';
import type { DealPullRequest, RepositoryAccess, RepositoryHostView, RepositoryReport, RepositorySummary } from '#shared/contracts/repositories.js';
import type { CheckState, PullRequestState } from '#shared/domain/repository-access.js';
import type { RepositoryProvider } from '#shared/domain/repository-report.js';
import { formatCount } from '#shared/domain/counts.js';

/** What the words on the repository screens say; pure, so the tests read them without a browser. */

export const providerLabels: Record<RepositoryProvider, string> = { github: 'GitHub', sandbox: 'Sandbox' };

/** The select's value for "No repository": radix Select gives no item the empty string. */
export const NO_REPOSITORY = 'none';

/** The select's value back to the body's repositoryId: "No repository" is null, which disconnects on an edit. */
export const repositoryIdOf = (value: string): number | null => (value === NO_REPOSITORY ? null : Number(value));

/** What the owner chose in the picker. */
export interface RepositoryChoice {
  repositoryId: number | null;
  grantRepositoryAccess: boolean;
  mergeAcceptsDelivery: boolean;
}

export const noRepositoryChoice: RepositoryChoice = { repositoryId: null, grantRepositoryAccess: true, mergeAcceptsDelivery: true };

/** The form's values as a choice: both options default to on, as the owner first sees them. */
export const choiceOf = (values: { repositoryId?: number | null; grantRepositoryAccess?: boolean; mergeAcceptsDelivery?: boolean }): RepositoryChoice => ({
  repositoryId: values.repositoryId ?? null,
  grantRepositoryAccess: values.grantRepositoryAccess ?? true,
  mergeAcceptsDelivery: values.mergeAcceptsDelivery ?? true,
});

/** The body's repository fields: the two choices only travel with a repository, since they mean nothing without one. */
export function repositoryFieldsOf(choice: RepositoryChoice): Pick<CreateProjectBody, 'repositoryId' | 'grantRepositoryAccess' | 'mergeAcceptsDelivery'> {
  if (choice.repositoryId === null) return { repositoryId: null };
  return { repositoryId: choice.repositoryId, grantRepositoryAccess: choice.grantRepositoryAccess, mergeAcceptsDelivery: choice.mergeAcceptsDelivery };
}

/** A commit as people quote it: its first seven characters. */
export const shortSha = (sha: string): string => sha.slice(0, 7);

const count = (value: number, one: string, many = `${one}s`) => `${formatCount(value)} ${value === 1 ? one : many}`;

/** The browse card's one line: "TypeScript, JavaScript · 1,240 lines · 6 test files", or where the report stands. */
export function summaryLine(summary: RepositorySummary): string {
  if (summary.status === 'pending') return 'Report pending';
  if (summary.status === 'failed') return 'Report unavailable';
  const languages = summary.languages.length > 0 ? [summary.languages.join(', ')] : [];
  return [...languages, count(summary.linesOfCode, 'line'), count(summary.testFiles, 'test file')].join(' · ');
}

export const reportCounts = {
  lines: (value: number) => count(value, 'line'),
  files: (value: number) => count(value, 'file'),
  testFiles: (value: number) => count(value, 'test file'),
  dependencies: (value: number) => count(value, 'dependency', 'dependencies'),
  commits: (value: number) => count(value, 'commit'),
  contributors: (value: number) => count(value, 'contributor'),
};

/** The largest languages, the rest gathered as "Other" so the bar and its list stay short. */
export function topLanguages(languages: RepositoryReport['languages'], most: number): RepositoryReport['languages'] {
  const sorted = [...languages].sort((a, b) => b.lines - a.lines);
  if (sorted.length <= most) return sorted;
  const rest = sorted.slice(most - 1);
  const other = {
    name: 'Other',
    lines: rest.reduce((sum, language) => sum + language.lines, 0),
    share: Math.round(rest.reduce((sum, language) => sum + language.share, 0) * 10) / 10,
  };
  return [...sorted.slice(0, most - 1), other];
}

/** Why a failed report has no figures: the server's first sentence, or a plain fallback. */
export const failureReason = (report: Pick<RepositoryReport, 'problems'>): string => report.problems[0] ?? 'Finishline could not read the repository.';

export const pullRequestStateLabels: Record<PullRequestState, string> = {
  open: 'Open',
  merged: 'Merged',
  closed: 'Closed without merging',
};

export const checkStateLabels: Record<CheckState, string> = {
  pending: 'Pending',
  success: 'Passed',
  failure: 'Failed',
  neutral: 'Neutral',
};

/** "+120 −14": additions and deletions as a diff reads them (a real minus sign). */
export const diffStat = (pullRequest: Pick<DealPullRequest, 'additions' | 'deletions'>): string =>
  `+${formatCount(pullRequest.additions)} \u2212${formatCount(pullRequest.deletions)}`;

/** The same for a screen reader, which reads "+120 −14" poorly. */
export const diffWords = (pullRequest: Pick<DealPullRequest, 'additions' | 'deletions'>): string =>
  `${count(pullRequest.additions, 'line')} added, ${formatCount(pullRequest.deletions)} removed`;

/** The developer's push access in words; null when there is nothing to say (no repository, or not yet granted). */
export function repositoryAccessText(access: RepositoryAccess, viewer: 'owner' | 'finisher'): string | null {
  const isFinisher = viewer === 'finisher';
  switch (access.status) {
    case 'none':
      return null;
    case 'invited':
      return isFinisher ? 'Push access: invited. Accept the invitation on GitHub.' : 'Push access: the developer is invited to the repository.';
    case 'granted':
      return isFinisher ? 'Push access: granted to you.' : 'Push access: granted to the developer.';
    case 'removed':
      return 'Push access: removed now that the deal has ended.';
  }
}

/**
 * Where "Link GitHub" goes: the server's GitHub sign-in (`authorizePath`, the contract's), which comes back to `returnTo` (this page).
 * Null unless the server says its host is GitHub and this person has no linked account, so the
 * sandbox host shows nothing.
 */
export function githubLinkHref(host: RepositoryHostView | null | undefined, returnTo: string, authorizePath: string): string | null {
  if (host?.provider !== 'github' || host.githubLogin !== null) return null;
  return `${authorizePath}?returnTo=${encodeURIComponent(returnTo)}`;
}
