import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { deliveryDeadline, paymentDeadline } from '#shared/domain/deal.js';
import { type DealAction, type DealFacts, type DealSide, type DealStage, dealStageOf, dealVerdictOf, sideOf } from '#shared/domain/deal-machine.js';
import { activeDisputeStatuses, type DisputeSide } from '#shared/domain/dispute.js';
import type { Person } from '#shared/domain/policies.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import type { DbOrTx } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { dealCancellations, type DealCancellationRow, dealHistory } from '#server/db/schema/deal.js';
import { acceptanceMoneyOf, paymentMoneyOf } from './deal-money.js';
import { findJobs, pendingJobStates } from '#server/jobs/job-queue.js';
import { dealJobKind, dealJobKindPrefix, dealJobSubject, type DealTimerPayload } from '#shared/domain/deal-timer-job.js';
import { type DisputeRow, disputes } from '#server/db/schema/disputes.js';
import { milestones } from '#server/db/schema/milestones.js';
import { type PaymentRow, payments } from '#server/db/schema/payments.js';
import type { ProjectRow } from '#server/db/schema/projects.js';
import { reviews } from '#server/db/schema/reviews.js';
import { users } from '#server/db/schema/users.js';

/**
 * The deal's facts, read once for the deal machine (src/shared/domain/deal-machine.ts,
 * docs/decisions/041-deal-machine.md): the deal page words its state from them, and every deal step
 * asks the machine with them before it writes (inside its transaction, after its locks). Here, below
 * the features, so each of them (projects, deal, disputes, milestones, change orders, payments,
 * reviews) can read them without importing another.
 */
export interface DealReading {
  facts: DealFacts;
  project: ProjectRow;
  /** The winning bid's own payment, and its change orders' payments (decision 034). */
  payment: PaymentRow | null;
  changeOrderPayments: PaymentRow[];
  cancellation: DealCancellationRow | null;
  dispute: DisputeRow | null;
}

type Reader = Pick<DbOrTx, 'select' | 'selectDistinct'>;

/** When the money was held: held_at, or for a payment held before the deal clock existed its last change. */
/**
 * The days accepted change orders add to a deal's timeline (issue 18, item 6): the delivery deadline
 * is the payment's held_at + the bid's timeline + these + DEAL_DELIVERY_GRACE.
 */
export async function acceptedExtraDays(db: Pick<DbOrTx, 'select'>, projectId: number): Promise<number> {
  const [row] = await db.select({ days: acceptedExtraDaysSql(projectId) }).from(sql`(select 1) as one`);
  return row?.days ?? 0;
}

/** acceptedExtraDays as a subquery, for a statement that reads it with other facts (readSmallFacts). */
function acceptedExtraDaysSql(projectId: number) {
  return sql<number>`(select coalesce(sum(${changeOrders.extraDays}), 0)::int from ${changeOrders}
    where ${changeOrders.projectId} = ${projectId} and ${changeOrders.status} = 'accepted')`.mapWith(Number);
}

const deadlineTimerKinds = ['review_due', 'milestone_review_due', 'delivery_due', 'cancellation_due', 'payment_due'] as const;
const heldSince = (payment: PaymentRow): Date => payment.heldAt ?? payment.updatedAt;

/** The project's open dispute (negotiating or with the operator), if any: the one query that asks. */
export async function findActiveDispute(db: Reader, projectId: number): Promise<DisputeRow | null> {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.projectId, projectId), inArray(disputes.status, [...activeDisputeStatuses])))
    .limit(1);
  return row ?? null;
}

/**
 * When the work is due: the held payment + the bid's timeline + accepted change orders' days + the
 * grace (deliveryDeadline). The one place the server computes it; the finisher records' on-time rate
 * writes the same rule in SQL because it aggregates over every deal at once (see finisher-records.ts).
 */
export async function deliveryDueAtOf(ctx: Pick<AppContext, 'config'>, db: Reader, projectId: number, payment: PaymentRow): Promise<Date> {
  const [bid] = await db.select({ timelineDays: bids.timelineDays }).from(bids).where(eq(bids.id, payment.bidId)).limit(1);
  return deliveryDeadline(heldSince(payment), (bid?.timelineDays ?? 0) + (await acceptedExtraDays(db, projectId)), ctx.config.deal.deliveryGraceMs);
}

/** The deal steps whose having happened the facts name (deal_history kinds). */
const factSteps = ['delivery', 'milestone_delivery', 'revision_request'] as const;

interface SmallFacts {
  ownerName: string | null;
  finisher: { username: string; onboarded: boolean; account: string | null } | null;
  /** Accepted change orders' days (acceptedExtraDaysSql). */
  extraDays: number;
  steps: string[];
  /** Who reviewed the deal: read once the work is accepted (before it, no one can have). */
  reviewerIds: number[];
}

/**
 * The deal's small facts in one statement, each a subquery: the parties' names, whether the finisher
 * can be paid, the accepted change orders' days, the steps taken and the reviewers. Five round trips
 * were a third of a party's project page (each statement costs both processes a write, a wake-up and
 * a parse on a two-core machine, more than reading these few rows).
 */
async function readSmallFacts(db: Reader, project: ProjectRow): Promise<SmallFacts> {
  const reviewed = project.status === 'accepted' || project.acceptedAt !== null;
  const finisher =
    project.finisherId === null
      ? sql`null::json`
      : sql`(select json_build_object('username', ${users.username}, 'onboarded', ${users.onboardingComplete}, 'account', ${users.stripeConnectAccountId})
          from ${users} where ${users.id} = ${project.finisherId})`;
  const reviewerIds = reviewed
    ? sql`(select coalesce(json_agg(${reviews.reviewerId}), '[]'::json) from ${reviews} where ${reviews.projectId} = ${project.id})`
    : sql`'[]'::json`;
  const [row] = await db
    .select({
      ownerName: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${project.submitterId})`,
      finisher: sql<SmallFacts['finisher']>`${finisher}`,
      extraDays: acceptedExtraDaysSql(project.id),
      steps: sql<string[]>`(select coalesce(json_agg(distinct ${dealHistory.kind}), '[]'::json) from ${dealHistory}
        where ${dealHistory.projectId} = ${project.id} and ${inArray(dealHistory.kind, [...factSteps])})`,
      reviewerIds: sql<number[]>`${reviewerIds}`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { ownerName: null, finisher: null, extraDays: 0, steps: [], reviewerIds: [] };
}

/**
 * Reads the deal of a project. `dispute` names the dispute a step acts on (the deal's latest unless
 * said): its status is the one the step's verdict reads.
 */
export async function readDealFacts(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  db: Reader,
  project: ProjectRow,
  options: { dispute?: DisputeRow } = {},
): Promise<DealReading> {
  const small = await readSmallFacts(db, project);
  const [bid] = await db
    .select({ id: bids.id, amountCents: bids.amountCents, timelineDays: bids.timelineDays, acceptedAt: bids.acceptedAt })
    .from(bids)
    .where(and(eq(bids.projectId, project.id), inArray(bids.status, [...winningBidStatuses])))
    .limit(1);
  // The winning bid's payments: its own (one, payments_bid_key) and its change orders' (decision 034),
  // whose money adds to the deal's and whose days to its timeline.
  const bidPayments = bid ? await db.select().from(payments).where(eq(payments.bidId, bid.id)) : [];
  const payment = bidPayments.find((p) => p.changeOrderId === null);
  const extras = bidPayments.filter((p) => p.changeOrderId !== null);
  const [cancellation] = await db.select().from(dealCancellations).where(eq(dealCancellations.projectId, project.id)).limit(1);
  const projectDisputes = await db.select().from(disputes).where(eq(disputes.projectId, project.id)).orderBy(desc(disputes.id));
  const dispute = options.dispute ?? projectDisputes[0];
  // The pending deadlines are deal-timer jobs (decision 042); a retry's later due time never moves the deadline.
  const deadlineJobs = await findJobs<DealTimerPayload>(db, {
    subject: dealJobSubject(project.id),
    kinds: deadlineTimerKinds.map(dealJobKind),
    states: pendingJobStates,
  });
  const deadlines = deadlineJobs.map((job) => ({
    kind: job.kind.slice(dealJobKindPrefix.length) as (typeof deadlineTimerKinds)[number],
    milestoneId: job.payload.milestoneId ?? null,
    dueAt: new Date(job.payload.deadlineAt),
  }));
  const milestoneDeadline = deadlines.find((d) => d.kind === 'milestone_review_due');
  const [milestone] = milestoneDeadline?.milestoneId
    ? await db.select({ title: milestones.title }).from(milestones).where(eq(milestones.id, milestoneDeadline.milestoneId))
    : [];
  const heldAt = payment && payment.status !== 'pending' && payment.status !== 'failed' ? heldSince(payment) : null;
  const held = [payment, ...extras].filter((p): p is PaymentRow => p?.status === 'held');
  const facts: DealFacts = {
    status: project.status,
    hasFinisher: project.finisherId !== null,
    hasWinningBid: bid !== undefined,
    bidAmountCents: bid?.amountCents ?? null,
    isWorkAccepted: project.acceptedAt !== null,
    paymentStatus: payment?.status ?? null,
    // The deal's money view (decision 047): the sentences name the figures the cards show.
    heldCents: held.reduce((sum, p) => sum + paymentMoneyOf(p).heldCents, 0),
    payoutCents: acceptanceMoneyOf(held).finisherCents,
    isCardDisputed: held.some((p) => p.cardDisputeStatus === 'open'),
    finisherCanBePaid: Boolean(small.finisher?.onboarded && small.finisher.account),
    cancellation: cancellation ? { outcome: cancellation.outcome, respondBy: cancellation.respondBy } : null,
    dispute: dispute
      ? {
          status: dispute.status,
          openedBy: dispute.openedBy,
          hasResponded: dispute.respondedAt !== null,
          respondBy: dispute.respondBy,
          negotiateBy: dispute.negotiateBy,
          disputedCents: dispute.disputedCents,
        }
      : null,
    hasDisputeOverPayment: payment !== undefined && projectDisputes.some((d) => d.paymentId === payment.id),
    hasRevisionRequest: small.steps.includes('revision_request'),
    hasReviewed: {
      owner: small.reviewerIds.includes(project.submitterId),
      finisher: project.finisherId !== null && small.reviewerIds.includes(project.finisherId),
    },
    hasDelivered: small.steps.includes('delivery') || small.steps.includes('milestone_delivery'),
    reviewDueAt: deadlines.find((d) => d.kind === 'review_due')?.dueAt ?? null,
    milestoneReview: milestoneDeadline && milestone ? { dueAt: milestoneDeadline.dueAt, title: milestone.title } : null,
    deliveryDueAt: heldAt && bid ? deliveryDeadline(heldAt, bid.timelineDays + small.extraDays, ctx.config.deal.deliveryGraceMs) : null,
    deliveryGraceMs: ctx.config.deal.deliveryGraceMs,
    paymentDueAt:
      deadlines.find((d) => d.kind === 'payment_due')?.dueAt ??
      (bid?.acceptedAt && !heldAt && project.status === 'assigned' ? paymentDeadline(bid.acceptedAt, ctx.config.deal.paymentWindowMs) : null),
    names: { owner: small.ownerName ?? 'The client', finisher: small.finisher?.username ?? 'The developer' },
    now: ctx.clock.now(),
  };
  return {
    facts,
    project,
    payment: payment ?? null,
    changeOrderPayments: extras,
    cancellation: cancellation ?? null,
    dispute: dispute ?? null,
  };
}

/**
 * The stage of each project's deal, for a party's own lists (issue 28, item 8): one reading per
 * project, as the project page reads it, so a card and the page never name a deal differently.
 */
export async function readDealStages(ctx: Pick<AppContext, 'config' | 'clock'>, db: Reader, rows: readonly ProjectRow[]): Promise<Map<number, DealStage>> {
  const stages = await Promise.all(rows.map(async (row) => [row.id, dealStageOf((await readDealFacts(ctx, db, row)).facts)] as const));
  return new Map(stages);
}

/** The machine's verdict on this person's step, or its refusal as the AppError the API answers. */
export function requireDealAction(deal: Pick<DealReading, 'facts' | 'project'>, actor: Person, action: DealAction): void {
  const side = sideOf(actor, deal.project);
  // Strangers were refused by the step's permission before it asks the machine.
  if (side === null) throw new AppError('FORBIDDEN', 'Only the project owner and its developer can take this step');
  const verdict = dealVerdictOf(deal.facts, side, action);
  if (!verdict.allowed) throw new AppError(verdict.code, verdict.message);
}

/** Reads the deal and asks the machine: what every deal step does before it writes, after its locks. */
export async function requireDealStep(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  db: Reader,
  project: ProjectRow,
  actor: Person,
  action: DealAction,
  options: { dispute?: DisputeRow } = {},
): Promise<DealReading> {
  const deal = await readDealFacts(ctx, db, project, options);
  requireDealAction(deal, actor, action);
  return deal;
}

/** The side of a deal's party (the caller checked it is one): a dispute's or a change order's side. */
export function partySideOf(actor: Person, project: ProjectRow): DisputeSide {
  const side: DealSide | null = sideOf(actor, project);
  if (side !== 'owner' && side !== 'finisher') throw new AppError('FORBIDDEN', 'Only the two parties can take this step in the dispute');
  return side;
}
