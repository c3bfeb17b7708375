import { z } from 'zod';
import { documentKinds } from '#shared/domain/documents.js';

/** One receipt or payout statement in its holder's list (issue 31, item 3). */
export const documentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(documentKinds),
  /** 'R-2026-0001' (receipt) or 'S-2026-0001' (payout statement): without gaps per series and year. */
  number: z.string(),
  /** What was paid (a receipt) or paid out, net of the fee (a payout statement). */
  amountCents: z.number().int(),
  /** ISO time of issue. */
  createdAt: z.string(),
  /** Downloads the PDF, for the document's holder only. */
  url: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSchema>;
