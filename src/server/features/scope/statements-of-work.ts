import { desc, eq } from 'drizzle-orm';
import type { AgreedCriterion } from '#shared/domain/scope.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import { findProjectCriteria } from './project-criteria.js';
import type { BidRow } from '#server/db/schema/bids.js';
import { statementsOfWork, type StatementOfWorkRow } from '#server/db/schema/scope.js';

/**
 * Accepting a bid freezes the statement of work (issue 18, item 3): a copy of the criteria with the
 * bid's answers, its amount, timeline and included revisions. Later edits change nothing agreed.
 */
export async function freezeStatementOfWork(tx: Tx, projectId: number, bid: BidRow, defaultRevisions: number, frozenAt: Date): Promise<void> {
  const criteria = await findProjectCriteria(tx, projectId);
  const agreed: AgreedCriterion[] = criteria.map((c) => {
    const answer = bid.criteriaAnswers.find((a) => a.criterionId === c.id);
    return { id: c.id, text: c.text, answer: answer?.answer ?? null, note: answer?.note ?? null };
  });
  await tx
    .insert(statementsOfWork)
    .values({
      projectId,
      bidId: bid.id,
      criteria: agreed,
      amountCents: bid.amountCents,
      timelineDays: bid.timelineDays,
      includedRevisions: bid.includedRevisions ?? defaultRevisions,
      message: bid.message,
      // The deal clock's time, as the deal history's entries are: revisions are counted from it.
      frozenAt,
    })
    // Accepting runs once per bid (the bid lifecycle); a retry keeps the first snapshot.
    .onConflictDoNothing();
}

/** The project's statement of work in force: the one of its latest accepted bid, or null (a project accepted before issue 18). */
export async function findStatementOfWork(db: DbOrTx, projectId: number): Promise<StatementOfWorkRow | null> {
  const [row] = await db
    .select()
    .from(statementsOfWork)
    .where(eq(statementsOfWork.projectId, projectId))
    .orderBy(desc(statementsOfWork.frozenAt), desc(statementsOfWork.id))
    .limit(1);
  return row ?? null;
}
