import { eq } from 'drizzle-orm';
import type { ProjectDetail, UpdateProjectInput } from '#shared/contracts/projects.js';
import { dollarsToCents } from '#shared/domain/money.js';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { AppError } from '#server/app-error.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import { replaceProjectCriteria } from '#server/features/scope/scope.service.js';
import { lockProject } from '#server/db/project-locks.js';
import { type NewProjectRow, projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { afterRepositoryConnected, verifyConnectable } from '#server/features/repositories/repositories.service.js';
import { getProjectDetail } from './projects.service.js';

/**
 * PATCH /api/projects/{id} (issue 18): the owner changes the posted fields and the acceptance
 * criteria while the project is open for bids. A deal already agreed keeps its statement of work
 * (a snapshot), so nothing here reaches it.
 */
export async function updateProject(ctx: AppContext, actor: UserRow, id: number, input: UpdateProjectInput): Promise<ProjectDetail> {
  // Issue 29: a repository to connect is checked on its host first (a network call, outside the
  // transaction); the edit form sends the connected one again, which changes nothing and asks no host.
  const [current] = await ctx.db.select({ repositoryId: projects.repositoryId }).from(projects).where(eq(projects.id, id)).limit(1);
  const isNewRepository = input.repositoryId !== undefined && input.repositoryId !== current?.repositoryId;
  const repository = isNewRepository && input.repositoryId ? await verifyConnectable(ctx, actor, input.repositoryId) : null;
  const set: Partial<NewProjectRow> = {};
  await ctx.events.transaction(ctx.db, async (tx) => {
    const project = await lockProject(tx, id);
    requireAccess(actor, 'editProject', project);
    if (!isOpenForBids(project.status)) throw new AppError('INVALID_TRANSITION', 'Only a project open for bids can be edited');
    if (isNewRepository) set.repositoryId = repository?.id ?? null;
    if (input.grantRepositoryAccess !== undefined) set.grantRepositoryAccess = input.grantRepositoryAccess;
    if (input.mergeAcceptsDelivery !== undefined) set.mergeAcceptsDelivery = input.mergeAcceptsDelivery;
    if (repository) await afterRepositoryConnected(ctx, tx, id, repository);
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description;
    if (input.techStack !== undefined) set.techStack = input.techStack;
    if (input.codeLink !== undefined) set.codeLink = input.codeLink;
    if (input.budget !== undefined) set.budgetCents = input.budget ? dollarsToCents(input.budget) : null;
    if (input.timeframe !== undefined) set.timeframe = input.timeframe || null;
    await tx
      .update(projects)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(projects.id, id));
    if (input.acceptanceCriteria !== undefined) await replaceProjectCriteria(tx, id, input.acceptanceCriteria);
  });
  return getProjectDetail(ctx, actor, id);
}
