import { randomUUID } from 'node:crypto';
import { displayFileName } from '#shared/domain/attachments.js';
import { evidenceImageFormats, tooLargeMessage, wrongTypeMessage } from '#shared/domain/uploads.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { detectFileType, imageUploadMaxBytes, processImageUpload } from '#server/integrations/storage/image-upload.js';
import type { FileStorage } from '#server/integrations/storage/storage.js';
import type { UploadedFile } from '#server/plugins/multipart.js';

/** Evidence files as stored: private, under evidence/, never served by the public /uploads route. */
export interface AcceptedEvidenceFile {
  key: string;
  /** The name the person gave it, cut to something displayable. */
  name: string;
  type: 'image/webp' | 'application/pdf';
  size: number;
}

interface PendingEvidenceFile extends Omit<AcceptedEvidenceFile, 'key'> {
  buffer: Buffer;
  extension: 'webp' | 'pdf';
}

/**
 * Checks an evidence file by its bytes (issue 15, rule 2: images and PDF, the upload rules and
 * limits): an image goes through the same checks and re-encoding as every other upload (its
 * metadata, GPS included, is dropped); a PDF must be one by its bytes and is kept as it came, to
 * be served only as a download.
 */
export async function acceptEvidenceFile(ctx: Pick<AppContext, 'rateLimits'>, uploaderId: number, file: UploadedFile): Promise<PendingEvidenceFile> {
  await ctx.rateLimits.uploads.consume(uploaderId);
  if (file.buffer.length > imageUploadMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage('file', imageUploadMaxBytes));
  const detected = await detectFileType(file.buffer);
  const name = displayFileName(file.filename, 'evidence');
  if (detected?.mime === 'application/pdf') {
    return { buffer: file.buffer, name, type: 'application/pdf', size: file.buffer.length, extension: 'pdf' };
  }
  if (!detected || !detected.mime.startsWith('image/')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', wrongTypeMessage(evidenceImageFormats, { orPdf: true }));
  const image = await processImageUpload(file.buffer, { allowed: evidenceImageFormats, maxBytes: imageUploadMaxBytes });
  return { buffer: image.buffer, name, type: 'image/webp', size: image.buffer.length, extension: 'webp' };
}

/** Stores the file and runs `write` with it; a refused write deletes the file again. */
export async function storeEvidenceWhile<T>(
  storage: FileStorage,
  pending: PendingEvidenceFile | null,
  write: (file: AcceptedEvidenceFile | null) => Promise<T>,
): Promise<T> {
  if (!pending) return write(null);
  const key = `evidence/${randomUUID()}.${pending.extension}`;
  await storage.put(key, pending.buffer, pending.type);
  try {
    return await write({ key, name: pending.name, type: pending.type, size: pending.size });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
