import { eq } from 'drizzle-orm';
import { type DealTimerSpec, dealTimerJob } from '#shared/domain/deal-timer-job.js';
import { enqueueJobs } from '#server/jobs/job-queue.js';
import type { Tx } from './client.js';
import { dealHistory } from './schema/deal.js';
import { disputeEvidence, disputeOffers, disputes } from './schema/disputes.js';
import { payments } from './schema/payments.js';
import { bids } from './schema/bids.js';
import { projects } from './schema/projects.js';

/** A demo dispute (decision 029): opened by one side, with offers and evidence, maybe waiting for the operator. */
export interface DemoDispute {
  openedDaysAgo: number;
  openedBy: 'owner' | 'finisher';
  reason: string;
  /** Offers in order; the first is the opener's opening amount, in dollars for the finisher. */
  offers: { side: 'owner' | 'finisher'; dollars: number; daysAgo: number }[];
  evidence: { side: 'owner' | 'finisher'; statement: string; daysAgo: number }[];
  /** Sent to the operator this many days ago; otherwise still negotiating. */
  escalatedDaysAgo?: number;
}

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
/** The dispute windows' defaults (config.ts). */
const RESPONSE_WINDOW_MS = 4 * DAY_MS;
const NEGOTIATION_WINDOW_MS = 7 * DAY_MS;

/** Writes a demo dispute as the dispute service would have: the deal clock frozen, the dispute's own timers pending. */
export async function seedDispute(tx: Tx, projectId: number, demo: DemoDispute): Promise<void> {
  const [row] = await tx
    .select({ project: projects, payment: payments })
    .from(payments)
    .innerJoin(bids, eq(bids.id, payments.bidId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(eq(bids.projectId, projectId));
  const { project, payment } = row!;
  const openedAt = daysAgo(demo.openedDaysAgo);
  const userOf = (side: 'owner' | 'finisher') => (side === 'owner' ? project.submitterId : project.finisherId!);
  const respondedAt = [...demo.offers, ...demo.evidence].filter((step) => step.side !== demo.openedBy).map((step) => daysAgo(step.daysAgo))[0] ?? null;
  const [dispute] = await tx
    .insert(disputes)
    .values({
      projectId,
      paymentId: payment.id,
      openedBy: demo.openedBy,
      stage: 'delivery_review',
      reason: demo.reason,
      status: demo.escalatedDaysAgo === undefined ? 'negotiating' : 'with_operator',
      disputedCents: payment.amountCents,
      openedAt,
      respondedAt,
      respondBy: new Date(openedAt.getTime() + RESPONSE_WINDOW_MS),
      negotiateBy: new Date(openedAt.getTime() + NEGOTIATION_WINDOW_MS),
      escalatedAt: demo.escalatedDaysAgo === undefined ? null : daysAgo(demo.escalatedDaysAgo),
      escalatedBy: demo.escalatedDaysAgo === undefined ? null : demo.openedBy,
    })
    .returning({ id: disputes.id });
  const disputeId = dispute!.id;
  await tx
    .insert(disputeOffers)
    .values(demo.offers.map((o) => ({ disputeId, side: o.side, userId: userOf(o.side), finisherAmountCents: o.dollars * 100, createdAt: daysAgo(o.daysAgo) })));
  await tx
    .insert(disputeEvidence)
    .values(demo.evidence.map((e) => ({ disputeId, side: e.side, userId: userOf(e.side), statement: e.statement, createdAt: daysAgo(e.daysAgo) })));
  await tx
    .insert(dealHistory)
    .values([
      { projectId, kind: 'dispute_opened', by: demo.openedBy, message: demo.reason, amountCents: demo.offers[0]!.dollars * 100, at: openedAt },
      ...(demo.escalatedDaysAgo === undefined
        ? []
        : [{ projectId, kind: 'dispute_escalated' as const, by: demo.openedBy, at: daysAgo(demo.escalatedDaysAgo) }]),
    ]);
  if (demo.escalatedDaysAgo === undefined) {
    const timers: DealTimerSpec[] = [
      ...(respondedAt
        ? []
        : [{ kind: 'dispute_response_due' as const, projectId, anchorAt: openedAt, dueAt: new Date(openedAt.getTime() + RESPONSE_WINDOW_MS) }]),
      { kind: 'dispute_negotiation_due' as const, projectId, anchorAt: openedAt, dueAt: new Date(openedAt.getTime() + NEGOTIATION_WINDOW_MS) },
    ];
    await enqueueJobs(tx, timers.map(dealTimerJob));
  }
}
