import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CreateInvitationBody, Invitation, InvitationStatus } from '#shared/contracts/invitations.js';
import { invitationLimits } from '#shared/domain/limits.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { uniqueViolation } from '#server/db/errors.js';
import { lockProject } from '#server/db/project-locks.js';
import { bids } from '#server/db/schema/bids.js';
import { projectInvitations } from '#server/db/schema/invitations.js';
import { projects } from '#server/db/schema/projects.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { isListedFinisher } from '#server/features/finishers/finishers.service.js';

const owners = alias(users, 'invitation_owners');
const hasBid = sql<boolean>`exists (select 1 from ${bids} where ${bids.projectId} = ${projectInvitations.projectId} and ${bids.finisherId} = ${projectInvitations.finisherId})`;

/** The invitations with their project, owner and developer, newest first. */
function selectInvitations(db: DbOrTx) {
  return db
    .select({
      id: projectInvitations.id,
      createdAt: projectInvitations.createdAt,
      hasBid,
      project: { id: projects.id, name: projects.name, status: projects.status, budgetCents: projects.budgetCents, techStack: projects.techStack },
      owner: { id: owners.id, username: owners.username, avatarUrl: owners.avatarUrl },
      developer: { id: users.id, username: users.username, avatarUrl: users.avatarUrl },
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .innerJoin(owners, eq(owners.id, projects.submitterId))
    .innerJoin(users, eq(users.id, projectInvitations.finisherId))
    .orderBy(desc(projectInvitations.createdAt), desc(projectInvitations.id));
}

type InvitationQueryRow = Awaited<ReturnType<ReturnType<typeof selectInvitations>['execute']>>[number];

const statusOf = (row: Pick<InvitationQueryRow, 'hasBid' | 'project'>): InvitationStatus =>
  row.hasBid ? 'bid' : isOpenForBids(row.project.status) ? 'open' : 'closed';

function toInvitation(row: InvitationQueryRow): Invitation {
  const { status: _status, ...project } = row.project;
  return { id: row.id, status: statusOf(row), createdAt: row.createdAt.toISOString(), project, owner: row.owner, developer: row.developer };
}

/**
 * POST /api/projects/{id}/invitations: the owner invites a listed developer to bid on the open
 * project. Under the project's lock, so two invitations at once cannot pass the limit together.
 */
export async function inviteToBid(ctx: AppContext, actor: UserRow, projectId: number, body: CreateInvitationBody): Promise<Invitation> {
  const invitationId = await ctx.events.transaction(ctx.db, async (tx, record) => {
    const project = await lockProject(tx, projectId);
    requireAccess(actor, 'inviteToBid', project);
    if (!isOpenForBids(project.status)) throw new AppError('INVALID_TRANSITION', 'You can invite developers only while the project is open for bids');
    const [developer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.developerId), isListedFinisher(ctx)))
      .limit(1);
    if (!developer) throw new AppError('NOT_FOUND', 'Developer not found');
    const [bid] = await tx
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.projectId, projectId), eq(bids.finisherId, developer.id)))
      .limit(1);
    if (bid) throw new AppError('CONFLICT', 'This developer has already placed a bid on this project');
    const [open] = await tx
      .select({ n: count() })
      .from(projectInvitations)
      .where(and(eq(projectInvitations.projectId, projectId), sql`not ${hasBid}`));
    if ((open?.n ?? 0) >= invitationLimits.openPerProject)
      throw new AppError(
        'CONFLICT',
        `A project can have at most ${invitationLimits.openPerProject} open invitations: wait for some of the invited developers to bid`,
      );
    let inserted: { id: number } | undefined;
    try {
      [inserted] = await tx.insert(projectInvitations).values({ projectId, finisherId: developer.id }).returning({ id: projectInvitations.id });
    } catch (error) {
      if (uniqueViolation(error) === 'project_invitations_project_finisher_key')
        throw new AppError('CONFLICT', 'You have already invited this developer to bid on this project');
      throw error;
    }
    await record({
      type: 'invitation.sent',
      invitationId: inserted!.id,
      projectId,
      projectName: project.name,
      ownerId: project.submitterId,
      ownerUsername: actor.username,
      finisherId: developer.id,
      budgetCents: project.budgetCents,
    });
    return inserted!.id;
  });
  const [row] = await selectInvitations(ctx.db).where(eq(projectInvitations.id, invitationId));
  return toInvitation(row!);
}

/** GET /api/projects/{id}/invitations: the owner's alone. */
export async function listProjectInvitations(ctx: AppContext, actor: UserRow, projectId: number): Promise<Invitation[]> {
  const [project] = await ctx.db.select({ submitterId: projects.submitterId }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readProjectInvitations', project);
  return (await selectInvitations(ctx.db).where(eq(projectInvitations.projectId, projectId))).map(toInvitation);
}

/** GET /api/users/{id}/invitations: a developer's own, at most the 100 newest. */
export async function listUserInvitations(ctx: AppContext, actor: UserRow, userId: number): Promise<Invitation[]> {
  requireAccess(actor, 'readOwnInvitations', userId);
  return (await selectInvitations(ctx.db).where(eq(projectInvitations.finisherId, userId)).limit(100)).map(toInvitation);
}
