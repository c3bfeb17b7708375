import { type SQL, sql } from 'drizzle-orm';
import { type LedgerEffect, type LedgerEntryKind, ledgerEffects, ledgerEntryKinds } from '#shared/domain/ledger.js';
import { madePaymentStatuses } from '#shared/domain/payment-status.js';
import type { DbOrTx } from '#server/db/client.js';
import { selectRows } from '#server/db/raw-rows.js';
import type { PaymentProvider } from '#server/integrations/payments/payment-provider.js';

/** One thing the ledger and the money's other records disagree on. */
export interface Discrepancy {
  paymentId: number;
  message: string;
}

const kindsOf = (effect: LedgerEffect): LedgerEntryKind[] => ledgerEntryKinds.filter((kind) => ledgerEffects[kind] === effect);
const sumOf = (effect: LedgerEffect): SQL =>
  sql`coalesce(sum(e.amount_cents) FILTER (WHERE e.kind::text = ANY(${sql.param(kindsOf(effect))}::text[])), 0)::bigint`;

interface PaymentTotals {
  id: number;
  status: string;
  amount: string;
  released_cents: string;
  settled_cents: string;
  refunded_cents: string;
  paid: string;
  paid_entries: number;
  released: string;
  fee: string;
  refunded: string;
  misplaced: number;
}

const dollars = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}$${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;

/**
 * Recomputes every payment's identity from the ledger alone (paid = released + fee + refunded +
 * still held, nothing negative) and compares each term with the payment's row (issue 31, item 5):
 * money that came exactly once for a payment that was made and never for one that was not, the
 * row's released, settled (released + fee) and refunded amounts, nothing held once the row says
 * the money is gone, and each entry's deal and parties those of its payment. Amounts are compared
 * as bigint: they never pass through a float.
 */
export async function findLedgerDiscrepancies(db: DbOrTx): Promise<Discrepancy[]> {
  const rows = await selectRows<PaymentTotals>(
    db,
    sql`SELECT p.id, p.status::text AS status, p.amount_cents::text AS amount, p.released_cents::text AS released_cents,
          p.settled_cents::text AS settled_cents, p.refunded_cents::text AS refunded_cents,
          ${sumOf('paid')}::text AS paid,
          (count(*) FILTER (WHERE e.kind::text = ANY(${sql.param(kindsOf('paid'))}::text[])))::int AS paid_entries,
          ${sumOf('released')}::text AS released, ${sumOf('fee')}::text AS fee, ${sumOf('refunded')}::text AS refunded,
          (count(*) FILTER (WHERE e.project_id <> b.project_id OR e.owner_id <> pr.submitter_id OR e.finisher_id <> b.finisher_id))::int AS misplaced
        FROM payments p
        JOIN bids b ON b.id = p.bid_id
        JOIN projects pr ON pr.id = b.project_id
        LEFT JOIN ledger_entries e ON e.payment_id = p.id
        GROUP BY p.id, b.project_id, pr.submitter_id, b.finisher_id
        ORDER BY p.id`,
  );
  const found: Discrepancy[] = [];
  for (const row of rows) {
    const say = (message: string) => found.push({ paymentId: row.id, message: `payment ${row.id} (${row.status}): ${message}` });
    const [amount, paid, released, fee, refunded] = [row.amount, row.paid, row.released, row.fee, row.refunded].map(BigInt) as [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const held = paid - released - fee - refunded;
    const isMade = (madePaymentStatuses as readonly string[]).includes(row.status);
    if (isMade && (row.paid_entries !== 1 || paid !== amount))
      say(`the ledger holds ${row.paid_entries} payment entries for ${dollars(paid)}; the payment was ${dollars(amount)}`);
    if (!isMade && row.paid_entries > 0) say(`the ledger records ${dollars(paid)} paid for a payment that was never made`);
    if (released !== BigInt(row.released_cents)) say(`the ledger released ${dollars(released)}; the payment row says ${dollars(BigInt(row.released_cents))}`);
    if (released + fee !== BigInt(row.settled_cents))
      say(`the ledger settled ${dollars(released + fee)} (released and fee); the payment row says ${dollars(BigInt(row.settled_cents))}`);
    if (refunded !== BigInt(row.refunded_cents)) say(`the ledger refunded ${dollars(refunded)}; the payment row says ${dollars(BigInt(row.refunded_cents))}`);
    if (held < 0n) say(`the ledger moved ${dollars(-held)} more than was paid`);
    if (held > 0n && row.status !== 'held') say(`the ledger still holds ${dollars(held)}, but the payment is ${row.status}`);
    if (row.misplaced > 0) say(`${row.misplaced} entries name another deal or other parties than the payment's`);
  }
  return found;
}

/** The entries whose provider id is a transfer or a refund (a lost chargeback names the card dispute). */
const providerMoneyKinds = [...kindsOf('released'), ...kindsOf('refunded').filter((kind) => kind !== 'chargeback_lost')];

/**
 * Compares each transfer and refund the ledger names with the provider's own record of it (with
 * Stripe configured): an id the provider does not know, or an amount that differs.
 */
export async function findProviderDiscrepancies(db: DbOrTx, provider: PaymentProvider): Promise<Discrepancy[]> {
  const rows = await selectRows<{ payment_id: number; provider_id: string; effect: 'released' | 'refunded'; amount: string }>(
    db,
    sql`SELECT min(payment_id) AS payment_id, provider_id,
          CASE WHEN kind::text = ANY(${sql.param(kindsOf('released'))}::text[]) THEN 'released' ELSE 'refunded' END AS effect,
          sum(amount_cents)::text AS amount
        FROM ledger_entries
        WHERE provider_id IS NOT NULL AND kind::text = ANY(${sql.param(providerMoneyKinds)}::text[])
        GROUP BY provider_id, 3
        ORDER BY 1, 2`,
  );
  const found: Discrepancy[] = [];
  for (const row of rows) {
    const read = row.effect === 'released' ? await provider.retrieveTransfer(row.provider_id) : await provider.retrieveRefund(row.provider_id);
    const what = row.effect === 'released' ? 'transfer' : 'refund';
    if (!read) found.push({ paymentId: row.payment_id, message: `payment ${row.payment_id}: ${provider.name} has no ${what} ${row.provider_id}` });
    else if (BigInt(read.amountCents) !== BigInt(row.amount)) {
      found.push({
        paymentId: row.payment_id,
        message: `payment ${row.payment_id}: ${what} ${row.provider_id} is ${dollars(BigInt(read.amountCents))} at ${provider.name}, ${dollars(BigInt(row.amount))} in the ledger`,
      });
    }
  }
  return found;
}
