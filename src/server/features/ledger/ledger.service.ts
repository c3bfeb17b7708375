import { asc, eq, sql } from 'drizzle-orm';
import type { DealLedger } from '#shared/contracts/ledger.js';
import { type LedgerEntryKind, ledgerTotals } from '#shared/domain/ledger.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { mapRowsOnce, preparedPerDb } from '#server/db/prepared.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';

// The project's parties and its entries in one statement (issue 31, Speed): a row per entry, or one
// row of nulls beside the parties when the deal has none; no row when the project does not exist.
// Flat, not nested: a nested object from a left join is what mapRowsOnce refuses (prepared.ts).
function selectDealLedger(db: DbOrTx) {
  return db
    .select({
      submitterId: projects.submitterId,
      finisherId: projects.finisherId,
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerEntries.currency,
      providerId: ledgerEntries.providerId,
      createdAt: ledgerEntries.createdAt,
      note: ledgerEntries.note,
    })
    .from(projects)
    .leftJoin(ledgerEntries, eq(ledgerEntries.projectId, projects.id));
}

// Read on every view of a deal's Money card: prepared once per database handle.
const selectDealLedgerById = preparedPerDb(
  (db) =>
    mapRowsOnce(
      selectDealLedger(db)
        .where(eq(projects.id, sql.placeholder('id')))
        .orderBy(asc(ledgerEntries.id))
        .prepare('deal_ledger_by_project_id'),
    ),
  (db, params: { id: number }) => selectDealLedger(db).where(eq(projects.id, params.id)).orderBy(asc(ledgerEntries.id)),
);

/** A deal's ledger (issue 31, item 2): every entry of its payments, oldest first, and what they still hold. */
export async function readDealLedger(ctx: AppContext, actor: UserRow, projectId: number): Promise<DealLedger> {
  const rows = await selectDealLedgerById(ctx.db, { id: projectId });
  const [project] = rows;
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readLedger', project);
  const entries = rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            kind: row.kind as LedgerEntryKind,
            amountCents: row.amountCents!,
            currency: row.currency!,
            providerId: row.providerId,
            createdAt: row.createdAt!,
            note: row.note,
          },
        ],
  );
  return {
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    heldCents: ledgerTotals(entries).heldCents,
  };
}
