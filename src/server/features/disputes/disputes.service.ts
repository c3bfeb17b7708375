import { and, eq, ne, not } from 'drizzle-orm';
import { AppError } from '#server/app-error.js';
import type { Tx } from '#server/db/client.js';
import { type DisputeRow, disputes } from '#server/db/schema/disputes.js';

// What other features ask of disputes. It imports infrastructure only: the dispute steps import the
// deal (its history and money), so anything here that reached them would close an import circle
// through the features that call this file (docs/decisions/045-feature-homes-and-no-cycle.md).

/** The project's active dispute, if any (the deal's other steps wait while it is open). */
export async function activeDisputeOf(tx: Pick<Tx, 'select'>, projectId: number): Promise<DisputeRow | null> {
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.projectId, projectId), not(eq(disputes.status, 'settled'))))
    .limit(1);
  return row ?? null;
}

/**
 * While a dispute is open its project waits (decision 029): no delivery, review, cancellation or
 * milestone step moves the deal or restarts its clock; the dispute settles the money instead.
 */
export async function assertNoActiveDispute(tx: Tx, projectId: number): Promise<void> {
  const [open] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.projectId, projectId), ne(disputes.status, 'settled')))
    .limit(1);
  if (open) throw new AppError('INVALID_TRANSITION', 'This project has an open dispute: its next steps wait until the dispute is settled');
}
