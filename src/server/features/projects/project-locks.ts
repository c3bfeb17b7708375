import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '#server/app-error.js';
import type { Tx } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { payments } from '#server/db/schema/payments.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';

/**
 * Reads a project and locks its row for the rest of the transaction, so two requests changing
 * one project (two accepts, a pause racing a bid) run one after the other.
 */
export async function lockProject(tx: Tx, id: number, mode: 'update' | 'share' = 'update'): Promise<ProjectRow> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, id)).for(mode).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  return project;
}

/** Whether the project's accepted bid has been paid (money held or already released). */
export async function isProjectPaid(tx: Tx, projectId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .where(and(eq(bids.projectId, projectId), inArray(payments.status, ['held', 'released'])))
    .limit(1);
  return row !== undefined;
}
