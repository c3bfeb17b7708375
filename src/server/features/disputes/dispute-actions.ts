import { and, eq } from 'drizzle-orm';
import type { Dispute, OperatorQueue } from '#shared/contracts/disputes.js';
import type { DealAction } from '#shared/domain/deal-machine.js';
import type { DisputeStatus, DisputeStep, OperatorAction } from '#shared/domain/dispute.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { partySideOf, requireDealStep } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';
import { lockProject } from '#server/db/project-locks.js';
import { disputeEvidence, disputeOffers, operatorAudit } from '#server/db/schema/disputes.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import type { StoredFile } from '#server/integrations/storage/storage.js';
import type { AcceptedEvidenceFile } from './dispute-files.js';
import { requireDisputePace, scheduleDisputeDigest } from './dispute-pace.js';
import {
  escalateIn,
  latestOffers,
  lockDispute,
  markResponded,
  openDisputeIn,
  partiesOf,
  requireAmountWithin,
  settleDisputeIn,
  settleIfCrossed,
} from './dispute-steps.js';
import { findDispute, findEvidenceFile, operatorQueue } from './dispute-view.js';

/** Every operator action, appended in the action's own transaction (or on its own for a read). */
async function audit(
  tx: Pick<Tx, 'insert'>,
  ctx: AppContext,
  operator: UserRow,
  action: OperatorAction,
  disputeId: number | null,
  details?: Record<string, unknown>,
) {
  await tx.insert(operatorAudit).values({ operatorId: operator.id, action, disputeId, details: details ?? null, at: ctx.clock.now() });
}

/** GET /api/disputes/{id}: the parties and operators (an operator's read is audited). */
export async function getDispute(ctx: AppContext, actor: UserRow, disputeId: number): Promise<Dispute> {
  const dispute = await findDispute(ctx, actor, disputeId);
  if (dispute.viewer === 'operator') await audit(ctx.db, ctx, actor, 'viewed_dispute', disputeId);
  return dispute;
}

/** POST /api/projects/{id}/disputes */
export async function openDispute(
  ctx: AppContext,
  actor: UserRow,
  projectId: number,
  input: { reason: string; finisherAmountCents: number },
): Promise<Dispute> {
  const disputeId = await ctx.events.transaction(ctx.db, async (tx, record) => {
    const project = await lockProject(tx, projectId);
    requireAccess(actor, 'openDispute', project);
    return openDisputeIn(ctx, tx, record, project, actor, input);
  });
  return findDispute(ctx, actor, disputeId);
}

/** The deal machine's name of each party step on a dispute. */
const partyStepActions = {
  addEvidence: 'add_dispute_evidence',
  offer: 'make_dispute_offer',
  acceptOffer: 'accept_dispute_offer',
  escalate: 'escalate_dispute',
} as const satisfies Record<Exclude<DisputeStep, 'rule'>, DealAction>;

/** A party's step on an unsettled dispute, in its locks; answers the dispute as the party now reads it. */
async function partyStep(
  ctx: AppContext,
  actor: UserRow,
  disputeId: number,
  name: Exclude<DisputeStep, 'rule'>,
  step: (tx: Tx, record: RecordEvent, locked: Awaited<ReturnType<typeof lockDispute>>, now: Date) => Promise<void>,
): Promise<Dispute> {
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const locked = await lockDispute(tx, disputeId);
    requireAccess(actor, 'readDispute', locked.project);
    requireAccess(actor, 'actInDispute', locked.project);
    await requireDealStep(ctx, tx, locked.project, actor, partyStepActions[name], { dispute: locked.dispute });
    const now = ctx.clock.now();
    await step(tx, record, locked, now);
    await markResponded(tx, locked.dispute, partySideOf(actor, locked.project), now);
  });
  return findDispute(ctx, actor, disputeId);
}

/** POST /api/disputes/{id}/evidence: a statement and an optional file already checked and stored. */
export function addEvidence(ctx: AppContext, actor: UserRow, disputeId: number, statement: string, file: AcceptedEvidenceFile | null): Promise<Dispute> {
  return partyStep(ctx, actor, disputeId, 'addEvidence', async (tx, record, { dispute, project }, now) => {
    const side = partySideOf(actor, project);
    await requireDisputePace(ctx, tx, 'statement', dispute.id, side, now);
    await tx.insert(disputeEvidence).values({
      disputeId: dispute.id,
      side,
      userId: actor.id,
      statement,
      fileKey: file?.key ?? null,
      fileName: file?.name ?? null,
      fileType: file?.type ?? null,
      fileSize: file?.size ?? null,
      createdAt: now,
    });
    await record({ type: 'dispute.evidence_added', disputeId: dispute.id, side, hasFile: file !== null, ...partiesOf(project) });
    await scheduleDisputeDigest(tx, ctx, project.id, side, now);
  });
}

/** POST /api/disputes/{id}/offers: a new offer; crossing offers settle at the finisher's ask. */
export function makeOffer(ctx: AppContext, actor: UserRow, disputeId: number, finisherAmountCents: number): Promise<Dispute> {
  return partyStep(ctx, actor, disputeId, 'offer', async (tx, record, { dispute, project }, now) => {
    requireAmountWithin(dispute, finisherAmountCents);
    const side = partySideOf(actor, project);
    await requireDisputePace(ctx, tx, 'offer', dispute.id, side, now);
    await tx.insert(disputeOffers).values({ disputeId: dispute.id, side, userId: actor.id, finisherAmountCents, createdAt: now });
    await record({ type: 'dispute.offered', disputeId: dispute.id, side, finisherAmountCents, ...partiesOf(project) });
    await scheduleDisputeDigest(tx, ctx, project.id, side, now);
    await settleIfCrossed(ctx, tx, record, dispute, project);
  });
}

/** POST /api/disputes/{id}/offers/{offerId}/accept: only the other side's latest offer. */
export function acceptOffer(ctx: AppContext, actor: UserRow, disputeId: number, offerId: number): Promise<Dispute> {
  return partyStep(ctx, actor, disputeId, 'acceptOffer', async (tx, record, { dispute, project }, now) => {
    const side = partySideOf(actor, project);
    const [offer] = await tx
      .select()
      .from(disputeOffers)
      .where(and(eq(disputeOffers.id, offerId), eq(disputeOffers.disputeId, dispute.id)))
      .limit(1);
    if (!offer) throw new AppError('NOT_FOUND', 'Offer not found');
    if (offer.side === side) throw new AppError('INVALID_TRANSITION', "You can only accept the other side's offer");
    const latest = await latestOffers(tx, dispute.id);
    if (latest[offer.side]?.id !== offer.id) throw new AppError('CONFLICT', 'This offer was replaced by a newer one; accept the latest offer instead');
    await tx.update(disputeOffers).set({ acceptedAt: now }).where(eq(disputeOffers.id, offer.id));
    await settleDisputeIn(ctx, tx, record, dispute, project, { settlement: 'accepted', finisherAmountCents: offer.finisherAmountCents, by: side });
  });
}

/** POST /api/disputes/{id}/escalate: while the two still negotiate. */
export function escalateDispute(ctx: AppContext, actor: UserRow, disputeId: number): Promise<Dispute> {
  return partyStep(ctx, actor, disputeId, 'escalate', async (tx, record, { dispute, project }) => {
    await escalateIn(ctx, tx, record, dispute, project, partySideOf(actor, project));
  });
}

/** GET /api/operator/disputes */
export async function listOperatorQueue(ctx: AppContext, actor: UserRow, status: DisputeStatus): Promise<OperatorQueue> {
  requireAccess(actor, 'operate', null);
  const queue = await operatorQueue(ctx.db, status);
  await audit(ctx.db, ctx, actor, 'viewed_queue', null, { status });
  return queue;
}

/** POST /api/operator/disputes/{id}/ruling: an operator who is no party to the deal, once it was sent to them. */
export async function ruleDispute(
  ctx: AppContext,
  actor: UserRow,
  disputeId: number,
  input: { finisherAmountCents: number; decision: string },
): Promise<Dispute> {
  requireAccess(actor, 'operate', null);
  await ctx.events.transaction(ctx.db, async (tx, record) => {
    const { dispute, project } = await lockDispute(tx, disputeId);
    requireAccess(actor, 'ruleDispute', project);
    await requireDealStep(ctx, tx, project, actor, 'rule_dispute', { dispute });
    requireAmountWithin(dispute, input.finisherAmountCents);
    await settleDisputeIn(ctx, tx, record, dispute, project, { settlement: 'ruling', by: 'operator', operatorId: actor.id, ...input });
    await audit(tx, ctx, actor, 'ruled', disputeId, { finisherAmountCents: input.finisherAmountCents });
  });
  return findDispute(ctx, actor, disputeId);
}

/** GET /api/disputes/{id}/evidence/{evidenceId}/file: the parties and operators. */
export async function readEvidenceFile(
  ctx: AppContext,
  actor: UserRow,
  disputeId: number,
  evidenceId: number,
): Promise<{ file: StoredFile; name: string; type: string }> {
  const found = await findEvidenceFile(ctx, actor, disputeId, evidenceId);
  if (found.viewer === 'operator') await audit(ctx.db, ctx, actor, 'read_evidence_file', disputeId, { evidenceId });
  return found;
}
