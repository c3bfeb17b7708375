import { eq, sql } from 'drizzle-orm';
import type { AttachmentSummary } from '#shared/domain/attachments.js';
import type { DbOrTx } from '#server/db/client.js';
import { attachments } from '#server/db/schema/attachments.js';
import { conversationChannels, conversationThreads, messages } from '#server/db/schema/conversations.js';
import { disputes, operatorAudit } from '#server/db/schema/disputes.js';
import { projects } from '#server/db/schema/projects.js';
import type { StoredAttachment } from './attachment-files.js';

/** What one message or delivery the files belong to. */
export type AttachmentOwner = { messageId: number } | { projectId: number; milestoneId?: number | null };

/** Writes the rows of stored files, in the order given, and answers what a message or a delivery keeps of them. */
export async function insertAttachments(
  db: DbOrTx,
  uploaderId: number,
  owner: AttachmentOwner,
  stored: readonly StoredAttachment[],
  now: Date,
): Promise<AttachmentSummary[]> {
  if (stored.length === 0) return [];
  const rows = await db
    .insert(attachments)
    .values(stored.map((file) => ({ ...file, ...owner, uploaderId, createdAt: now })))
    .returning({ id: attachments.id, name: attachments.name, size: attachments.size, kind: attachments.kind });
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * A file with the two people who may read it and whether an operator may (issue 32): a message's
 * file belongs to its conversation's two parties, a delivery's to the project's owner and its
 * finisher; an operator reads it when the project has a dispute and the file is of the deal
 * itself (a losing bidder's conversation is not).
 */
export async function findAttachmentAccess(db: DbOrTx, attachmentId: number) {
  const [row] = await db
    .select({
      attachment: attachments,
      messageDeletedAt: messages.deletedAt,
      ownerId: sql<number>`coalesce(${conversationChannels.creatorId}, ${projects.submitterId})`.mapWith(Number),
      finisherId: sql<number | null>`coalesce(${conversationChannels.developerId}, ${projects.finisherId})`,
      disputeId: sql<number | null>`(
        select ${disputes.id} from ${disputes}
        where ${disputes.projectId} = ${projects.id}
          and (${conversationChannels.id} is null or ${conversationChannels.developerId} = ${projects.finisherId})
        order by ${disputes.id} desc limit 1
      )`,
    })
    .from(attachments)
    .leftJoin(messages, eq(messages.id, attachments.messageId))
    .leftJoin(conversationThreads, eq(conversationThreads.id, messages.threadId))
    .leftJoin(conversationChannels, eq(conversationChannels.id, conversationThreads.channelId))
    .innerJoin(projects, sql`${projects.id} = coalesce(${conversationChannels.projectId}, ${attachments.projectId})`)
    .where(eq(attachments.id, attachmentId));
  return row ?? null;
}

/** An operator's read of a disputed deal's file, on the dispute's audit trail. */
export async function auditAttachmentRead(db: DbOrTx, operatorId: number, disputeId: number, attachmentId: number, at: Date) {
  await db.insert(operatorAudit).values({ operatorId, action: 'read_attachment', disputeId, details: { attachmentId }, at });
}
