import type { Repository, RepositorySummary } from '#shared/contracts/repositories.js';
import type { StatementOfWork } from '#shared/contracts/scope.js';
import type { PullRequestState } from '#shared/domain/repository-access.js';

/**
 * What the sandbox git screens say and decide; pure, so the tests read them without a browser. No
 * schema here: the deal's panels on every project page import these rules (the name rule, which needs
 * the shared schemas, is in sandbox-repository-name.ts).
 */

/** Where a signed-in person creates sandbox repositories and tokens. */
export const SANDBOX_GIT_PATH = '/sandbox/git';

/** The folder `git clone` makes: the URL's last segment without `.git`. */
const folderOf = (cloneUrl: string): string =>
  cloneUrl
    .replace(/\/+$/, '')
    .split('/')
    .pop()!
    .replace(/\.git$/, '');

/** The commands for a new, empty repository: clone it, or push an existing project's main branch to it. */
export function gitCommands(cloneUrl: string): { clone: string; push: string } {
  return {
    clone: `git clone ${cloneUrl}\ncd ${folderOf(cloneUrl)}`,
    push: `git remote add origin ${cloneUrl}\ngit push -u origin main`,
  };
}

/**
 * Whether the picker offers the sandbox git page: beside sandbox repositories, and beside an empty
 * list unless the server's host (GET /api/repositories/host) is GitHub. While the host is not known
 * (null) an empty list may be either; the page itself then says when the sandbox host is not running.
 */
export function offersSandboxRepositories(
  repositories: readonly Pick<Repository, 'provider'>[] | undefined,
  hostProvider: Repository['provider'] | null = null,
): boolean {
  if (repositories === undefined) return false;
  if (repositories.some((repository) => repository.provider === 'sandbox')) return true;
  return repositories.length === 0 && hostProvider !== 'github';
}

/** The owner merges on the sandbox host from Finishline; on GitHub they merge on GitHub. */
export function canMergeOnSandbox(input: { isOwner: boolean; provider: Repository['provider'] | undefined; state: PullRequestState }): boolean {
  return input.isOwner && input.provider === 'sandbox' && input.state === 'open';
}

/** A commit's page where the host has one (GitHub); the sandbox host has none, so its repository's page. */
export function commitHref(repository: Pick<Repository, 'provider' | 'url'> | null | undefined, sha: string): string | null {
  if (!repository) return null;
  return repository.provider === 'github' ? `${repository.url.replace(/\/+$/, '')}/commit/${sha}` : repository.url;
}

/** The frozen report as the card's one-line summary: its three largest languages, lines and test files. */
export function frozenReportSummary(report: NonNullable<StatementOfWork['repositoryReport']>): RepositorySummary {
  const languages = [...report.languages]
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 3)
    .map((language) => language.name);
  return { status: report.status, languages, linesOfCode: report.linesOfCode, testFiles: report.testFiles };
}
