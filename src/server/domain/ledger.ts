import type { Tx } from '#server/db/client.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import type { LedgerEntryKind } from '#shared/domain/ledger.js';
import type { MoneySource } from '#shared/domain/money-moves.js';
import { issueDocuments } from './documents.js';

/** One movement of one payment's money, as the code that moves it knows it. */
export interface LedgerMovement {
  kind: LedgerEntryKind;
  amountCents: number;
  /** The provider's object (payment intent, transfer, refund, card dispute). */
  providerId?: string | null;
  note?: string | null;
  /** Names the movement once: the unique index refuses a second entry for it (a bug, never a retry). */
  key: string;
}

export interface LedgerParties {
  projectId: number;
  ownerId: number;
  finisherId: number;
}

/** What a payment paid for, as a ledger note: the deal's own payment needs none. */
export function ledgerNote(source: MoneySource): string | null {
  if (source.kind === 'deal') return null;
  if (source.kind === 'milestone') return `milestone '${source.title}'`;
  return `change order ${source.number}`;
}

/**
 * Appends a payment's movements to the ledger in the caller's transaction (decision 063), so an
 * entry exists exactly when its change committed. A movement of no money is skipped, except the
 * kinds that move none by nature (a chargeback's freeze and win), which carry the amount concerned.
 * The receipts and payout statements of the entries are issued in the same transaction.
 */
export async function appendLedger(tx: Tx, paymentId: number, parties: LedgerParties, at: Date, movements: readonly LedgerMovement[]): Promise<void> {
  const rows = movements
    .filter((m) => m.amountCents > 0 || m.kind === 'chargeback_freeze' || m.kind === 'chargeback_won')
    .map((m) => ({
      paymentId,
      projectId: parties.projectId,
      ownerId: parties.ownerId,
      finisherId: parties.finisherId,
      kind: m.kind,
      amountCents: m.amountCents,
      providerId: m.providerId ?? null,
      note: m.note ?? null,
      movementKey: m.key,
      createdAt: at,
    }));
  if (rows.length === 0) return;
  // Each paying entry's receipt or payout statement is issued with it (decision 064).
  await issueDocuments(tx, await tx.insert(ledgerEntries).values(rows).returning());
}
