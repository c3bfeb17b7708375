import { and, eq } from 'drizzle-orm';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { processedWebhookEvents } from '#server/db/schema/payments.js';
import { projectColumns, projects } from '#server/db/schema/projects.js';
import { githubInstallations, repositories, repositoryAccounts } from '#server/db/schema/repositories.js';
import { pullRequestDeliveries, repositoryAccess } from '#server/db/schema/repository-deals.js';
import { users } from '#server/db/schema/users.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { type RepositoryEvent, type RepositoryHost, WebhookSignatureError, type WebhookHeaders } from '#server/integrations/repositories/repository-host.js';
import { enqueueJob } from '#server/jobs/job-queue.js';
import { enqueueIntake } from './repository-report.service.js';
import { nudgeRepositoryJobs, REFRESH_PULL_REQUEST_KIND } from './repository-lanes.js';

const ZERO_SHA = /^0+$/;

/**
 * The one webhook path for repository hosts (decision 054): GitHub's deliveries and the sandbox
 * host's, which are signed the same way and come in the same shape. Verify the signature on the raw
 * body, record the delivery id (a replay, or the same delivery at a second instance, is acknowledged
 * and ignored: the primary key serialises them), then act, all in one transaction.
 */
export async function handleRepositoryWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  headers: WebhookHeaders,
  host: RepositoryHost = ctx.repositories,
): Promise<{ received: true; duplicate: boolean }> {
  let event: RepositoryEvent;
  try {
    event = await host.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('VALIDATION_FAILED', `Webhook signature verification failed: ${error.message}`);
    throw error;
  }
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const fresh = await tx
      .insert(processedWebhookEvents)
      .values({ provider: host.webhookProvider, eventId: event.delivery, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (fresh.length === 0) return { received: true as const, duplicate: true };
    await actOn(ctx, tx, record, host, event);
    return { received: true as const, duplicate: false };
  });
}

async function repositoryOf(tx: Tx, host: RepositoryHost, externalId: string) {
  const [row] = await tx
    .select()
    .from(repositories)
    .where(and(eq(repositories.provider, host.provider), eq(repositories.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

async function actOn(ctx: AppContext, tx: Tx, record: RecordEvent, host: RepositoryHost, event: RepositoryEvent): Promise<void> {
  switch (event.type) {
    case 'push': {
      const repository = await repositoryOf(tx, host, event.repositoryId);
      // The default branch moved: read it again (a replayed push of the same head is one job).
      if (repository && event.ref === `refs/heads/${repository.defaultBranch}` && !ZERO_SHA.test(event.after))
        await enqueueIntake(ctx, tx, repository.id, { trigger: 'push', key: event.after });
      return;
    }
    case 'pull_request': {
      const repository = await repositoryOf(tx, host, event.repositoryId);
      if (!repository) return;
      if (event.action === 'closed') await onPullRequestClosed(tx, record, repository.id, event, ctx.clock.now());
      else await enqueuePullRequestRefresh(ctx, tx, repository.id, event.number, event.delivery);
      return;
    }
    case 'checks': {
      const repository = await repositoryOf(tx, host, event.repositoryId);
      if (!repository) return;
      const delivered = await tx
        .select({ number: pullRequestDeliveries.number })
        .from(pullRequestDeliveries)
        .where(and(eq(pullRequestDeliveries.repositoryId, repository.id), eq(pullRequestDeliveries.headSha, event.headSha)));
      for (const { number } of delivered) await enqueuePullRequestRefresh(ctx, tx, repository.id, number, event.delivery);
      return;
    }
    case 'member':
      if (event.action === 'added') await onMemberAdded(ctx, tx, record, host, event);
      return;
    case 'installation':
      await tx
        .insert(githubInstallations)
        .values({ installationId: event.installationId, accountLogin: event.accountLogin, accountType: event.accountType })
        .onConflictDoUpdate({
          target: githubInstallations.installationId,
          set: { accountLogin: event.accountLogin, suspendedAt: event.action === 'suspend' ? ctx.clock.now() : null, updatedAt: ctx.clock.now() },
        });
      return;
    case 'repository': {
      const repository = await repositoryOf(tx, host, event.repositoryId);
      if (!repository) return;
      if (event.action === 'deleted') await tx.update(repositories).set({ goneAt: ctx.clock.now() }).where(eq(repositories.id, repository.id));
      if (event.action === 'renamed')
        await tx.update(repositories).set({ fullName: event.fullName, updatedAt: ctx.clock.now() }).where(eq(repositories.id, repository.id));
      return;
    }
    case 'other':
      return;
  }
}

/** The host's figures of a delivered pull request are read again by a job: reading the deal never calls a host. */
async function enqueuePullRequestRefresh(ctx: AppContext, tx: Tx, repositoryId: number, number: number, delivery: string): Promise<void> {
  const [delivered] = await tx
    .select({ id: pullRequestDeliveries.id })
    .from(pullRequestDeliveries)
    .where(and(eq(pullRequestDeliveries.repositoryId, repositoryId), eq(pullRequestDeliveries.number, number)))
    .limit(1);
  if (!delivered) return;
  await enqueueJob(tx, {
    kind: REFRESH_PULL_REQUEST_KIND,
    key: `repository:${repositoryId}:pull:${number}:${delivery}`,
    subject: `repository:${repositoryId}`,
    dueAt: ctx.clock.now(),
    payload: { repositoryId, number },
  });
  nudgeRepositoryJobs(ctx, tx);
}

/**
 * A delivered pull request was closed. Merged by someone other than the finisher, on a project whose
 * merge accepts the delivery, it asks the projects feature to accept (decision 056) once: the delivery
 * row's accepted_by_merge_at, set under its lock, is the guard against a replay with a new delivery
 * id; the deal machine refusing accept_work on a completed deal is the last one.
 */
async function onPullRequestClosed(
  tx: Tx,
  record: RecordEvent,
  repositoryId: number,
  event: Extract<RepositoryEvent, { type: 'pull_request' }>,
  now: Date,
): Promise<void> {
  const delivered = await tx
    .select({ id: pullRequestDeliveries.id, projectId: pullRequestDeliveries.projectId })
    .from(pullRequestDeliveries)
    .where(and(eq(pullRequestDeliveries.repositoryId, repositoryId), eq(pullRequestDeliveries.number, event.number)));
  for (const { id, projectId } of delivered) {
    // The project's lock first, as every deal step takes it (decision 023).
    const [project] = await tx.select(projectColumns).from(projects).where(eq(projects.id, projectId)).for('update').limit(1);
    const [row] = await tx.select().from(pullRequestDeliveries).where(eq(pullRequestDeliveries.id, id)).for('update');
    if (!project || !row || project.finisherId === null || row.state !== 'open') continue;
    const deal = { projectId, projectName: project.name, ownerId: project.submitterId, finisherId: project.finisherId };
    if (!event.merged) {
      await tx.update(pullRequestDeliveries).set({ state: 'closed', updatedAt: now }).where(eq(pullRequestDeliveries.id, id));
      await record({ type: 'pull_request.closed', number: event.number, ...deal });
      continue;
    }
    const isFinishersMerge = event.mergedBy !== null && (await isFinisherLogin(tx, project.finisherId, event.mergedBy));
    const accepts = project.mergeAcceptsDelivery && row.acceptedByMergeAt === null && !isFinishersMerge;
    await tx
      .update(pullRequestDeliveries)
      .set({
        state: 'merged',
        mergedAt: now,
        mergeCommitSha: event.mergeCommitSha,
        mergedBy: event.mergedBy,
        updatedAt: now,
        ...(accepts ? { acceptedByMergeAt: now } : {}),
      })
      .where(eq(pullRequestDeliveries.id, id));
    if (accepts) await record({ type: 'pull_request.merged', number: event.number, mergedBy: event.mergedBy, ...deal });
  }
}

/** Whether a host login is the finisher's own: their Finishline username (sandbox) or their linked GitHub login. */
async function isFinisherLogin(tx: Tx, finisherId: number, login: string): Promise<boolean> {
  const [finisher] = await tx.select({ username: users.username }).from(users).where(eq(users.id, finisherId)).limit(1);
  if (finisher?.username.toLowerCase() === login.toLowerCase()) return true;
  const [account] = await tx
    .select({ login: repositoryAccounts.login })
    .from(repositoryAccounts)
    .where(and(eq(repositoryAccounts.userId, finisherId), eq(repositoryAccounts.provider, 'github')))
    .limit(1);
  return account?.login.toLowerCase() === login.toLowerCase();
}

/** A finisher accepted the GitHub invitation: their access moves from invited to granted, once. */
async function onMemberAdded(
  ctx: AppContext,
  tx: Tx,
  record: RecordEvent,
  host: RepositoryHost,
  event: Extract<RepositoryEvent, { type: 'member' }>,
): Promise<void> {
  const repository = await repositoryOf(tx, host, event.repositoryId);
  if (!repository) return;
  const invited = await tx
    .select({ access: repositoryAccess, project: projects })
    .from(repositoryAccess)
    .innerJoin(projects, eq(projects.id, repositoryAccess.projectId))
    .innerJoin(repositoryAccounts, and(eq(repositoryAccounts.userId, repositoryAccess.finisherId), eq(repositoryAccounts.provider, 'github')))
    .where(and(eq(repositoryAccess.repositoryId, repository.id), eq(repositoryAccess.status, 'invited'), eq(repositoryAccounts.login, event.login)));
  for (const { access, project } of invited) {
    const [locked] = await tx.select().from(repositoryAccess).where(eq(repositoryAccess.id, access.id)).for('update');
    if (locked?.status !== 'invited') continue;
    await tx
      .update(repositoryAccess)
      .set({ status: 'granted', grantedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(eq(repositoryAccess.id, access.id));
    await record({
      type: 'repository.access_changed',
      status: 'granted',
      withdrewInvitation: false,
      projectId: project.id,
      projectName: project.name,
      ownerId: project.submitterId,
      finisherId: access.finisherId,
    });
  }
}
