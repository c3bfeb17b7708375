import { and, eq } from 'drizzle-orm';
import { dealStageOf } from '#shared/domain/deal-machine.js';
import { nextAccessStatus, repositoryAccessWanted } from '#shared/domain/repository-access.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { projectColumns, projects } from '#server/db/schema/projects.js';
import { repositories } from '#server/db/schema/repositories.js';
import { repositoryAccess } from '#server/db/schema/repository-deals.js';
import { users } from '#server/db/schema/users.js';
import { readDealFacts } from '#server/domain/deal-facts.js';
import { enqueueJob, defineJobKind } from '#server/jobs/job-queue.js';
import { hostUserOf } from './repositories.service.js';
import { nudgeRepositoryJobs, REPOSITORY_LANE, SYNC_ACCESS_KIND } from './repository-lanes.js';
import { refOf } from './repository-refs.js';

interface SyncAccessPayload {
  projectId: number;
}

/**
 * Asks for the finisher's push access to be brought in line with the deal, after the step that
 * changed the deal commits (decision 056). The key need not deduplicate: exactly-once lives in the
 * access row, which the job locks and moves only forward.
 */
export async function enqueueAccessSync(ctx: AppContext, tx: DbOrTx, projectId: number, cause: string): Promise<void> {
  const [project] = await tx.select({ repositoryId: projects.repositoryId }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project?.repositoryId) return;
  await enqueueJob(tx, {
    kind: SYNC_ACCESS_KIND,
    key: `project:${projectId}:access:${cause}:${ctx.clock.now().getTime()}`,
    subject: `project:${projectId}`,
    dueAt: ctx.clock.now(),
    payload: { projectId } satisfies SyncAccessPayload,
  });
  nudgeRepositoryJobs(ctx, tx);
}

/**
 * Grants push access once the accepted bid is paid, removes it (and withdraws a pending invitation)
 * when the deal ends. The host is called under the project's and the row's locks, as payments call
 * their provider (decision 011): a retry after a call that worked repeats it harmlessly (granting is
 * idempotent, a removal's 404 counts as done), and only a real change of the row is recorded, so the
 * history gets one line per change whatever retries and instances do.
 */
export const syncAccessJobKind = defineJobKind<SyncAccessPayload>(
  SYNC_ACCESS_KIND,
  async ({ ctx, tx, record, job, now }) => {
    const [project] = await tx.select(projectColumns).from(projects).where(eq(projects.id, job.payload.projectId)).for('update').limit(1);
    if (!project?.repositoryId || project.finisherId === null) return;
    const [repository] = await tx.select().from(repositories).where(eq(repositories.id, project.repositoryId)).limit(1);
    if (!repository) return;
    const key = { projectId: project.id, finisherId: project.finisherId };
    await tx
      .insert(repositoryAccess)
      .values({ ...key, repositoryId: repository.id })
      .onConflictDoNothing();
    const [access] = await tx
      .select()
      .from(repositoryAccess)
      .where(and(eq(repositoryAccess.projectId, key.projectId), eq(repositoryAccess.finisherId, key.finisherId)))
      .for('update');
    const stage = dealStageOf((await readDealFacts(ctx, tx, project)).facts);
    const step = nextAccessStatus(access!.status, repositoryAccessWanted(stage, { isOptedOut: !project.grantRepositoryAccess }));
    if (!step) return;
    const [finisher] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, project.finisherId)).limit(1);
    // Read in the job's transaction: PGlite has one connection, and the transaction holds it.
    const hostUser = await hostUserOf(ctx, finisher!, tx);
    // A finisher without a linked GitHub account cannot be invited: the deal says so, and linking asks again.
    if (step === 'grant' && repository.provider === 'github' && !hostUser.github) return;
    const deal = { projectId: project.id, projectName: project.name, ownerId: project.submitterId, finisherId: project.finisherId };
    if (step === 'grant') {
      const granted = await ctx.repositories.grantPush(refOf(repository), hostUser);
      await tx
        .update(repositoryAccess)
        .set(
          granted.status === 'invited'
            ? { status: 'invited', invitationId: granted.invitationId, invitedAt: now, updatedAt: now }
            : { status: 'granted', grantedAt: now, updatedAt: now },
        )
        .where(eq(repositoryAccess.id, access!.id));
      await record({ type: 'repository.access_changed', status: granted.status, withdrewInvitation: false, ...deal });
      return;
    }
    const revoked = await ctx.repositories.revokePush(refOf(repository), hostUser, access!.status === 'invited' ? access!.invitationId : null);
    await tx.update(repositoryAccess).set({ status: 'removed', removedAt: now, updatedAt: now }).where(eq(repositoryAccess.id, access!.id));
    await record({ type: 'repository.access_changed', status: 'removed', withdrewInvitation: revoked.withdrewInvitation, ...deal });
  },
  { lane: REPOSITORY_LANE },
);
