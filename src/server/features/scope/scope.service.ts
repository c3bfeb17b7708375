import { and, count, eq, gte } from 'drizzle-orm';
import type { StatementOfWork } from '#shared/contracts/scope.js';
import { centsToDollars } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { projects } from '#server/db/schema/projects.js';
import type { StatementOfWorkRow } from '#server/db/schema/scope.js';
import type { UserRow } from '#server/db/schema/users.js';
import { findStatementOfWork } from '#server/db/statements-of-work.js';

/** Revision requests the owner made under this statement of work (since it was frozen). */
export async function countRevisionsUsed(db: DbOrTx, statement: Pick<StatementOfWorkRow, 'projectId' | 'frozenAt'>): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(dealHistory)
    .where(and(eq(dealHistory.projectId, statement.projectId), eq(dealHistory.kind, 'revision_request'), gte(dealHistory.at, statement.frozenAt)));
  return row?.used ?? 0;
}

/** GET /api/projects/{id}/scope: the two parties read what they agreed. */
export async function getStatementOfWork(ctx: AppContext, viewer: UserRow, projectId: number): Promise<StatementOfWork> {
  const [project] = await ctx.db
    .select({ submitterId: projects.submitterId, finisherId: projects.finisherId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(viewer, 'readScope', project);
  const statement = await findStatementOfWork(ctx.db, projectId);
  if (!statement || statement.projectId !== projectId)
    throw new AppError('NOT_FOUND', 'This project has no agreed statement of work yet: one is frozen when a bid is accepted');
  const used = await countRevisionsUsed(ctx.db, statement);
  return {
    projectId,
    bidId: statement.bidId,
    finisherId: project.finisherId ?? 0,
    criteria: statement.criteria,
    amount: centsToDollars(statement.amountCents),
    amountCents: statement.amountCents,
    timeline: statement.timelineDays,
    message: statement.message,
    includedRevisions: statement.includedRevisions,
    revisionsUsed: used,
    revisionsLeft: Math.max(0, statement.includedRevisions - used),
    frozenAt: statement.frozenAt.toISOString(),
  };
}
