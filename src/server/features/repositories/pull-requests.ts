import { and, desc, eq } from 'drizzle-orm';
import { finishlineCheckText } from '#shared/domain/pull-request-check.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { projects } from '#server/db/schema/projects.js';
import { repositories } from '#server/db/schema/repositories.js';
import { pullRequestDeliveries } from '#server/db/schema/repository-deals.js';
import { statementsOfWork } from '#server/db/schema/scope.js';
import { users } from '#server/db/schema/users.js';
import type { HostPullRequest } from '#server/integrations/repositories/repository-host.js';
import { defineJobKind, enqueueJob } from '#server/jobs/job-queue.js';
import { nudgeRepositoryJobs, POST_CHECK_KIND, REFRESH_PULL_REQUEST_KIND, REPOSITORY_LANE } from './repository-lanes.js';
import { refOf } from './repository-refs.js';

/** The host's figures of a pull request, as a delivery row keeps them. */
export const figuresOf = (pr: HostPullRequest) => ({
  title: pr.title,
  state: pr.state,
  headSha: pr.headSha,
  headRef: pr.headRef,
  baseRef: pr.baseRef,
  commits: pr.commits,
  additions: pr.additions,
  deletions: pr.deletions,
  changedFiles: pr.changedFiles,
  files: pr.files.slice(0, 100),
  checks: pr.checks,
  mergedBy: pr.mergedBy,
  mergeCommitSha: pr.mergeCommitSha,
  mergedAt: pr.mergedAt,
});

interface PostCheckPayload {
  projectId: number;
  number: number;
  headSha: string;
  title: string;
  summary: string;
  conclusion: 'neutral' | 'success' | null;
}

/** Queues Finishline's check on the project's delivered pull request, worded now (in the owner's zone). */
export async function enqueueCheck(
  ctx: AppContext,
  tx: DbOrTx,
  projectId: number,
  state: { outcome: 'in_review' | 'revision_requested' | 'accepted'; evidenced?: number; reviewDueAt?: string | null },
): Promise<void> {
  const [delivered] = await tx
    .select({ number: pullRequestDeliveries.number, headSha: pullRequestDeliveries.headSha, timeZone: users.timeZone })
    .from(pullRequestDeliveries)
    .innerJoin(projects, eq(projects.id, pullRequestDeliveries.projectId))
    .innerJoin(users, eq(users.id, projects.submitterId))
    .where(eq(pullRequestDeliveries.projectId, projectId))
    .orderBy(desc(pullRequestDeliveries.deliveredAt), desc(pullRequestDeliveries.id))
    .limit(1);
  if (!delivered) return;
  const [statement] = await tx
    .select({ criteria: statementsOfWork.criteria })
    .from(statementsOfWork)
    .where(eq(statementsOfWork.projectId, projectId))
    .orderBy(desc(statementsOfWork.frozenAt))
    .limit(1);
  const criteria = statement?.criteria.length ?? 0;
  const text = finishlineCheckText({
    criteria,
    evidenced: Math.min(criteria, state.evidenced ?? criteria),
    reviewDueAt: state.reviewDueAt ? new Date(state.reviewDueAt) : null,
    timeZone: delivered.timeZone,
    outcome: state.outcome,
  });
  await enqueueJob(tx, {
    kind: POST_CHECK_KIND,
    key: `project:${projectId}:pull:${delivered.number}:check:${state.outcome}:${ctx.clock.now().getTime()}`,
    subject: `project:${projectId}`,
    dueAt: ctx.clock.now(),
    payload: { projectId, number: delivered.number, headSha: delivered.headSha, ...text } satisfies PostCheckPayload,
  });
  nudgeRepositoryJobs(ctx, tx);
}

async function deliveryRow(db: DbOrTx, projectId: number, number: number) {
  const [row] = await db
    .select({ delivery: pullRequestDeliveries, repository: repositories })
    .from(pullRequestDeliveries)
    .innerJoin(repositories, eq(repositories.id, pullRequestDeliveries.repositoryId))
    .where(and(eq(pullRequestDeliveries.projectId, projectId), eq(pullRequestDeliveries.number, number)))
    .limit(1);
  return row ?? null;
}

/** Posts (or updates) Finishline's check on the host: the network in prepare, the check's id written after. */
export const postCheckJobKind = defineJobKind<PostCheckPayload, { id: string } | null>(
  POST_CHECK_KIND,
  async ({ tx, job, prepared }) => {
    if (!prepared) return;
    await tx
      .update(pullRequestDeliveries)
      .set({ checkRunId: prepared.id })
      .where(and(eq(pullRequestDeliveries.projectId, job.payload.projectId), eq(pullRequestDeliveries.number, job.payload.number)));
  },
  {
    lane: REPOSITORY_LANE,
    maxAttempts: 5,
    async prepare({ ctx, job }) {
      const row = await deliveryRow(ctx.db, job.payload.projectId, job.payload.number);
      if (!row) return null;
      const { headSha, title, summary, conclusion } = job.payload;
      const existingId = row.delivery.headSha === headSha ? row.delivery.checkRunId : null;
      return ctx.repositories.postCheck(refOf(row.repository), { headSha, title, summary, conclusion, existingId });
    },
  },
);

interface RefreshPayload {
  repositoryId: number;
  number: number;
}

/** Reads a delivered pull request again after the host said it changed (new commits, checks, an edit). */
export const refreshPullRequestJobKind = defineJobKind<RefreshPayload, HostPullRequest | null>(
  REFRESH_PULL_REQUEST_KIND,
  async ({ tx, record, job, now, prepared }) => {
    if (!prepared) return;
    const rows = await tx
      .select({ projectId: pullRequestDeliveries.projectId, state: pullRequestDeliveries.state, project: projects })
      .from(pullRequestDeliveries)
      .innerJoin(projects, eq(projects.id, pullRequestDeliveries.projectId))
      .where(and(eq(pullRequestDeliveries.repositoryId, job.payload.repositoryId), eq(pullRequestDeliveries.number, job.payload.number)));
    // Merging and closing are the webhook's to record (they may accept the delivery): the figures only here.
    const { state: _state, mergedBy: _mergedBy, mergeCommitSha: _sha, mergedAt: _at, ...figures } = figuresOf(prepared);
    for (const row of rows) {
      await tx
        .update(pullRequestDeliveries)
        .set({ ...figures, updatedAt: now })
        .where(and(eq(pullRequestDeliveries.projectId, row.projectId), eq(pullRequestDeliveries.number, job.payload.number)));
      if (row.project.finisherId !== null)
        await record({
          type: 'pull_request.updated',
          number: job.payload.number,
          projectId: row.projectId,
          projectName: row.project.name,
          ownerId: row.project.submitterId,
          finisherId: row.project.finisherId,
        });
    }
  },
  {
    lane: REPOSITORY_LANE,
    async prepare({ ctx, job }) {
      const [repository] = await ctx.db.select().from(repositories).where(eq(repositories.id, job.payload.repositoryId)).limit(1);
      return repository ? ctx.repositories.getPullRequest(refOf(repository), job.payload.number) : null;
    },
  },
);
