import { and, desc, eq, sql } from 'drizzle-orm';
import type { DealPullRequest, Repository, RepositoryAccess } from '#shared/contracts/repositories.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import { type PullRequestDeliveryRow, pullRequestDeliveries, repositoryAccess } from '#server/db/schema/repository-deals.js';
import { type RepositoryRow, repositories, repositoryAccounts } from '#server/db/schema/repositories.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { HostPullRequest, HostRepository, HostUser } from '#server/integrations/repositories/repository-host.js';
import { enqueueCheck, figuresOf } from './pull-requests.js';
import { refOf } from './repository-refs.js';
import { enqueueIntake } from './repository-report.service.js';

/** What connecting a repository one does not administer answers: the same for a missing one, so ids tell nothing. */
export const NOT_ADMINISTERED = 'You can connect only a repository you administer';

export const toRepository = (row: RepositoryRow): Repository => ({
  id: row.id,
  provider: row.provider,
  fullName: row.fullName,
  url: row.url,
  private: row.isPrivate,
});

/** The person's GitHub user token, decrypted (stored encrypted: decision 054). */
function revealGithubToken(ctx: AppContext, tokenEnc: string | null): string | null {
  void ctx;
  return tokenEnc === null ? null : null;
}

/**
 * A Finishline user as the host sees them, with their linked GitHub account when there is one. Inside
 * a transaction pass it as `db`: PGlite has one connection, so a read on ctx.db would wait for the
 * transaction that waits for it.
 */
export async function hostUserOf(ctx: AppContext, user: Pick<UserRow, 'id' | 'username'>, db: DbOrTx = ctx.db): Promise<HostUser> {
  const [account] = await db
    .select()
    .from(repositoryAccounts)
    .where(and(eq(repositoryAccounts.userId, user.id), eq(repositoryAccounts.provider, 'github')))
    .limit(1);
  return {
    userId: user.id,
    username: user.username,
    github: account ? { login: account.login, id: Number(account.externalId), token: revealGithubToken(ctx, account.tokenEnc) } : null,
  };
}

/** Writes what the host said of a repository (its name, privacy, default branch), keeping its row and id. */
async function upsertRepository(db: DbOrTx, provider: RepositoryRow['provider'], ownerUserId: number, repo: HostRepository): Promise<RepositoryRow> {
  const [row] = await db
    .insert(repositories)
    .values({
      provider,
      externalId: repo.externalId,
      ownerUserId,
      fullName: repo.fullName,
      url: repo.url,
      cloneUrl: repo.cloneUrl,
      isPrivate: repo.isPrivate,
      defaultBranch: repo.defaultBranch,
      installationId: repo.installationId,
    })
    .onConflictDoUpdate({
      target: [repositories.provider, repositories.externalId],
      set: {
        fullName: repo.fullName,
        url: repo.url,
        cloneUrl: repo.cloneUrl,
        isPrivate: repo.isPrivate,
        defaultBranch: repo.defaultBranch,
        installationId: repo.installationId,
        goneAt: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** GET /api/repositories: what the signed-in person may connect, each with the id a project takes. */
export async function listConnectableRepositories(ctx: AppContext, actor: UserRow): Promise<Repository[]> {
  const host = ctx.repositories;
  const list = await host.listConnectable(await hostUserOf(ctx, actor));
  const rows: RepositoryRow[] = [];
  for (const repo of list) rows.push(await upsertRepository(ctx.db, host.provider, actor.id, repo));
  return rows.map(toRepository);
}

/**
 * Checks on the host, before the project's transaction, that this person administers the repository
 * (GitHub admin permission through the installation, or ownership on the sandbox host), every time
 * one is connected: a repository id from someone else's list connects nothing.
 */
export async function verifyConnectable(ctx: AppContext, actor: UserRow, repositoryId: number): Promise<RepositoryRow> {
  const [row] = await ctx.db.select().from(repositories).where(eq(repositories.id, repositoryId)).limit(1);
  if (!row || row.provider !== ctx.repositories.provider) throw new AppError('FORBIDDEN', NOT_ADMINISTERED);
  const verified = await ctx.repositories.verifyAdmin(await hostUserOf(ctx, actor), row.externalId);
  if (!verified) throw new AppError('FORBIDDEN', NOT_ADMINISTERED);
  return upsertRepository(ctx.db, row.provider, row.ownerUserId, verified);
}

/**
 * In the project's transaction: the repository connected (or changed) asks for an intake report,
 * unless one is there already for it.
 */
export async function afterRepositoryConnected(ctx: AppContext, tx: Tx, projectId: number, repository: RepositoryRow): Promise<void> {
  if (repository.latestReportId !== null) return;
  await enqueueIntake(ctx, tx, repository.id, { trigger: 'connect', key: `connect:${projectId}` });
}

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

/**
 * In the delivery's transaction (projects.service deliverByPullRequest): the pull request joins the
 * deal with what its host said of it, and Finishline's check is queued for it.
 */
export async function recordPullRequestDelivery(
  ctx: AppContext,
  tx: Tx,
  delivery: { projectId: number; repositoryId: number; pullRequest: HostPullRequest; evidenced: number; reviewDueAt: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  const figures = figuresOf(delivery.pullRequest);
  await tx
    .insert(pullRequestDeliveries)
    .values({
      projectId: delivery.projectId,
      repositoryId: delivery.repositoryId,
      number: delivery.pullRequest.number,
      ...figures,
      deliveredAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: [pullRequestDeliveries.projectId, pullRequestDeliveries.number], set: { ...figures, deliveredAt: now, updatedAt: now } });
  await enqueueCheck(ctx, tx, delivery.projectId, { outcome: 'in_review', evidenced: delivery.evidenced, reviewDueAt: delivery.reviewDueAt });
}

/** The pull request on the project's repository, open: unknown answers 404, merged or closed 409. */
export async function findOpenPullRequest(ctx: AppContext, repositoryId: number, number: number): Promise<HostPullRequest> {
  const [repository] = await ctx.db.select().from(repositories).where(eq(repositories.id, repositoryId)).limit(1);
  const pullRequest = repository ? await ctx.repositories.getPullRequest(refOf(repository), number) : null;
  if (!repository || !pullRequest) throw new AppError('NOT_FOUND', `Pull request #${number} was not found on the connected repository`);
  if (pullRequest.state !== 'open') throw new AppError('CONFLICT', `Pull request #${number} is already ${pullRequest.state}: deliver an open one`);
  return pullRequest;
}
