import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Dispute, OperatorQueue } from '#shared/contracts/disputes.js';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { deadlineDay } from '#shared/domain/deal.js';
import { type DisputeStatus, splitDispute } from '#shared/domain/dispute.js';
import { disputeSilenceText } from '#shared/domain/dispute-silence.js';
import { formatMoney } from '#shared/domain/money.js';
import { isOperator } from '#shared/domain/roles.js';
import { AppError } from '#server/app-error.js';
import { findPullRequestRecord } from '#server/features/repositories/repositories.service.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { requireAccess } from '#server/domain/require-access.js';
import { bids } from '#server/db/schema/bids.js';
import { conversationChannels, conversationThreads, messageEdits, messages } from '#server/db/schema/conversations.js';
import { toAttachmentDto } from '#server/features/attachments/attachments.service.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { type DisputeRow, disputeEvidence, disputeOffers, disputes } from '#server/db/schema/disputes.js';
import { milestones } from '#server/db/schema/milestones.js';
import { payments } from '#server/db/schema/payments.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import { dealMoneyOf } from '#server/domain/deal-money.js';
import { projectColumns, type ProjectRow, projects } from '#server/db/schema/projects.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import type { StoredFile } from '#server/integrations/storage/storage.js';
import { toHistoryEntry } from '#server/features/deal/deal.service.js';

const money = (cents: number) => formatMoney(cents, { showCents: true });
const iso = (date: Date | null) => date?.toISOString() ?? null;

async function loadReadable(ctx: AppContext, actor: UserRow, disputeId: number): Promise<{ dispute: DisputeRow; project: ProjectRow }> {
  const [row] = await ctx.db
    .select({ dispute: disputes, project: projectColumns })
    .from(disputes)
    .innerJoin(projects, eq(projects.id, disputes.projectId))
    .where(eq(disputes.id, disputeId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Dispute not found');
  requireAccess(actor, 'readDispute', row.project);
  return row;
}

const viewerOf = (actor: UserRow, project: ProjectRow): Dispute['viewer'] =>
  actor.id === project.submitterId ? 'owner' : actor.id === project.finisherId ? 'finisher' : isOperator(actor.role) ? 'operator' : 'owner';

/** One sentence: where the dispute stands and what happens next, its dates in the reader's zone (decision 048). */
function summaryOf(dispute: DisputeRow, names: { owner: string; finisher: string }, latestOpenerOffer: number, timeZone: string): string {
  const opener = names[dispute.openedBy];
  const other = names[dispute.openedBy === 'owner' ? 'finisher' : 'owner'];
  if (dispute.status === 'settled') {
    const amount = money(dispute.finisherAmountCents!);
    const how = {
      accepted: 'by an accepted offer',
      crossed: 'when the offers met',
      silence: `because ${other} did not respond in time`,
      ruling: "by the operator's ruling",
    }[dispute.settlement!];
    return `Settled ${how}: ${names.finisher} receives ${amount} (less the platform fee) and the rest of ${money(dispute.disputedCents)} is refunded to ${names.owner}.`;
  }
  if (dispute.status === 'with_operator')
    return `Finishline's operator is reviewing the evidence and will rule how the ${money(dispute.disputedCents)} is split.`;
  if (dispute.respondedAt === null) {
    // The same sentence as the deal's cancellation card and the owner's notice of an objection (issue 28, item 4).
    const silence = disputeSilenceText({
      silent: other,
      ...names,
      finisherCents: latestOpenerOffer,
      disputedCents: dispute.disputedCents,
      respondBy: dispute.respondBy,
      timeZone,
    });
    return `${other} has until ${deadlineDay(dispute.respondBy, timeZone)} to respond, or the dispute settles at ${opener}'s offer. ${silence}`;
  }
  return `${names.owner} and ${names.finisher} are negotiating; without agreement by ${deadlineDay(dispute.negotiateBy, timeZone)} the operator decides.`;
}

/** The dispute as the two parties and operators read it (rule 2: the deal's record comes with it). */
export async function findDispute(ctx: AppContext, actor: UserRow, disputeId: number): Promise<Dispute> {
  const { dispute, project } = await loadReadable(ctx, actor, disputeId);
  const db = ctx.db;
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [project.submitterId, project.finisherId!]));
  const owner = people.find((p) => p.id === project.submitterId)!;
  const finisher = people.find((p) => p.id === project.finisherId)!;
  const [offers, evidence, history, bid, milestoneRows] = await Promise.all([
    db.select().from(disputeOffers).where(eq(disputeOffers.disputeId, disputeId)).orderBy(asc(disputeOffers.id)),
    db.select().from(disputeEvidence).where(eq(disputeEvidence.disputeId, disputeId)).orderBy(asc(disputeEvidence.id)),
    db.select().from(dealHistory).where(eq(dealHistory.projectId, project.id)).orderBy(asc(dealHistory.at), asc(dealHistory.id)),
    db
      .select()
      .from(bids)
      .where(and(eq(bids.projectId, project.id), inArray(bids.status, [...winningBidStatuses])))
      .limit(1)
      .then((rows) => rows[0]!),
    db.select().from(milestones).where(eq(milestones.projectId, project.id)).orderBy(asc(milestones.id)),
  ]);
  const [paymentRows, changeOrderRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.bidId, bid.id)),
    db.select({ id: changeOrders.id }).from(changeOrders).where(eq(changeOrders.projectId, project.id)),
  ]);
  const chat = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
      deletedAt: messages.deletedAt,
      attachments: messages.attachments,
      // What it said before each edit (issue 32): the transcript keeps what was said.
      earlierTexts: sql<
        string[]
      >`coalesce((select array_agg(${messageEdits.content} order by ${messageEdits.createdAt}, ${messageEdits.id}) from ${messageEdits} where ${messageEdits.messageId} = ${messages.id}), '{}')`,
    })
    .from(messages)
    .innerJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .innerJoin(conversationChannels, eq(conversationChannels.id, conversationThreads.channelId))
    .where(eq(conversationChannels.bidId, bid.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const openerOffers = offers.filter((offer) => offer.side === dispute.openedBy);
  const names = { owner: owner.username, finisher: finisher.username };
  return {
    id: dispute.id,
    projectId: project.id,
    projectName: project.name,
    status: dispute.status,
    stage: dispute.stage,
    openedBy: dispute.openedBy,
    reason: dispute.reason,
    disputedCents: dispute.disputedCents,
    openedAt: dispute.openedAt.toISOString(),
    respondBy: dispute.respondBy.toISOString(),
    respondedAt: iso(dispute.respondedAt),
    negotiateBy: dispute.negotiateBy.toISOString(),
    escalatedAt: iso(dispute.escalatedAt),
    escalatedBy: dispute.escalatedBy,
    settledAt: iso(dispute.settledAt),
    settlement: dispute.settlement,
    split: dispute.finisherAmountCents === null ? null : splitDispute(dispute.disputedCents, dispute.finisherAmountCents),
    decision: dispute.decision,
    owner,
    finisher,
    viewer: viewerOf(actor, project),
    offers: offers.map((o) => ({
      id: o.id,
      side: o.side,
      finisherAmountCents: o.finisherAmountCents,
      createdAt: o.createdAt.toISOString(),
      acceptedAt: iso(o.acceptedAt),
    })),
    evidence: evidence.map((e) => ({
      id: e.id,
      side: e.side,
      statement: e.statement,
      createdAt: e.createdAt.toISOString(),
      file:
        e.fileKey === null
          ? null
          : {
              name: e.fileName ?? 'evidence',
              type: e.fileType ?? 'application/octet-stream',
              size: e.fileSize ?? 0,
              url: `/api/disputes/${dispute.id}/evidence/${e.id}/file`,
            },
    })),
    record: {
      bid: { amountCents: bid.amountCents, timelineDays: bid.timelineDays, proposal: bid.message, createdAt: bid.createdAt.toISOString() },
      history: history.map(toHistoryEntry),
      milestones: milestoneRows.map((m) => ({
        id: m.id,
        title: m.title,
        amountCents: m.amountCents,
        status: m.status,
        completionNote: m.completionNote ?? null,
        feedback: m.feedback ?? null,
      })),
      messages: chat.map((m) => ({
        id: m.id,
        side: m.senderId === project.submitterId ? ('owner' as const) : ('finisher' as const),
        content: m.content,
        createdAt: m.createdAt.toISOString(),
        editedAt: m.editedAt?.toISOString() ?? null,
        deletedAt: m.deletedAt?.toISOString() ?? null,
        earlierTexts: m.earlierTexts,
        attachments: (m.attachments ?? []).map(toAttachmentDto),
      })),
      pullRequest: await findPullRequestRecord(ctx.db, project.id),
    },
    money: dealMoneyOf(
      paymentRows.find((p) => p.changeOrderId === null) ?? null,
      paymentRows.filter((p) => p.changeOrderId !== null),
      changeOrderRows.map((c) => c.id),
    ),
    summary: summaryOf(dispute, names, openerOffers.at(-1)?.finisherAmountCents ?? 0, actor.timeZone),
  };
}

/** The bytes of one piece of evidence, for the parties and operators. */
export async function findEvidenceFile(ctx: AppContext, actor: UserRow, disputeId: number, evidenceId: number) {
  const { project } = await loadReadable(ctx, actor, disputeId);
  const [row] = await ctx.db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputeEvidence.disputeId, disputeId)))
    .limit(1);
  if (!row?.fileKey) throw new AppError('NOT_FOUND', 'File not found');
  const file: StoredFile | null = await ctx.storage.get(row.fileKey);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  return { file, name: row.fileName ?? 'evidence', type: row.fileType ?? 'application/octet-stream', viewer: viewerOf(actor, project) };
}

/** The operator's queue: oldest first (by when it reached them, or opened), with each side's latest offer. */
export async function operatorQueue(db: DbOrTx, status: DisputeStatus): Promise<OperatorQueue> {
  const latest = (side: 'owner' | 'finisher') =>
    sql<
      number | null
    >`(select ${disputeOffers.finisherAmountCents} from ${disputeOffers} where ${disputeOffers.disputeId} = ${disputes.id} and ${disputeOffers.side} = ${side} order by ${disputeOffers.id} desc limit 1)`;
  const rows = await db
    .select({
      id: disputes.id,
      projectId: projects.id,
      projectName: projects.name,
      status: disputes.status,
      openedAt: disputes.openedAt,
      escalatedAt: disputes.escalatedAt,
      disputedCents: disputes.disputedCents,
      ownerUsername: sql<string>`(select ${users.username} from ${users} where ${users.id} = ${projects.submitterId})`,
      finisherUsername: sql<string>`(select ${users.username} from ${users} where ${users.id} = ${projects.finisherId})`,
      latestOwnerOfferCents: latest('owner'),
      latestFinisherAskCents: latest('finisher'),
    })
    .from(disputes)
    .innerJoin(projects, eq(projects.id, disputes.projectId))
    .where(eq(disputes.status, status))
    .orderBy(status === 'settled' ? desc(disputes.settledAt) : asc(sql`coalesce(${disputes.escalatedAt}, ${disputes.openedAt})`), asc(disputes.id))
    .limit(200);
  return {
    disputes: rows.map((row) => ({
      ...row,
      openedAt: row.openedAt.toISOString(),
      escalatedAt: iso(row.escalatedAt),
      latestOwnerOfferCents: row.latestOwnerOfferCents === null ? null : Number(row.latestOwnerOfferCents),
      latestFinisherAskCents: row.latestFinisherAskCents === null ? null : Number(row.latestFinisherAskCents),
    })),
  };
}
