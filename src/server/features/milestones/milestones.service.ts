import type { AttachmentSummary } from '#shared/domain/attachments.js';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CreateMilestoneInput, Milestone, UpdateMilestoneInput } from '#shared/contracts/milestones.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { reviewDeadline } from '#shared/domain/deal.js';
import { centsToDollars, dollarsToCents, formatMoney, splitPayment } from '#shared/domain/money.js';
import {
  isMilestoneStage,
  isPastDueDate,
  type MilestoneAction,
  milestoneLifecycle,
  milestoneStage,
  pastDueDateMessage,
} from '#shared/domain/milestone-lifecycle.js';
import { canReadDelivery, projectActorOf } from '#shared/domain/policies.js';
import { AppError } from '#server/app-error.js';
import { applyTransition } from '#server/domain/apply-transition.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { milestones } from '#server/db/schema/milestones.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';
import { insertAttachments, type StoredAttachment } from '#server/features/attachments/attachments.service.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { hasPaymentArrived, isProjectPaid, lockProject } from '#server/db/project-locks.js';
import { requireDealStep } from '#server/domain/deal-facts.js';
import { findDuePayout } from '#server/domain/waiting-payout.js';
import { milestoneDealActions } from '#shared/domain/deal-machine.js';
import { sumCents } from '#server/db/cents.js';

export type MilestoneRow = typeof milestones.$inferSelect;

function toMilestoneDto(row: MilestoneRow, canSeeAmount: boolean): Milestone {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    description: row.description,
    ...(canSeeAmount
      ? {
          amount: centsToDollars(row.amountCents),
          amountCents: row.amountCents,
          payoutCents: row.amountCents > 0 ? splitPayment(row.amountCents).developerAmountCents : 0,
        }
      : {}),
    status: row.status,
    dueDate: row.dueDate ? row.dueDate.toISOString().slice(0, 10) : null,
    isOverdue: row.status !== 'approved' && row.dueDate !== null && row.dueDate.getTime() + 86_400_000 <= Date.now(),
    completionNote: canSeeAmount ? row.completionNote : null,
    feedback: canSeeAmount ? row.feedback : null,
    completedAt: row.completedAt?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMilestones(ctx: AppContext, viewer: UserRow | null, projectId: number): Promise<Milestone[]> {
  return ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId, 'share');
    const rows = await tx.select().from(milestones).where(eq(milestones.projectId, projectId)).orderBy(asc(milestones.dueDate), asc(milestones.id));
    return rows.map((row) => toMilestoneDto(row, canReadDelivery(viewer, project)));
  });
}

/** The accepted bid's amount: the milestones of a project may add up to it, not more. */
async function budgetCents(tx: Tx, projectId: number): Promise<number> {
  const [bid] = await tx
    .select({ amountCents: bids.amountCents })
    .from(bids)
    .where(and(eq(bids.projectId, projectId), sql`${bids.status} in ${[...winningBidStatuses]}`))
    .limit(1);
  if (!bid) throw new AppError('INVALID_TRANSITION', 'Milestones can be planned once a bid is accepted');
  return bid.amountCents;
}

async function assertWithinBid(tx: Tx, projectId: number, amountCents: number, exceptId?: number) {
  const [{ total } = { total: 0 }] = await tx
    .select({ total: sumCents(milestones.amountCents) })
    .from(milestones)
    .where(exceptId ? and(eq(milestones.projectId, projectId), ne(milestones.id, exceptId)) : eq(milestones.projectId, projectId));
  const limit = await budgetCents(tx, projectId);
  if (total + amountCents > limit) {
    throw new AppError(
      'CONFLICT',
      `Milestones may not add up to more than the accepted bid (${formatMoney(limit, { showCents: true })}); ${formatMoney(limit - total, { showCents: true })} is left to plan`,
    );
  }
}

/** The project must be at the stage the step needs (milestoneStage). */
function assertStage(project: ProjectRow, action: keyof typeof milestoneStage) {
  if (!isMilestoneStage(action, project.status)) throw new AppError('INVALID_TRANSITION', milestoneStage[action].refusal);
}

/** A new or changed due date may not be in the past (issue 16); an unchanged one is not checked. */
function assertDueDateAhead(ctx: AppContext, dueDate: string | null | undefined) {
  if (dueDate && isPastDueDate(dueDate, ctx.clock.now())) throw new AppError('VALIDATION_FAILED', pastDueDateMessage);
}

const toDate = (value: string | null | undefined) => (value ? new Date(`${value}T00:00:00Z`) : value === null ? null : undefined);

export async function addMilestone(ctx: AppContext, actor: UserRow, projectId: number, input: CreateMilestoneInput): Promise<Milestone> {
  assertDueDateAhead(ctx, input.dueDate);
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const project = await lockProject(tx, projectId);
    requireAccess(actor, 'addMilestone', project);
    assertStage(project, 'add');
    await requireDealStep(ctx, tx, project, actor, 'add_milestone');
    const amountCents = dollarsToCents(input.amount);
    await assertWithinBid(tx, projectId, amountCents);
    const [row] = await tx
      .insert(milestones)
      .values({ projectId, title: input.title, description: input.description ?? null, amountCents, dueDate: toDate(input.dueDate) ?? null })
      .returning();
    await record({
      type: 'milestone.added',
      projectId,
      projectName: project.name,
      milestoneId: row!.id,
      milestoneTitle: row!.title,
      ownerId: project.submitterId,
      finisherId: project.finisherId!,
    });
    return toMilestoneDto(row!, true);
  });
}

/**
 * Locks a milestone's project, then the milestone, and checks the step against the milestone
 * lifecycle: who may take it, the project's stage, then the milestone's status.
 */
async function loadForStep(ctx: AppContext, tx: Tx, actor: UserRow, milestoneId: number, action: MilestoneAction) {
  const [found] = await tx.select({ projectId: milestones.projectId }).from(milestones).where(eq(milestones.id, milestoneId)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Milestone not found');
  const project = await lockProject(tx, found.projectId);
  const [milestone] = await tx.select().from(milestones).where(eq(milestones.id, milestoneId)).limit(1);
  const actorRole = projectActorOf(actor, project);
  if (!milestoneLifecycle.isTakenBy(action, actorRole)) throw new AppError('FORBIDDEN', milestoneLifecycle.edges[action].forbidden!);
  assertStage(project, action);
  // Completing and approving need the money held (issue 26); the edges say so.
  const to = applyTransition(milestoneLifecycle, action, {
    from: milestone!.status,
    actor: actorRole,
    facts: { isPaid: await hasPaymentArrived(tx, project.id) },
  });
  await requireDealStep(ctx, tx, project, actor, milestoneDealActions[action]);
  return { project, milestone: milestone!, to };
}

export async function updateMilestone(ctx: AppContext, actor: UserRow, milestoneId: number, changes: UpdateMilestoneInput): Promise<Milestone> {
  return ctx.db.transaction(async (tx) => {
    const { project, milestone } = await loadForStep(ctx, tx, actor, milestoneId, 'edit');
    if (changes.dueDate !== undefined && changes.dueDate !== milestone.dueDate?.toISOString().slice(0, 10)) assertDueDateAhead(ctx, changes.dueDate);
    const amountCents = changes.amount === undefined ? undefined : dollarsToCents(changes.amount);
    if (amountCents !== undefined) await assertWithinBid(tx, project.id, amountCents, milestone.id);
    const [row] = await tx
      .update(milestones)
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description ?? null } : {}),
        ...(amountCents !== undefined ? { amountCents } : {}),
        ...(changes.dueDate !== undefined ? { dueDate: toDate(changes.dueDate) ?? null } : {}),
      })
      .where(eq(milestones.id, milestoneId))
      .returning();
    return toMilestoneDto(row!, true);
  });
}

export async function removeMilestone(ctx: AppContext, actor: UserRow, milestoneId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await loadForStep(ctx, tx, actor, milestoneId, 'remove');
    await tx.delete(milestones).where(eq(milestones.id, milestoneId));
  });
}

/** Refuses anyone but the assigned finisher of a milestone's project: before a completion's files are read. */
export async function assertMilestoneFinisher(ctx: AppContext, actor: UserRow, milestoneId: number): Promise<void> {
  const [found] = await ctx.db
    .select({ submitterId: projects.submitterId, finisherId: projects.finisherId })
    .from(milestones)
    .innerJoin(projects, eq(projects.id, milestones.projectId))
    .where(eq(milestones.id, milestoneId))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Milestone not found');
  if (!milestoneLifecycle.isTakenBy('complete', projectActorOf(actor, found))) throw new AppError('FORBIDDEN', milestoneLifecycle.edges.complete.forbidden!);
}

/** The assigned finisher completes a milestone with a note and, with issue 32, up to 10 files (stored by the route). */
export async function completeMilestone(
  ctx: AppContext,
  actor: UserRow,
  milestoneId: number,
  note: string,
  files: readonly StoredAttachment[] = [],
): Promise<Milestone> {
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const { project, milestone, to } = await loadForStep(ctx, tx, actor, milestoneId, 'complete');
    const now = ctx.clock.now();
    const [row] = await tx.update(milestones).set({ status: to, completionNote: note, completedAt: now }).where(eq(milestones.id, milestoneId)).returning();
    // On a paid project the owner's review window starts (the deal clock, decision 027).
    const reviewDueAt = (await isProjectPaid(tx, project.id)) ? reviewDeadline(now, ctx.config.deal.reviewWindowMs).toISOString() : null;
    const delivered = await insertAttachments(tx, actor.id, { projectId: project.id, milestoneId }, files, now);
    await emit(record, { type: 'milestone.completed', note, reviewDueAt, ...(delivered.length > 0 ? { files: delivered } : {}) }, project, milestone);
    return toMilestoneDto(row!, true);
  });
}

export async function approveMilestone(ctx: AppContext, actor: UserRow, milestoneId: number): Promise<Milestone> {
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const { project, milestone, to } = await loadForStep(ctx, tx, actor, milestoneId, 'approve');
    await tx.update(milestones).set({ status: to, approvedAt: ctx.clock.now() }).where(eq(milestones.id, milestoneId));
    // The payout of its share follows after commit (payments reacts to milestone.approved).
    await emit(record, { type: 'milestone.approved', automatic: false, payout: await findDuePayout(tx, project.id, project.finisherId!) }, project, milestone);
  });
  const [row] = await ctx.db.select().from(milestones).where(eq(milestones.id, milestoneId));
  return toMilestoneDto(row!, true);
}

/**
 * The deal clock approves a delivered milestone the owner left unreviewed past the review window:
 * the owner's path, taken by the system. The caller holds the project and milestone locks.
 */
export async function approveMilestoneBySystem(tx: Tx, record: RecordEvent, project: ProjectRow, milestone: MilestoneRow, now: Date): Promise<void> {
  if (!isMilestoneStage('approve', project.status)) return;
  const to = applyTransition(milestoneLifecycle, 'approve', {
    from: milestone.status,
    actor: 'system',
    facts: { isPaid: await hasPaymentArrived(tx, project.id) },
  });
  await tx.update(milestones).set({ status: to, approvedAt: now }).where(eq(milestones.id, milestone.id));
  await emit(record, { type: 'milestone.approved', automatic: true, payout: await findDuePayout(tx, project.id, project.finisherId!) }, project, milestone);
}

export async function sendBackMilestone(ctx: AppContext, actor: UserRow, milestoneId: number, feedback: string): Promise<Milestone> {
  return ctx.events.transaction(ctx.db, async (tx, record) => {
    const { project, milestone, to } = await loadForStep(ctx, tx, actor, milestoneId, 'sendBack');
    const [row] = await tx.update(milestones).set({ status: to, feedback, completedAt: null }).where(eq(milestones.id, milestoneId)).returning();
    await emit(record, { type: 'milestone.sent_back', feedback }, project, milestone);
    return toMilestoneDto(row!, true);
  });
}

type MilestoneStepEvent =
  | { type: 'milestone.completed'; note: string; reviewDueAt: string | null; files?: AttachmentSummary[] }
  | { type: 'milestone.approved'; automatic: boolean; payout?: { amountCents: number; isAccountReady: boolean } }
  | { type: 'milestone.sent_back'; feedback: string };

function emit(record: RecordEvent, step: MilestoneStepEvent, project: ProjectRow, milestone: MilestoneRow) {
  return record({
    ...step,
    projectId: project.id,
    projectName: project.name,
    milestoneId: milestone.id,
    milestoneTitle: milestone.title,
    ownerId: project.submitterId,
    finisherId: project.finisherId!,
  });
}
