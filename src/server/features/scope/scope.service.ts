import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { StatementOfWork } from '#shared/contracts/scope.js';
import { centsToDollars } from '#shared/domain/money.js';
import { AppError } from '#server/app-error.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { disputes } from '#server/db/schema/disputes.js';
import { projects } from '#server/db/schema/projects.js';
import { repositoryReports } from '#server/db/schema/repositories.js';
import type { StatementOfWorkRow } from '#server/db/schema/scope.js';
import type { UserRow } from '#server/db/schema/users.js';
import { findStatementOfWork } from './statements-of-work.js';

// What bids and projects use of the scope: a project's criteria, a bid's frozen statement of work.
export { type Criterion, findProjectCriteria, projectCriteriaJson, replaceProjectCriteria } from './project-criteria.js';
export { freezeStatementOfWork } from './statements-of-work.js';

/** Revision requests the owner made under this statement of work (since it was frozen). */
export async function countRevisionsUsed(db: DbOrTx, statement: Pick<StatementOfWorkRow, 'projectId' | 'frozenAt'>): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(dealHistory)
    .where(and(eq(dealHistory.projectId, statement.projectId), eq(dealHistory.kind, 'revision_request'), gte(dealHistory.at, statement.frozenAt)));
  return row?.used ?? 0;
}

/**
 * GET /api/projects/{id}/scope: the two parties read what they agreed, and operators once the deal is
 * disputed; null for a project without one (no bid accepted yet, or a deal older than issue 18), which
 * is an answer, not a missing page (issue 28, item 14).
 */
export async function getStatementOfWork(ctx: AppContext, viewer: UserRow, projectId: number): Promise<StatementOfWork | null> {
  const [project] = await ctx.db
    .select({
      submitterId: projects.submitterId,
      finisherId: projects.finisherId,
      isDisputed: sql<boolean>`exists (select 1 from ${disputes} where ${disputes.projectId} = ${projectId})`,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(viewer, 'readScope', project);
  const statement = await findStatementOfWork(ctx.db, projectId);
  if (!statement || statement.projectId !== projectId) return null;
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
    startCommit: statement.startCommit,
    repositoryReport: await frozenReportOf(ctx.db, statement.repositoryReportId),
  };
}

/** The intake report frozen with a statement of work (issue 29): what bidders read when the bid was accepted. */
async function frozenReportOf(db: DbOrTx, reportId: number | null): Promise<StatementOfWork['repositoryReport']> {
  if (reportId === null) return null;
  const [report] = await db.select().from(repositoryReports).where(eq(repositoryReports.id, reportId)).limit(1);
  if (!report) return null;
  const figures = report.figures;
  return {
    status: report.status,
    commit: report.commit,
    languages: figures?.languages ?? [],
    linesOfCode: figures?.linesOfCode ?? 0,
    files: figures?.files ?? 0,
    testFiles: figures?.testFiles ?? 0,
    finishedAt: report.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Delivering on a deal with agreed criteria (issue 18, item 4): a link or a short note for each
 * criterion the bid did not exclude, and none for a criterion that is not part of the deal. A deal
 * without a statement of work (accepted before issue 18) or without criteria delivers as before.
 */
export async function checkDeliveryEvidence(
  tx: DbOrTx,
  projectId: number,
  evidence: readonly { criterionId: number; note: string }[] | undefined,
): Promise<{ criterionId: number; note: string }[] | undefined> {
  const statement = await findStatementOfWork(tx, projectId);
  const given = evidence ?? [];
  const criteria = statement?.criteria ?? [];
  const stranger = given.find((e) => !criteria.some((c) => c.id === e.criterionId));
  if (stranger) throw new AppError('VALIDATION_FAILED', `Criterion ${stranger.criterionId} is not one of the agreed acceptance criteria`);
  const owed = criteria.filter((c) => c.answer !== 'exclude');
  const missing = owed.filter((c) => !given.some((e) => e.criterionId === c.id));
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', `Give a link or a short note for each agreed criterion: "${missing[0]!.text}" has none`);
  return given.length > 0
    ? criteria.filter((c) => given.some((e) => e.criterionId === c.id)).map((c) => given.find((e) => e.criterionId === c.id)!)
    : undefined;
}

/**
 * A revision request (issue 18, items 4 and 5): it names at least one agreed criterion not met when
 * the deal has criteria, and it is one of the revisions the deal includes. After those, the owner
 * accepts the work or opens a dispute (change orders come later).
 */
export async function checkRevisionRequest(
  tx: DbOrTx,
  projectId: number,
  unmetCriteria: readonly number[],
): Promise<{ id: number; text: string }[] | undefined> {
  const statement = await findStatementOfWork(tx, projectId);
  if (!statement) {
    if (unmetCriteria.length > 0) throw new AppError('VALIDATION_FAILED', 'This deal has no agreed acceptance criteria to name');
    return undefined;
  }
  const used = await countRevisionsUsed(tx, statement);
  if (used >= statement.includedRevisions) {
    throw new AppError(
      'INVALID_TRANSITION',
      `The ${statement.includedRevisions} ${statement.includedRevisions === 1 ? 'revision request included in this deal is' : 'revision requests included in this deal are'} used up: accept the work, open a dispute or propose a change order`,
    );
  }
  const ids = new Set(statement.criteria.map((c) => c.id));
  const stranger = unmetCriteria.find((id) => !ids.has(id));
  if (stranger !== undefined) throw new AppError('VALIDATION_FAILED', `Criterion ${stranger} is not one of the agreed acceptance criteria`);
  if (statement.criteria.length > 0 && unmetCriteria.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Name at least one acceptance criterion that is not met');
  }
  // With their text, in the order the deal lists them: the finisher reads what to fix, not ids.
  return unmetCriteria.length > 0 ? statement.criteria.filter((c) => unmetCriteria.includes(c.id)).map(({ id, text }) => ({ id, text })) : undefined;
}
