import { and, eq, inArray } from 'drizzle-orm';
import { intakeLimits, type IntakeResult } from '#shared/domain/repository-report.js';
import type { AppContext } from '#server/context.js';
import { projects } from '#server/db/schema/projects.js';
import { type RepositoryRow, repositories, repositoryReports } from '#server/db/schema/repositories.js';
import { type Job, defineJobKind } from '#server/jobs/job-queue.js';
import { runIntakeInChild } from '#server/integrations/repositories/intake/run-intake.js';
import { type HostFailure, isHostFailure } from '#server/integrations/repositories/repository-host.js';
import { INTAKE_KIND, type IntakePayload, REPOSITORY_LANE } from './repository-lanes.js';
import { refOf } from './repository-refs.js';

/** What the slow part found, for the short transaction that writes it. */
type IntakeOutcome =
  | { kind: 'skip' }
  | { kind: 'failed'; commit: string | null; reason: string }
  | { kind: 'known'; commit: string; reportId: number }
  | { kind: 'read'; commit: string; result: IntakeResult };

const failureReasons: Record<HostFailure, string> = {
  gone: 'The repository no longer exists, or Finishline can no longer reach it',
  no_access: 'Finishline has no access to this private repository',
  no_branch: 'The default branch does not exist',
};

const INTAKE_ATTEMPTS = 3;

/**
 * Reads the repository's default branch into a report (decision 055): the network and the child
 * process in the job's prepare phase, outside any transaction; one short transaction writes it. A
 * vanished repository, a missing branch or no access end in a failed report with its reason; any
 * other failure is retried, and the last attempt writes a failed report instead of throwing, so the
 * project page never waits on a report forever.
 */
async function prepareIntake(ctx: AppContext, job: Job<IntakePayload>, signal: AbortSignal): Promise<IntakeOutcome> {
  const [row] = await ctx.db.select().from(repositories).where(eq(repositories.id, job.payload.repositoryId)).limit(1);
  if (!row) return { kind: 'skip' };
  try {
    return await readDefaultBranch(ctx, row, signal);
  } catch (error) {
    if (job.attempts < (job.maxAttempts ?? INTAKE_ATTEMPTS)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', commit: null, reason: `Finishline could not read the repository: ${message}` };
  }
}

async function readDefaultBranch(ctx: AppContext, row: RepositoryRow, signal: AbortSignal): Promise<IntakeOutcome> {
  const host = ctx.repositories;
  const ref = refOf(row);
  const repository = await host.getRepository(ref);
  if (isHostFailure(repository)) return { kind: 'failed', commit: null, reason: failureReasons[repository] };
  const branch = await host.resolveBranch(ref, repository.defaultBranch);
  if (isHostFailure(branch)) {
    const reason = branch === 'no_branch' ? `The default branch "${repository.defaultBranch}" does not exist` : failureReasons[branch];
    return { kind: 'failed', commit: null, reason };
  }
  const [known] = await ctx.db
    .select({ id: repositoryReports.id })
    .from(repositoryReports)
    .where(and(eq(repositoryReports.repositoryId, row.id), eq(repositoryReports.commit, branch.sha), inArray(repositoryReports.status, ['ready', 'partial'])))
    .limit(1);
  if (known) return { kind: 'known', commit: branch.sha, reportId: known.id };
  const snapshot = await host.openSnapshot(ref, branch.sha, signal);
  if (isHostFailure(snapshot)) return { kind: 'failed', commit: branch.sha, reason: failureReasons[snapshot] };
  try {
    const { result } = await runIntakeInChild({
      gitDir: snapshot.gitDir,
      commit: branch.sha,
      limits: intakeLimits,
      timeoutMs: ctx.config.repositories.intakeTimeoutMs,
      signal,
    });
    const history = await snapshot.history();
    const figures = {
      ...result.figures,
      commits: history.commits,
      contributors: history.contributors,
      lastCommitAt: history.lastCommitAt?.toISOString() ?? null,
    };
    return { kind: 'read', commit: branch.sha, result: { ...result, figures } };
  } finally {
    await snapshot.release();
  }
}

export const intakeJobKind = defineJobKind<IntakePayload, IntakeOutcome>(
  INTAKE_KIND,
  async ({ tx, record, job, now, prepared }) => {
    if (prepared.kind === 'skip') return;
    const repositoryId = job.payload.repositoryId;
    let reportId: number;
    if (prepared.kind === 'known') {
      reportId = prepared.reportId;
    } else {
      const [report] = await tx
        .insert(repositoryReports)
        .values({
          repositoryId,
          commit: prepared.commit,
          status: prepared.kind === 'failed' ? 'failed' : prepared.result.partial ? 'partial' : 'ready',
          figures: prepared.kind === 'read' ? prepared.result.figures : null,
          problems: prepared.kind === 'read' ? prepared.result.problems : [],
          reason: prepared.kind === 'failed' ? prepared.reason : null,
          trigger: job.payload.trigger,
          createdAt: now,
          finishedAt: now,
        })
        .returning({ id: repositoryReports.id });
      reportId = report!.id;
    }
    await tx
      .update(repositories)
      .set({ latestReportId: reportId, ...(prepared.commit ? { headSha: prepared.commit } : {}), updatedAt: now })
      .where(eq(repositories.id, repositoryId));
    const connected = await tx
      .select({ projectId: projects.id, ownerId: projects.submitterId, finisherId: projects.finisherId })
      .from(projects)
      .where(eq(projects.repositoryId, repositoryId));
    await record({ type: 'repository.report_ready', repositoryId, projects: connected });
  },
  { lane: REPOSITORY_LANE, maxAttempts: INTAKE_ATTEMPTS, prepare: ({ ctx, job, signal }) => prepareIntake(ctx, job, signal) },
);
