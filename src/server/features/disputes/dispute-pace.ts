import { and, asc, count, eq, gt, gte, inArray, isNull, min, ne } from 'drizzle-orm';
import type { DisputeSide } from '#shared/domain/dispute.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { disputeEvidence, disputeOffers, disputes } from '#server/db/schema/disputes.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import type { DealTimer } from '#shared/domain/deal-timer-job.js';
import { findDealTimers, scheduleDealTimers } from '#server/features/deal/deal.service.js';
import { partiesOf } from './dispute-steps.js';

/**
 * The pace of a dispute (issue 26, item 6; docs/decisions/039-guards-on-routes-and-closed-bodies.md):
 * each side makes at most DISPUTE_OFFERS_PER_HOUR offers and DISPUTE_STATEMENTS_PER_HOUR
 * statements in any hour, and the other side hears of them in one mail per DISPUTE_MAIL_INTERVAL.
 * Both are counted in the database under the dispute's locks, so every instance agrees and two
 * requests at once cannot both take the last place.
 */

const HOUR_MS = 3_600_000;
const other = (side: DisputeSide): DisputeSide => (side === 'owner' ? 'finisher' : 'owner');

const paced = {
  offer: { table: disputeOffers, limit: (ctx: Pick<AppContext, 'config'>) => ctx.config.dispute.offersPerHour, noun: ['offer', 'offers'], verb: 'make' },
  statement: {
    table: disputeEvidence,
    limit: (ctx: Pick<AppContext, 'config'>) => ctx.config.dispute.statementsPerHour,
    noun: ['statement', 'statements'],
    verb: 'add',
  },
} as const;

/**
 * Refuses a side its next offer or statement while it has made the most allowed in the last hour
 * (a 429 that says when the next one is possible); the caller holds the dispute's locks.
 */
export async function requireDisputePace(
  ctx: Pick<AppContext, 'config'>,
  tx: Pick<Tx, 'select'>,
  kind: keyof typeof paced,
  disputeId: number,
  side: DisputeSide,
  now: Date,
): Promise<void> {
  const { table, limit, noun, verb } = paced[kind];
  const allowed = limit(ctx);
  const [counted] = await tx
    .select({ made: count(), oldest: min(table.createdAt) })
    .from(table)
    .where(and(eq(table.disputeId, disputeId), eq(table.side, side), gt(table.createdAt, new Date(now.getTime() - HOUR_MS))));
  if (!counted || counted.made < allowed || !counted.oldest) return;
  // The place of the oldest of them frees an hour after it was taken.
  const waitMs = Math.max(0, new Date(counted.oldest).getTime() + HOUR_MS - now.getTime());
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  throw new AppError(
    'RATE_LIMITED',
    `You can ${verb} at most ${allowed} ${noun[1]} an hour in a dispute. You can ${verb} the next one in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) } },
  );
}

/**
 * After a step of `side`: the other side's digest, a durable timer in the step's transaction. One
 * pending digest per party and project collects every step until it fires; it is due at once, or
 * DISPUTE_MAIL_INTERVAL after the party's last digest.
 */
export async function scheduleDisputeDigest(tx: Tx, ctx: Pick<AppContext, 'config'>, projectId: number, side: DisputeSide, now: Date): Promise<void> {
  const party = other(side);
  const ofParty = { match: { party } };
  if ((await findDealTimers(tx, projectId, ['dispute_digest'], { fired: false, ...ofParty })).length > 0) return;
  const fired = await findDealTimers(tx, projectId, ['dispute_digest'], { fired: true, ...ofParty });
  const lastFiredAt = Math.max(0, ...fired.map((job) => job.finishedAt?.getTime() ?? 0));
  const dueAt = Math.max(now.getTime(), lastFiredAt + ctx.config.dispute.mailIntervalMs);
  await scheduleDealTimers(tx, [{ kind: 'dispute_digest', projectId, party, anchorAt: now, dueAt: new Date(dueAt) }]);
}

/**
 * A digest timer fires (the sweeper holds the project's lock): the other side's offers and
 * statements of the open dispute that no mail told of yet become one 'dispute.digest', and are
 * marked mailed. A settled dispute mails nothing more: its settlement told both.
 */
export async function fireDisputeDigest(tx: Tx, record: RecordEvent, project: ProjectRow, timer: DealTimer, now: Date): Promise<void> {
  const recipient = timer.party;
  if (recipient !== 'owner' && recipient !== 'finisher') return;
  const [dispute] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.projectId, project.id), ne(disputes.status, 'settled')))
    .limit(1);
  if (!dispute) return;
  const sender = other(recipient);
  // Rows from before the digest existed carry no mailed_at: the timer's anchor keeps them out.
  const unmailed = <T extends typeof disputeOffers | typeof disputeEvidence>(table: T) =>
    and(eq(table.disputeId, dispute.id), eq(table.side, sender), isNull(table.mailedAt), gte(table.createdAt, timer.anchorAt));
  const offers = await tx
    .select({ id: disputeOffers.id, amount: disputeOffers.finisherAmountCents })
    .from(disputeOffers)
    .where(unmailed(disputeOffers))
    .orderBy(asc(disputeOffers.id));
  const statements = await tx
    .select({ id: disputeEvidence.id, statement: disputeEvidence.statement, fileKey: disputeEvidence.fileKey })
    .from(disputeEvidence)
    .where(unmailed(disputeEvidence))
    .orderBy(asc(disputeEvidence.id));
  if (offers.length === 0 && statements.length === 0) return;
  if (offers.length)
    await tx
      .update(disputeOffers)
      .set({ mailedAt: now })
      .where(
        inArray(
          disputeOffers.id,
          offers.map((row) => row.id),
        ),
      );
  if (statements.length)
    await tx
      .update(disputeEvidence)
      .set({ mailedAt: now })
      .where(
        inArray(
          disputeEvidence.id,
          statements.map((row) => row.id),
        ),
      );
  await record({
    type: 'dispute.digest',
    disputeId: dispute.id,
    recipient,
    offers: offers.map((offer) => offer.amount),
    statements: statements.map((row) => ({ statement: row.statement, hasFile: row.fileKey !== null })),
    ...partiesOf(project),
  });
}
