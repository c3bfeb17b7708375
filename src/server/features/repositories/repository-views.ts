import { and, desc, eq } from 'drizzle-orm';
import type { DealPullRequest, RepositoryAccess } from '#shared/contracts/repositories.js';
import type { DbOrTx } from '#server/db/client.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import { repositories } from '#server/db/schema/repositories.js';
import { type PullRequestDeliveryRow, pullRequestDeliveries, repositoryAccess } from '#server/db/schema/repository-deals.js';

/** The pull request's page on its host: GitHub's pull URL, or the sandbox repository's clone URL with the number. */
const pullRequestUrl = (repositoryUrl: string, number: number) => `${repositoryUrl.replace(/\.git$/, '')}/pull/${number}`;

export function toDealPullRequest(row: PullRequestDeliveryRow, repositoryUrl: string): DealPullRequest {
  return {
    number: row.number,
    title: row.title,
    state: row.state,
    headSha: row.headSha,
    commits: row.commits,
    additions: row.additions,
    deletions: row.deletions,
    changedFiles: row.changedFiles,
    checks: row.checks,
    url: pullRequestUrl(repositoryUrl, row.number),
    files: row.files,
    mergedAt: row.mergedAt?.toISOString() ?? null,
    acceptedByMerge: row.acceptedByMergeAt !== null,
  };
}

/** The latest pull request a project was delivered with, as last read from its host; null when none. */
export async function findPullRequestRecord(db: DbOrTx, projectId: number): Promise<DealPullRequest | null> {
  const [row] = await db
    .select({ delivery: pullRequestDeliveries, url: repositories.url })
    .from(pullRequestDeliveries)
    .innerJoin(repositories, eq(repositories.id, pullRequestDeliveries.repositoryId))
    .where(eq(pullRequestDeliveries.projectId, projectId))
    .orderBy(desc(pullRequestDeliveries.deliveredAt), desc(pullRequestDeliveries.id))
    .limit(1);
  return row ? toDealPullRequest(row.delivery, row.url) : null;
}

/** The deal's repository parts (issue 29): the finisher's push access and the delivered pull request. */
export async function findDealRepositoryView(
  db: DbOrTx,
  project: Pick<ProjectRow, 'id' | 'finisherId' | 'repositoryId'>,
): Promise<{ repositoryAccess: RepositoryAccess; pullRequest: DealPullRequest | null }> {
  if (project.repositoryId === null || project.finisherId === null) return { repositoryAccess: { status: 'none', at: null }, pullRequest: null };
  const [access] = await db
    .select()
    .from(repositoryAccess)
    .where(and(eq(repositoryAccess.projectId, project.id), eq(repositoryAccess.finisherId, project.finisherId)))
    .limit(1);
  const at = access ? (access.removedAt ?? access.grantedAt ?? access.invitedAt) : null;
  return {
    repositoryAccess: { status: access?.status ?? 'none', at: at?.toISOString() ?? null },
    pullRequest: await findPullRequestRecord(db, project.id),
  };
}
