import { inArray, sql } from 'drizzle-orm';
import { type DocumentContent, type DocumentKind, documentKindOfEntry, type DocumentLine, documentNumber, documentSeries } from '#shared/domain/documents.js';
import { splitPayment, PLATFORM_FEE_PERCENT } from '#shared/domain/money.js';
import type { Tx } from '#server/db/client.js';
import { documentCounters, documents } from '#server/db/schema/documents.js';
import type { LedgerEntryRow } from '#server/db/schema/ledger.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';

/**
 * The next `count` numbers of a series in a year, taken in the caller's transaction (decision 064):
 * the counter row is created or moved on by `count` and returned in one statement, so concurrent
 * issuers wait on the row one after another and a rollback returns the numbers with everything else.
 * Answers the first of them.
 */
async function takeNumbers(tx: Tx, series: string, year: number, count: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, lastSequence: count })
    .onConflictDoUpdate({ target: [documentCounters.series, documentCounters.year], set: { lastSequence: sql`${documentCounters.lastSequence} + ${count}` } })
    .returning({ sequence: documentCounters.lastSequence });
  return row!.sequence - count + 1;
}

/** What the money was for, from the entry's note ("milestone 'API'", "change order 2"); none is the project's own payment. */
const paidFor = (entry: LedgerEntryRow) => entry.note ?? "the project's payment";

/** The fee entry appended with a release names the same movement: `milestone_release:7` and `milestone_fee:7`. */
const feeKeyOf = (releaseKey: string) => releaseKey.replace('_release:', '_fee:');

/**
 * The gross amount settled for a release and its fee: the platform_fee entry appended with it (the
 * one naming the same movement, or the payment's only fee when the batch holds one release of it);
 * otherwise the gross is the amount whose 90% split gives its net.
 */
function settledOf(entry: LedgerEntryRow, batch: readonly LedgerEntryRow[]): { grossCents: number; feeCents: number } {
  const samePayment = batch.filter((e) => e.paymentId === entry.paymentId);
  const releases = samePayment.filter((e) => documentKindOfEntry[e.kind] === 'payout_statement');
  const fees = samePayment.filter((e) => e.kind === 'platform_fee');
  const paired = fees.filter((e) => e.movementKey === feeKeyOf(entry.movementKey));
  const own = paired.length > 0 ? paired : releases.length === 1 ? fees : [];
  if (own.length > 0) {
    const feeCents = own.reduce((sum, e) => sum + e.amountCents, 0);
    return { grossCents: entry.amountCents + feeCents, feeCents };
  }
  const guess = Math.round((entry.amountCents * 100) / (100 - PLATFORM_FEE_PERCENT));
  for (const gross of [guess, guess - 1, guess + 1]) {
    if (gross > 0 && splitPayment(gross).developerAmountCents === entry.amountCents) return { grossCents: gross, feeCents: gross - entry.amountCents };
  }
  return { grossCents: entry.amountCents, feeCents: 0 };
}

function receiptContent(entry: LedgerEntryRow): Pick<DocumentContent, 'lines' | 'totals' | 'notes'> {
  const what = paidFor(entry);
  if (entry.kind === 'late_payment') {
    return {
      lines: [{ label: `Payment for ${what}`, amountCents: entry.amountCents }],
      totals: [{ label: 'Total paid', amountCents: entry.amountCents }],
      notes: ['This payment arrived after the deal had ended. It was not held or paid out: the whole amount is refunded to your card.'],
    };
  }
  const split = splitPayment(entry.amountCents);
  return {
    lines: [{ label: `Payment for ${what}`, amountCents: entry.amountCents }],
    totals: [
      { label: `Included: Finishline's ${PLATFORM_FEE_PERCENT}% platform fee`, amountCents: split.platformFeeCents },
      { label: "Included: the finisher's share", amountCents: split.developerAmountCents },
      { label: 'Total paid', amountCents: entry.amountCents },
    ],
    notes: [
      'The payment is held by Finishline until you accept the delivered work; then the finisher is paid and the fee is kept.',
      'Money refunded to you later is not charged a fee.',
    ],
  };
}

function statementContent(entry: LedgerEntryRow, batch: readonly LedgerEntryRow[]): Pick<DocumentContent, 'lines' | 'totals' | 'notes'> {
  const { grossCents, feeCents } = settledOf(entry, batch);
  const reason =
    entry.kind === 'dispute_release'
      ? 'your part of the settled dispute'
      : entry.kind === 'milestone_release'
        ? `the approved ${paidFor(entry)}`
        : 'the accepted work';
  return {
    lines: [{ label: `Settled in your favour for ${reason}`, amountCents: grossCents }],
    totals: [
      { label: 'Gross settled', amountCents: grossCents },
      { label: `Finishline's ${PLATFORM_FEE_PERCENT}% platform fee`, amountCents: feeCents },
      { label: 'Net paid out to you', amountCents: entry.amountCents },
    ],
    notes: ['The net amount is sent to your connected payout account.'],
  };
}

/** A document just issued: the mail announcing its money links it (issue 31, item 3). */
export interface IssuedDocument {
  id: number;
  kind: DocumentKind;
  ledgerEntryId: number;
  userId: number;
}

/**
 * Issues the receipt or payout statement of each paying entry just appended (appendLedger calls it
 * in the same transaction): numbered in order of the entries, with what it says fixed now. The
 * numbers of each series and year are taken in one statement (series and years in a fixed order, so
 * two issuers never wait on each other's counters crosswise) and the documents written in another.
 */
export async function issueDocuments(tx: Tx, entries: readonly LedgerEntryRow[]): Promise<IssuedDocument[]> {
  const paying = entries.filter((e) => documentKindOfEntry[e.kind] !== undefined).sort((a, b) => a.id - b.id);
  if (paying.length === 0) return [];
  const userIds = [...new Set(paying.flatMap((e) => [e.ownerId, e.finisherId]))];
  const projectIds = [...new Set(paying.map((e) => e.projectId))];
  const people = new Map((await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u]));
  const names = new Map(
    (await tx.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, projectIds))).map((p) => [p.id, p]),
  );
  const counterOf = (entry: LedgerEntryRow) => `${documentSeries[documentKindOfEntry[entry.kind]!]} ${entry.createdAt.getUTCFullYear()}`;
  const counts = new Map<string, number>();
  for (const entry of paying) counts.set(counterOf(entry), (counts.get(counterOf(entry)) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const counter of [...counts.keys()].sort()) {
    const [series, year] = counter.split(' ') as [string, string];
    next.set(counter, await takeNumbers(tx, series, Number(year), counts.get(counter)!));
  }
  const rows = paying.map((entry) => {
    const kind: DocumentKind = documentKindOfEntry[entry.kind]!;
    const year = entry.createdAt.getUTCFullYear();
    const sequence = next.get(counterOf(entry))!;
    next.set(counterOf(entry), sequence + 1);
    const number = documentNumber(kind, year, sequence);
    const body = kind === 'receipt' ? receiptContent(entry) : statementContent(entry, entries);
    const totalLine: DocumentLine | undefined = body.totals.at(-1);
    const content: DocumentContent = {
      kind,
      number,
      issuedAt: entry.createdAt.toISOString(),
      currency: entry.currency,
      owner: { id: entry.ownerId, username: people.get(entry.ownerId)?.username ?? `user ${entry.ownerId}` },
      finisher: { id: entry.finisherId, username: people.get(entry.finisherId)?.username ?? `user ${entry.finisherId}` },
      project: { id: entry.projectId, name: names.get(entry.projectId)?.name ?? `project ${entry.projectId}` },
      paidFor: paidFor(entry),
      ...body,
      providerReference: entry.providerId,
    };
    return {
      ledgerEntryId: entry.id,
      kind,
      userId: kind === 'receipt' ? entry.ownerId : entry.finisherId,
      series: documentSeries[kind],
      year,
      sequence,
      number,
      amountCents: totalLine?.amountCents ?? entry.amountCents,
      currency: entry.currency,
      content,
      issuedAt: entry.createdAt,
    };
  });
  return tx
    .insert(documents)
    .values(rows)
    .returning({ id: documents.id, kind: documents.kind, ledgerEntryId: documents.ledgerEntryId, userId: documents.userId });
}
