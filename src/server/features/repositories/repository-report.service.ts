import { eq } from 'drizzle-orm';
import type { RepositoryReport } from '#shared/contracts/repositories.js';
import { emptyReportFigures } from '#shared/domain/repository-report.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { projectColumns, projects } from '#server/db/schema/projects.js';
import { type RepositoryRow, repositories, type RepositoryReportRow, repositoryReports } from '#server/db/schema/repositories.js';
import type { UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { enqueueJob } from '#server/jobs/job-queue.js';
import { INTAKE_KIND, type IntakePayload, nudgeRepositoryJobs } from './repository-lanes.js';

/**
 * Queues an intake report of the repository in the caller's transaction; the repositories lane runs
 * once it commits. The key makes a replayed push, or two connects of one project, one job.
 */
export async function enqueueIntake(ctx: AppContext, tx: DbOrTx, repositoryId: number, job: { trigger: IntakePayload['trigger']; key: string }): Promise<void> {
  await enqueueJob(tx, {
    kind: INTAKE_KIND,
    key: `repository:${repositoryId}:${job.key}`,
    subject: `repository:${repositoryId}`,
    dueAt: ctx.clock.now(),
    payload: { repositoryId, trigger: job.trigger } satisfies IntakePayload,
    maxAttempts: 3,
  });
  nudgeRepositoryJobs(ctx, tx);
}

function toReport(repository: RepositoryRow, report: RepositoryReportRow | null): RepositoryReport {
  const figures = report?.figures ?? emptyReportFigures();
  const repositoryAnswer = {
    id: repository.id,
    provider: repository.provider,
    fullName: repository.fullName,
    url: repository.url,
    private: repository.isPrivate,
  };
  if (!report) return { status: 'pending', commit: null, ...figures, problems: [], finishedAt: null, repository: repositoryAnswer };
  return {
    status: report.status,
    commit: report.commit,
    ...figures,
    problems: report.status === 'failed' && report.reason ? [report.reason, ...report.problems] : report.problems,
    finishedAt: report.finishedAt?.toISOString() ?? null,
    repository: repositoryAnswer,
  };
}

/** GET /api/projects/{id}/repository-report: whoever may read the project reads its report; 404 without a repository. */
export async function getRepositoryReport(ctx: AppContext, projectId: number): Promise<RepositoryReport> {
  const [row] = await ctx.db
    .select({ repository: repositories, report: repositoryReports })
    .from(projects)
    .innerJoin(repositories, eq(repositories.id, projects.repositoryId))
    .leftJoin(repositoryReports, eq(repositoryReports.id, repositories.latestReportId))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) {
    const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
    throw new AppError('NOT_FOUND', project ? 'This project has no connected repository' : 'Project not found');
  }
  return toReport(row.repository, row.report);
}

/** POST /api/projects/{id}/repository-report/refresh: the owner asks for the default branch to be read again (rate-limited per project). */
export async function refreshRepositoryReport(ctx: AppContext, actor: UserRow, projectId: number): Promise<{ status: 'pending' }> {
  const [project] = await ctx.db.select(projectColumns).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'editProject', project);
  if (project.repositoryId === null) throw new AppError('NOT_FOUND', 'This project has no connected repository');
  await ctx.rateLimits.repositoryRefreshes.consume(projectId);
  const repositoryId = project.repositoryId;
  await ctx.events.transaction(ctx.db, (tx) => enqueueIntake(ctx, tx, repositoryId, { trigger: 'refresh', key: `refresh:${ctx.clock.now().getTime()}` }));
  return { status: 'pending' };
}
