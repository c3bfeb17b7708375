import type { Attachment } from '#shared/contracts/attachments.js';
import { attachmentContentTypes, type AttachmentSummary } from '#shared/domain/attachments.js';
import { isOperator } from '#shared/domain/roles.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { StoredFile } from '#server/integrations/storage/storage.js';
import { auditAttachmentRead, findAttachmentAccess } from './attachments.queries.js';

export { acceptAttachmentFiles, type PendingAttachment, readAttachmentForm, storeAttachmentsWhile, type StoredAttachment } from './attachment-files.js';
export { type AttachmentOwner, insertAttachments } from './attachments.queries.js';

/** A file as every answer gives it: where to download it and, for an image, its preview. */
export function toAttachmentDto(file: AttachmentSummary): Attachment {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    contentType: attachmentContentTypes[file.kind],
    url: `/api/attachments/${file.id}`,
    previewUrl: file.kind === 'image' ? `/api/attachments/${file.id}/preview` : null,
  };
}

/** How long a signed URL to a file in S3 stays valid. */
const signedUrlSeconds = 60;

export type AttachmentDelivery = { redirect: string } | { file: StoredFile; contentType: string; disposition: string };

/**
 * GET /api/attachments/{id}[/preview]: the two parties of the conversation or the deal, and an
 * operator when the deal is disputed (the read is audited). Anyone else, and anyone asking for a
 * file of a deleted message, is told it does not exist. From S3 the answer is a signed URL.
 */
export async function openAttachment(
  ctx: Pick<AppContext, 'db' | 'storage' | 'clock'>,
  actor: UserRow,
  attachmentId: number,
  variant: 'file' | 'preview',
): Promise<AttachmentDelivery> {
  const found = await findAttachmentAccess(ctx.db, attachmentId);
  const notFound = new AppError('NOT_FOUND', 'File not found');
  if (!found) throw notFound;
  const isParty = actor.id === found.ownerId || actor.id === found.finisherId;
  const asOperator = !isParty && isOperator(actor.role) && found.disputeId !== null;
  // A deleted message's files go with it for the parties; a dispute's record keeps them.
  if (!(isParty && found.messageDeletedAt === null) && !asOperator) throw notFound;
  const { attachment } = found;
  const key = variant === 'preview' ? attachment.previewKey : attachment.storageKey;
  if (!key) throw notFound;
  if (asOperator) await auditAttachmentRead(ctx.db, actor.id, found.disputeId!, attachment.id, ctx.clock.now());

  const contentType = variant === 'preview' ? 'image/webp' : attachmentContentTypes[attachment.kind];
  // An image opens in the page; every other file only downloads.
  const disposition = `${attachment.kind === 'image' ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(attachment.name)}`;
  if (ctx.storage.signedUrl) {
    return { redirect: await ctx.storage.signedUrl(key, { expiresInSeconds: signedUrlSeconds, contentType, contentDisposition: disposition }) };
  }
  const file = await ctx.storage.get(key);
  if (!file) throw notFound;
  return { file, contentType, disposition };
}
