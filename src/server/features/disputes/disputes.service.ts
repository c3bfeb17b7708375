import { disputeWaitsRefusal } from '#shared/domain/deal-machine.js';
import { AppError } from '#server/app-error.js';
import type { Tx } from '#server/db/client.js';
import { findActiveDispute } from '#server/domain/deal-facts.js';

// What other features ask of disputes. It imports infrastructure only: the dispute steps import the
// deal (its history and money), so anything here that reached them would close an import circle
// through the features that call this file (docs/decisions/045-feature-homes-and-no-cycle.md).

/**
 * While a dispute is open its project waits (decision 029): no delivery, review, cancellation or
 * milestone step moves the deal or restarts its clock; the dispute settles the money instead.
 */
export async function assertNoActiveDispute(tx: Tx, projectId: number): Promise<void> {
  if (await findActiveDispute(tx, projectId)) throw new AppError('INVALID_TRANSITION', disputeWaitsRefusal);
}
