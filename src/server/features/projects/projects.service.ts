import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreateProjectInput, ListProjectsQuery, Project, ProjectDetail } from '#shared/contracts/projects.js';
import { dollarsToCents } from '#shared/domain/money.js';
import { type ProjectAction, revisionTarget, transitionProject } from '#shared/domain/project-lifecycle.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { payments } from '#server/db/schema/payments.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { Tx } from '#server/db/client.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { findBidsOfProject } from '#server/features/bids/bids.queries.js';
import { isProjectPaid, lockProject } from './project-locks.js';
import { decodeCursor, encodeCursor, findProjectsOfUser, findProjectsPage, findProjectView, findTechnologies } from './projects.queries.js';

export async function listProjects(ctx: AppContext, viewer: UserRow | null, query: ListProjectsQuery) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw new AppError('VALIDATION_FAILED', 'The cursor is not valid');
  const page = await findProjectsPage(ctx.db, viewer, query, cursor);
  return { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null };
}

export function listTechnologies(ctx: AppContext): Promise<string[]> {
  return findTechnologies(ctx.db);
}

export async function getProjectDetail(ctx: AppContext, viewer: UserRow | null, id: number): Promise<ProjectDetail> {
  const project = await findProjectView(ctx.db, id, viewer);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  return { ...project, bids: await findBidsOfProject(ctx.db, id, viewer) };
}

export async function createProject(ctx: AppContext, actor: UserRow, input: CreateProjectInput, imageUrl: string | null): Promise<Project> {
  const [row] = await ctx.db
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
    })
    .returning({ id: projects.id });
  return (await findProjectView(ctx.db, row!.id, actor))!;
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

function move(action: ProjectAction, project: ProjectRow) {
  const result = transitionProject(action, project.status);
  if (!result.ok) throw new AppError('INVALID_TRANSITION', result.message);
  return result.to;
}

function assertOwner(actor: UserRow, project: ProjectRow, message: string) {
  if (project.submitterId !== actor.id) throw new AppError('FORBIDDEN', message);
}

/** Pause, reactivate or cancel (owner only). Cancelling also turns down every pending bid. */
export function updateProjectStatus(ctx: AppContext, actor: UserRow, id: number, status: keyof typeof actionForStatus): Promise<Project> {
  return changeProject(ctx, actor, id, async (project, tx, record) => {
    assertOwner(actor, project, 'Only the project owner can change its status');
    const to = move(actionForStatus[status], project);
    await tx.update(projects).set({ status: to, updatedAt: new Date() }).where(eq(projects.id, id));
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

/** The assigned finisher delivers the work with a message. */
export function deliverWork(ctx: AppContext, actor: UserRow, id: number, deliveryMessage: string): Promise<Project> {
  return changeProject(ctx, actor, id, async (project, tx, record) => {
    if (project.finisherId !== actor.id) throw new AppError('FORBIDDEN', 'Only the assigned developer can mark this project as completed');
    const to = move('deliver', project);
    await tx.update(projects).set({ status: to, deliveryMessage, completedAt: new Date(), updatedAt: new Date() }).where(eq(projects.id, id));
    await record({ type: 'work.delivered', projectId: id, projectName: project.name, ownerId: project.submitterId, finisherId: actor.id });
  });
}

/** The owner accepts the delivered work, or sends it back for a revision. */
export function reviewWork(ctx: AppContext, actor: UserRow, id: number, accepted: boolean): Promise<Project> {
  return changeProject(ctx, actor, id, async (project, tx, record) => {
    assertOwner(actor, project, 'Only the project owner can review the delivered work');
    const finisherId = project.finisherId!;
    if (accepted) {
      const to = move('acceptWork', project);
      await tx.update(projects).set({ status: to, acceptedAt: new Date(), updatedAt: new Date() }).where(eq(projects.id, id));
      await record({ type: 'work.accepted', projectId: id, projectName: project.name, ownerId: actor.id, finisherId });
      return;
    }
    move('requestRevision', project);
    const to = revisionTarget(await isProjectPaid(tx, id));
    await tx.update(projects).set({ status: to, completedAt: null, updatedAt: new Date() }).where(eq(projects.id, id));
    await record({ type: 'revision.requested', projectId: id, projectName: project.name, ownerId: actor.id, finisherId });
  });
}

export async function listProjectsOfUser(ctx: AppContext, actor: UserRow, userId: number): Promise<Project[]> {
  if (actor.id !== userId) throw new AppError('FORBIDDEN', 'You can only view your own projects');
  return findProjectsOfUser(ctx.db, actor);
}

/** What a submitter has paid for: payments held or already released, in whole dollars. */
export async function totalSpending(ctx: AppContext, actor: UserRow, userId: number): Promise<{ totalSpent: number }> {
  if (actor.id !== userId) throw new AppError('FORBIDDEN', 'You can only view your own spending');
  const [row] = await ctx.db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(and(eq(projects.submitterId, userId), inArray(payments.status, ['held', 'released'])));
  return { totalSpent: Math.round((row?.cents ?? 0) / 100) };
}
