import type { LedgerEntryKind } from './ledger.js';

/**
 * Receipts and payout statements (issue 31, item 3; decision 064): one document for each ledger
 * entry that pays money in (a receipt, to the owner) or out (a payout statement, to the finisher),
 * numbered without gaps per series and year.
 */

export const documentKinds = ['receipt', 'payout_statement'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The ledger kinds that issue a document, and which. A late payment was paid too, so it has a receipt (saying it was refunded). */
export const documentKindOfEntry: Partial<Record<LedgerEntryKind, DocumentKind>> = {
  payment_held: 'receipt',
  change_order_payment: 'receipt',
  late_payment: 'receipt',
  milestone_release: 'payout_statement',
  final_release: 'payout_statement',
  dispute_release: 'payout_statement',
};

/** Each kind's number series: R-2026-0001, S-2026-0001. */
export const documentSeries: Record<DocumentKind, string> = { receipt: 'R', payout_statement: 'S' };

/** The page listing a person's documents, newest first. */
export const documentsPagePath = '/documents';

/**
 * One document's page, linked from the mail that announces its money: its holder downloads the PDF
 * there; a signed-out reader signs in and comes back to it.
 */
export const documentPagePath = (id: number) => `${documentsPagePath}/${id}`;

export const documentKindLabels: Record<DocumentKind, string> = { receipt: 'Receipt', payout_statement: 'Payout statement' };

/** 'R-2026-0007': the series, the year (UTC) and the place in that year, at least four digits. */
export function documentNumber(kind: DocumentKind, year: number, sequence: number): string {
  return `${documentSeries[kind]}-${year}-${String(sequence).padStart(4, '0')}`;
}

export interface DocumentLine {
  label: string;
  amountCents: number;
}

/**
 * What a document says, fixed when it is issued (names, the project's name, the amounts), so it
 * reads the same however the people and the project change later.
 */
export interface DocumentContent {
  kind: DocumentKind;
  number: string;
  /** ISO time of issue: the ledger entry's time. */
  issuedAt: string;
  currency: string;
  owner: { id: number; username: string };
  finisher: { id: number; username: string };
  project: { id: number; name: string };
  /** What the money was for, in words: "the project's payment", "change order 2", "milestone 'API'". */
  paidFor: string;
  lines: DocumentLine[];
  /** The last one is the document's total (what was paid, or what was paid out). */
  totals: DocumentLine[];
  notes: string[];
  /** The provider's id of the movement (payment intent, transfer), for the holder's own records. */
  providerReference: string | null;
}
