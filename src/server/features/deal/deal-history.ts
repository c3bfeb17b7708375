import type { Tx } from '#server/db/client.js';
import { dealHistory } from '#server/db/schema/deal.js';

type HistoryEntry = typeof dealHistory.$inferInsert;

/** One step of a deal, written in the transaction of the step itself. */
export async function addHistory(tx: Tx, entry: HistoryEntry): Promise<void> {
  await tx.insert(dealHistory).values(entry);
}
