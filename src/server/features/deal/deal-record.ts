import { and, eq, or, sql } from 'drizzle-orm';
import type { DealRecord } from '#shared/contracts/disputes.js';
import type { DbOrTx } from '#server/db/client.js';
import { disputes } from '#server/db/schema/disputes.js';
import { projects } from '#server/db/schema/projects.js';
import { projectIsCompletedDeal } from '#server/db/paid.js';

/**
 * A person's public deal record (issue 15, rule 8): the deals they completed on either side, and
 * the disputes the other side opened against them with how each ended. Counts only: nothing else
 * about any dispute is public.
 */
export async function dealRecordOf(db: DbOrTx, userId: number): Promise<DealRecord> {
  const [completed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(projectIsCompletedDeal(projects), or(eq(projects.submitterId, userId), eq(projects.finisherId, userId))));
  const against = or(
    and(eq(projects.submitterId, userId), eq(disputes.openedBy, 'finisher')),
    and(eq(projects.finisherId, userId), eq(disputes.openedBy, 'owner')),
  );
  const [outcomes] = await db
    .select({
      total: sql<number>`count(*)::int`,
      agreed: sql<number>`count(*) filter (where ${disputes.settlement} in ('accepted', 'crossed'))::int`,
      silence: sql<number>`count(*) filter (where ${disputes.settlement} = 'silence')::int`,
      ruling: sql<number>`count(*) filter (where ${disputes.settlement} = 'ruling')::int`,
      open: sql<number>`count(*) filter (where ${disputes.status} <> 'settled')::int`,
    })
    .from(disputes)
    .innerJoin(projects, eq(projects.id, disputes.projectId))
    .where(against);
  return {
    dealsCompleted: Number(completed?.n ?? 0),
    disputesAgainst: Number(outcomes?.total ?? 0),
    disputeOutcomes: {
      agreed: Number(outcomes?.agreed ?? 0),
      silence: Number(outcomes?.silence ?? 0),
      ruling: Number(outcomes?.ruling ?? 0),
      open: Number(outcomes?.open ?? 0),
    },
  };
}
