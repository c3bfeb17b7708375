import type { Tx } from '#server/db/client.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import type { LedgerEntryKind } from '#shared/domain/ledger.js';
import type { MoneySource } from '#shared/domain/money-moves.js';
import { madePaymentStatuses } from '#shared/domain/payment-status.js';
import type { PaymentRow } from '#server/db/schema/payments.js';
import { type IssuedDocument, issueDocuments } from './documents.js';

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

/** A chargeback's steps are recorded whatever they concern: a freeze of a released payment holds nothing, yet happened. */
const recordedWhenZero: ReadonlySet<LedgerEntryKind> = new Set(['chargeback_freeze', 'chargeback_won', 'chargeback_lost']);

/** One payment's movements at one time, as appendLedger takes them. */
export interface LedgerAppend {
  paymentId: number;
  parties: LedgerParties;
  at: Date;
  movements: readonly LedgerMovement[];
}

/**
 * Appends a payment's movements to the ledger in the caller's transaction (decision 063), so an
 * entry exists exactly when its change committed. A movement of no money is skipped, except a
 * chargeback's steps. The receipts and payout statements of the entries are issued in the same
 * transaction (decision 064); they are answered, for the mail that announces the money.
 */
export function appendLedger(tx: Tx, paymentId: number, parties: LedgerParties, at: Date, movements: readonly LedgerMovement[]): Promise<IssuedDocument[]> {
  return appendLedgerEntries(tx, [{ paymentId, parties, at, movements }]);
}

/**
 * Several appends in one statement, in the order given (their entries' ids and documents' numbers
 * follow it), and their documents in one more: for rows written whole, like the demo's year.
 */
export async function appendLedgerEntries(tx: Tx, appends: readonly LedgerAppend[]): Promise<IssuedDocument[]> {
  const rows = appends.flatMap(({ paymentId, parties, at, movements }) =>
    movements
      .filter((m) => m.amountCents > 0 || recordedWhenZero.has(m.kind))
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
      })),
  );
  if (rows.length === 0) return [];
  // Each paying entry's receipt or payout statement is issued with it (decision 064).
  return issueDocuments(tx, await tx.insert(ledgerEntries).values(rows).returning());
}

/**
 * The movements a payment row implies, as migration 0028 wrote them for payments made before the
 * ledger: what came, what was paid out (one release), the fee on what was settled, and what went
 * back. For rows written whole rather than moved step by step: the demo data and test fixtures.
 */
export function impliedMovements(
  payment: Pick<PaymentRow, 'id' | 'status' | 'changeOrderId' | 'arrivedLateAt' | 'amountCents' | 'releasedCents' | 'settledCents' | 'refundedCents'> &
    Partial<Pick<PaymentRow, 'paymentIntentId' | 'transferId' | 'refundId'>>,
): LedgerMovement[] {
  if (!(madePaymentStatuses as readonly string[]).includes(payment.status)) return [];
  const isLate = payment.arrivedLateAt !== null;
  return [
    {
      kind: isLate ? 'late_payment' : payment.changeOrderId === null ? 'payment_held' : 'change_order_payment',
      amountCents: payment.amountCents,
      providerId: payment.paymentIntentId,
      key: `paid:${payment.id}`,
    },
    { kind: 'final_release', amountCents: payment.releasedCents, providerId: payment.transferId, key: `final_release:${payment.id}` },
    { kind: 'platform_fee', amountCents: payment.settledCents - payment.releasedCents, key: `final_fee:${payment.id}` },
    { kind: isLate ? 'late_refund' : 'refund', amountCents: payment.refundedCents, providerId: payment.refundId, key: `refund:${payment.id}` },
  ];
}
