import { z } from 'zod';
import { ledgerEntryKinds } from '#shared/domain/ledger.js';

/** One movement of a deal's money (issue 31, item 1): never changed once written. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerEntryKinds),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The payment provider's object: payment intent, transfer, refund or card dispute. */
  providerId: z.string().nullable(),
  createdAt: z.string(),
  /** What the money was for ("milestone 'API'", "change order 2"); null for the deal's own payment. */
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A deal's ledger, oldest first, and what it still holds (issue 31, item 2). */
export const dealLedgerSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  heldCents: z.number().int(),
});
export type DealLedger = z.infer<typeof dealLedgerSchema>;
