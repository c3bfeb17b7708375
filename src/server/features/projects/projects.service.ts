import { and, eq, inArray } from 'drizzle-orm';
import type { CreateProjectInput, ListProjectsQuery, Project, ProjectDetail, TotalSpending } from '#shared/contracts/projects.js';
import { centsToDollars, dollarsToCents } from '#shared/domain/money.js';
import { paidPaymentStatuses } from '#shared/domain/payment-status.js';
import { projectActorOf } from '#shared/domain/policies.js';
import { reviewDeadline } from '#shared/domain/deal.js';
import { type ProjectAction, type ProjectActor, projectLifecycle } from '#shared/domain/project-lifecycle.js';
import { AppError } from '#server/app-error.js';
import { applyTransition } from '#server/domain/apply-transition.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { payments } from '#server/db/schema/payments.js';
import { projectColumns, type ProjectRow, projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { Tx } from '#server/db/client.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { listBidsOfProject } from '#server/features/bids/bids.service.js';
import { checkDeliveryEvidence, checkRevisionRequest, replaceProjectCriteria } from '#server/features/scope/scope.service.js';
import { hasPaymentArrived, isProjectPaid, lockProject } from '#server/db/project-locks.js';
import { assertNoActiveDispute } from '#server/features/disputes/disputes.service.js';
import { insertAttachments, type StoredAttachment } from '#server/features/attachments/attachments.service.js';
import { readDealFacts, readDealStages, requireDealStep } from '#server/domain/deal-facts.js';
import { findDuePayout } from '#server/domain/waiting-payout.js';
import { allowedActionsOf, dealStateOf, sideOf } from '#shared/domain/deal-machine.js';
import {
  afterRepositoryConnected,
  findOpenPullRequest,
  recordPullRequestDelivery,
  verifyConnectable,
} from '#server/features/repositories/repositories.service.js';
import { decodeCursor, encodeCursor, findProjectsOfUser, findProjectPage, findProjectsPage, findProjectView, findTechnologies } from './projects.queries.js';
import { sumCents } from '#server/db/cents.js';
import { searchQueries } from '#server/db/search-query.js';
import { effectiveSort } from '#shared/domain/project-search.js';

export async function listProjects(ctx: AppContext, viewer: UserRow | null, query: ListProjectsQuery) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw new AppError('VALIDATION_FAILED', 'The cursor is not valid');
  const queries = query.q ? await searchQueries(ctx.db, query.q) : null;
  // A last word no catalogue word extends finds the same projects whole, without the prefix's index read.
  const tsquery = queries ? (queries.exact !== null && !queries.prefixAdds ? queries.exact : queries.prefixed) : null;
  const wholeWordTsquery = queries?.prefixAdds ? queries.exact : null;
  // A page of an order with a sort key (budget, bids, relevance) goes on from that key.
  if (cursor && cursor.key === null && effectiveSort(query.sort, tsquery !== null) !== 'newest')
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid');
  const page = await findProjectsPage(ctx.db, viewer, query, { tsquery, wholeWordTsquery }, cursor);
  return { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null };
}

export function listTechnologies(ctx: AppContext): Promise<string[]> {
  return findTechnologies(ctx.db);
}

export async function getProjectDetail(ctx: AppContext, viewer: UserRow | null, id: number): Promise<ProjectDetail> {
  // Two statements at once: a missing project's bids are none, and it answers 404 all the same.
  const [project, bidsOfProject] = await Promise.all([findProjectPage(ctx.db, id, viewer), listBidsOfProject(ctx, id, viewer)]);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  // Only the two parties read the deal's verdicts: anyone else costs no query more (the API budget).
  const side = sideOf(viewer, project);
  const deal = side === 'owner' || side === 'finisher' ? await dealOfParty(ctx, side, id) : null;
  // Added keys first, then the spread: one hidden class for every answer (decision 084).
  return { bids: bidsOfProject, deal, ...project };
}

/** The deal machine's stage and the allowed actions of the project's owner or assigned finisher. */
async function dealOfParty(ctx: AppContext, side: 'owner' | 'finisher', id: number): Promise<ProjectDetail['deal']> {
  const [row] = await ctx.db.select(projectColumns).from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) return null;
  const state = dealStateOf((await readDealFacts(ctx, ctx.db, row)).facts);
  return { stage: state.stage, allowedActions: allowedActionsOf(state, side) };
}

export async function createProject(ctx: AppContext, actor: UserRow, input: CreateProjectInput, imageUrl: string | null): Promise<Project> {
  // Issue 29: the host confirms the person administers the repository, before the transaction.
  const repository = input.repositoryId ? await verifyConnectable(ctx, actor, input.repositoryId) : null;
  const row = await ctx.events.transaction(ctx.db, async (tx, record) => {
    const [inserted] = await tx
      .insert(projects)
      .values({
        name: input.name,
        description: input.description,
        techStack: input.techStack,
        codeLink: input.codeLink,
        imageUrl,
        submitterId: actor.id,
        budgetCents: input.budget ? dollarsToCents(input.budget) : null,
        timeframe: input.timeframe || null,
        repositoryId: repository?.id ?? null,
        grantRepositoryAccess: input.grantRepositoryAccess ?? true,
        mergeAcceptsDelivery: input.mergeAcceptsDelivery ?? true,
      })
      .returning({ id: projects.id });
    if (repository) await afterRepositoryConnected(ctx, tx, inserted!.id, repository);
    // Issue 18: what "finished" means, written with the project.
    const acceptanceCriteria = input.acceptanceCriteria?.length ? await replaceProjectCriteria(tx, inserted!.id, input.acceptanceCriteria) : [];
    // Issue 30: saved searches are tested against it, by a job that commits with it.
    await record({ type: 'project.posted', projectId: inserted!.id, projectName: input.name, ownerId: actor.id });
    return { id: inserted!.id, acceptanceCriteria };
  });
  const view = (await findProjectView(ctx.db, row.id, actor))!;
  return { ...view, acceptanceCriteria: row.acceptanceCriteria };
}

const actionForStatus = { paused: 'pause', active: 'reactivate', cancelled: 'cancel' } as const satisfies Record<string, ProjectAction>;

/** Runs one owner or finisher step on a locked project and answers the project as it is afterwards. */
async function changeProject(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  step: (project: ProjectRow, tx: Tx, record: RecordEvent) => Promise<void>,
): Promise<Project> {
  await ctx.events.transaction(ctx.db, async (tx, record) => step(await lockProject(tx, id), tx, record));
  return (await findProjectView(ctx.db, id, actor))!;
}

/** The edge of the project lifecycle this person takes, or its refusal (403 or 409). */
function move(action: ProjectAction, actor: UserRow, project: ProjectRow, facts?: { isPaid: boolean }) {
  return applyTransition(projectLifecycle, action, { from: project.status, actor: projectActorOf(actor, project), facts });
}

/**
 * Pause, reactivate or cancel (owner only). Cancelling also turns down every pending bid; once a
 * finisher is assigned, the deal decides what happens to the money (settleCancellation, on project.cancelled).
 */
export function updateProjectStatus(ctx: AppContext, actor: UserRow, id: number, status: keyof typeof actionForStatus): Promise<Project> {
  return changeProject(ctx, actor, id, async (project, tx, record) => {
    const to = move(actionForStatus[status], actor, project);
    // Cancelling is a deal step (the deal machine decides); pausing and reactivating an open project only wait for a dispute.
    if (to === 'cancelled') await requireDealStep(ctx, tx, project, actor, 'cancel');
    else await assertNoActiveDispute(tx, id);
    await tx.update(projects).set({ status: to, updatedAt: new Date() }).where(eq(projects.id, id));
    // What the cancellation does to held money is the deal's to decide (the deal clock, decision 027);
    // it does so in this transaction, from its handler of this event (decision 045).
    if (to === 'cancelled') await record({ type: 'project.cancelled', projectId: id });
    if (to === 'cancelled') {
      const rejected = await tx
        .update(bids)
        .set({ status: 'rejected', updatedAt: new Date() })
        .where(and(eq(bids.projectId, id), eq(bids.status, 'pending')))
        .returning({ id: bids.id, finisherId: bids.finisherId });
      for (const bid of rejected) await record({ type: 'bid.rejected', bidId: bid.id, projectId: id, projectName: project.name, finisherId: bid.finisherId });
    }
    await record({
      type: 'project.status_changed',
      projectId: id,
      projectName: project.name,
      ownerId: project.submitterId,
      finisherId: project.finisherId,
      from: project.status,
      to,
    });
  });
}

/** Refuses anyone but the project's assigned finisher: before a delivery's files are read. */
export async function assertDeliverer(ctx: Pick<AppContext, 'db'>, actor: UserRow, id: number): Promise<void> {
  const [project] = await ctx.db
    .select({ submitterId: projects.submitterId, finisherId: projects.finisherId })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'deliverByPullRequest', project);
}

/** The assigned finisher delivers the work with a message; on a paid project the owner's review window starts. */
export function deliverWork(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  deliveryMessage: string,
  evidenceGiven?: { criterionId: number; note: string }[],
  alsoInTransaction?: (tx: Tx, project: ProjectRow, delivery: { evidenced: number; reviewDueAt: string | null }) => Promise<void>,
  /** The delivery's files (issue 32, item 2), already stored by the route. */
  files: readonly StoredAttachment[] = [],
): Promise<Project> {
  return changeProject(ctx, actor, id, async (project, tx, record) => {
    // Money is held before work is delivered (issue 26): the edge needs the payment.
    const to = move('deliver', actor, project, { isPaid: await hasPaymentArrived(tx, id) });
    const isPaid = await isProjectPaid(tx, id);
    await requireDealStep(ctx, tx, project, actor, 'deliver');
    const evidence = await checkDeliveryEvidence(tx, id, evidenceGiven);
    const now = ctx.clock.now();
    await tx.update(projects).set({ status: to, deliveryMessage, completedAt: now, updatedAt: now }).where(eq(projects.id, id));
    const reviewDueAt = isPaid ? reviewDeadline(now, ctx.config.deal.reviewWindowMs).toISOString() : null;
    const delivered = await insertAttachments(tx, actor.id, { projectId: id }, files, now);
    await record({
      type: 'work.delivered',
      projectId: id,
      projectName: project.name,
      ownerId: project.submitterId,
      finisherId: actor.id,
      message: deliveryMessage,
      reviewDueAt,
      ...(evidence ? { evidence } : {}),
      ...(delivered.length > 0 ? { files: delivered } : {}),
    });
    await alsoInTransaction?.(tx, project, { evidenced: evidence?.length ?? 0, reviewDueAt });
  });
}

/**
 * Delivery by pull request (issue 29, item 5): the finisher names a pull request on the connected
 * repository. Its host is asked first, outside the transaction; then the delivery is the usual one
 * (the deal machine's deliver step, evidence, the review window) with the pull request beside it.
 */
export async function deliverByPullRequest(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: { number: number; deliveryMessage?: string; evidence?: { criterionId: number; note: string }[] },
): Promise<Project> {
  const [project] = await ctx.db.select(projectColumns).from(projects).where(eq(projects.id, id)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  // Only the assigned finisher reaches the host; everyone else is refused as deliverWork refuses them.
  requireAccess(actor, 'deliverByPullRequest', project);
  if (project.repositoryId === null) throw new AppError('CONFLICT', 'This project has no connected repository to deliver a pull request on');
  const repositoryId = project.repositoryId;
  const pullRequest = await findOpenPullRequest(ctx, repositoryId, body.number);
  const message = body.deliveryMessage ?? `Pull request #${pullRequest.number}: ${pullRequest.title}`;
  return deliverWork(ctx, actor, id, message, body.evidence, (tx, _project, delivery) =>
    recordPullRequestDelivery(ctx, tx, { projectId: id, repositoryId, pullRequest, ...delivery }),
  );
}

/**
 * Accepts the delivered work: the owner's step, or the system's once the review window passed in
 * silence (the deal clock). One path for both: the status, then the payout after commit.
 */
export async function acceptDelivery(tx: Tx, record: RecordEvent, project: ProjectRow, actor: ProjectActor, now: Date): Promise<void> {
  const to = applyTransition(projectLifecycle, 'acceptWork', { from: project.status, actor, facts: { isPaid: await hasPaymentArrived(tx, project.id) } });
  await tx.update(projects).set({ status: to, acceptedAt: now, updatedAt: now }).where(eq(projects.id, project.id));
  await record({
    type: 'work.accepted',
    projectId: project.id,
    projectName: project.name,
    ownerId: project.submitterId,
    finisherId: project.finisherId!,
    automatic: actor === 'system',
    // Read after the acceptance: the whole held remainder is due now.
    payout: await findDuePayout(tx, project.id, project.finisherId!),
  });
}

/** The owner accepts the delivered work, or sends it back for a revision with a reason the finisher reads. */
export function reviewWork(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  review: { accepted: true } | { accepted: false; reason: string; unmetCriteria?: number[] },
): Promise<Project> {
  return changeProject(ctx, actor, id, async (project, tx, record) => {
    if (review.accepted) {
      await requireDealStep(ctx, tx, project, actor, 'accept_work');
      await acceptDelivery(tx, record, project, projectActorOf(actor, project), ctx.clock.now());
      return;
    }
    const to = move('requestRevision', actor, project, { isPaid: await isProjectPaid(tx, id) });
    await requireDealStep(ctx, tx, project, actor, 'request_revision');
    const unmetCriteria = await checkRevisionRequest(tx, id, review.unmetCriteria ?? []);
    await tx.update(projects).set({ status: to, completedAt: null, updatedAt: new Date() }).where(eq(projects.id, id));
    await record({
      type: 'revision.requested',
      projectId: id,
      projectName: project.name,
      ownerId: actor.id,
      finisherId: project.finisherId!,
      reason: review.reason,
      ...(unmetCriteria ? { unmetCriteria } : {}),
    });
  });
}

/** A person's own projects, each with its deal's stage (they are its owner or its assigned finisher). */
export async function listProjectsOfUser(ctx: AppContext, actor: UserRow, userId: number): Promise<Project[]> {
  requireAccess(actor, 'readOwnProjects', userId);
  const own = await findProjectsOfUser(ctx.db, actor);
  const stages = await readDealStages(
    ctx,
    ctx.db,
    own.map((p) => p.row),
  );
  return own.map(({ project }) => ({ dealStage: stages.get(project.id), ...project }));
}

/** What a submitter has paid for: payments held or already released. */
export async function totalSpending(ctx: AppContext, actor: UserRow, userId: number): Promise<TotalSpending> {
  requireAccess(actor, 'readOwnSpending', userId);
  const [row] = await ctx.db
    .select({ cents: sumCents(payments.amountCents) })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(and(eq(projects.submitterId, userId), inArray(payments.status, [...paidPaymentStatuses])));
  const cents = row?.cents ?? 0;
  return { totalSpent: centsToDollars(cents), totalSpentCents: cents };
}
