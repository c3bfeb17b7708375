import type { DealHistoryEntry } from '#shared/contracts/deal.js';
import type { Tx } from '#server/db/client.js';
import { dealHistory, type DealHistoryRow } from '#server/db/schema/deal.js';
import { toAttachmentDto } from '#server/features/attachments/attachments.service.js';

type HistoryEntry = typeof dealHistory.$inferInsert;

/** One step of a deal, written in the transaction of the step itself. */
export async function addHistory(tx: Tx, entry: HistoryEntry): Promise<void> {
  await tx.insert(dealHistory).values(entry);
}

/** A history row as the deal and the dispute answer it: the optional fields only where they are set. */
export const toHistoryEntry = (row: DealHistoryRow): DealHistoryEntry => ({
  kind: row.kind,
  at: row.at.toISOString(),
  by: row.by,
  ...(row.message !== null ? { message: row.message } : {}),
  ...(row.amountCents !== null ? { amountCents: row.amountCents } : {}),
  ...(row.milestoneId !== null ? { milestoneId: row.milestoneId } : {}),
  ...(row.milestoneTitle !== null ? { milestoneTitle: row.milestoneTitle } : {}),
  ...(row.details?.evidence ? { evidence: row.details.evidence } : {}),
  ...(row.details?.unmetCriteria ? { unmetCriteria: row.details.unmetCriteria } : {}),
  ...(row.details?.unmetCriteriaTexts ? { unmetCriteriaTexts: row.details.unmetCriteriaTexts } : {}),
  ...(row.details?.files ? { files: row.details.files.map(toAttachmentDto) } : {}),
});
