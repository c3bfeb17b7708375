import { asc, eq } from 'drizzle-orm';
import type { DealLedger } from '#shared/contracts/ledger.js';
import { ledgerTotals } from '#shared/domain/ledger.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { projects } from '#server/db/schema/projects.js';
import type { UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';

/** A deal's ledger (issue 31, item 2): every entry of its payments, oldest first, and what they still hold. */
export async function readDealLedger(ctx: AppContext, actor: UserRow, projectId: number): Promise<DealLedger> {
  const [project] = await ctx.db
    .select({ submitterId: projects.submitterId, finisherId: projects.finisherId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readLedger', project);
  const rows = await ctx.db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerEntries.currency,
      providerId: ledgerEntries.providerId,
      createdAt: ledgerEntries.createdAt,
      note: ledgerEntries.note,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.projectId, projectId))
    .orderBy(asc(ledgerEntries.id));
  return {
    entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    heldCents: ledgerTotals(rows).heldCents,
  };
}
