import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import {
  attachmentContentTypes,
  attachmentMaxBytes,
  attachmentTooLargeMessage,
  attachmentWrongTypeMessage,
  displayFileName,
  type AttachmentKind,
  tooManyAttachmentsMessage,
} from '#shared/domain/attachments.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { detectFileType, type FileOnDisk, processImageUpload } from '#server/integrations/storage/image-upload.js';
import type { FileStorage } from '#server/integrations/storage/storage.js';
import { readMultipartToDisk, type SpooledFile } from '#server/plugins/multipart.js';

/** A file checked and ready to store: nothing is written until storeAttachmentsWhile. */
export interface PendingAttachment {
  kind: AttachmentKind;
  name: string;
  size: number;
  /** The bytes to store: an image's fresh WebP, or the upload's temporary file as it came. */
  body: Buffer | FileOnDisk;
  /** An image's small WebP. */
  preview: Buffer | null;
}

/** A file as stored, for the row the caller writes with its message or delivery. */
export interface StoredAttachment {
  kind: AttachmentKind;
  name: string;
  size: number;
  storageKey: string;
  previewKey: string | null;
}

const imageFormats = ['png', 'jpeg', 'gif', 'webp'] as const;
const previewWidth = 480;
const extensionOf: Record<AttachmentKind, string> = { image: 'webp', pdf: 'pdf', text: 'txt', zip: 'zip' };

const extensionsOf: Record<AttachmentKind, RegExp> = {
  image: /\.webp$/i,
  pdf: /\.pdf$/i,
  text: /\.(txt|md|log|csv|json|ya?ml|diff|patch)$/i,
  zip: /\.zip$/i,
};

/** The name says what the file is: an image is now WebP, and a file whose name claims another type gets its kind's extension. */
function nameForKind(name: string, kind: AttachmentKind): string {
  if (kind === 'image') return name.replace(/\.[a-z0-9]{1,5}$/i, '') + '.webp';
  return extensionsOf[kind].test(name) ? name : `${name}.${extensionOf[kind]}`;
}

/** The control characters binary files are full of: all but tab, newlines and form feed. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const binaryCharacters = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Text is UTF-8 without NUL or other control characters than tab, newlines and form feed. Read
 * from the disk chunk by chunk, so a 10 MB file is never decoded in one piece on the event loop.
 */
async function isPlainText(file: FileOnDisk): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file.path) as AsyncIterable<Buffer>) {
      if (binaryCharacters.test(decoder.decode(chunk, { stream: true }))) return false;
    }
    return !binaryCharacters.test(decoder.decode());
  } catch {
    return false;
  }
}

/** What the bytes are, whatever the name or the declared type says; null when they are none of the four. */
async function kindOf(file: FileOnDisk): Promise<AttachmentKind | null> {
  const detected = await detectFileType(file);
  if (!detected) return (await isPlainText(file)) ? 'text' : null;
  if (detected.mime === 'application/pdf') return 'pdf';
  // A plain zip; an Office document or a JAR is a zip too, and file-type names it by what it is: refused.
  if (detected.mime === 'application/zip') return 'zip';
  if (['image/png', 'image/apng', 'image/jpeg', 'image/gif', 'image/webp'].includes(detected.mime)) return 'image';
  return null;
}

/**
 * Reads a multipart form of text fields and up to `limit` files in `files`, each at most 10 MB,
 * whole, before anything is checked or stored: the caller validates the fields, then the files.
 * Each file streams to a temporary file, deleted when the response ends.
 */
export function readAttachmentForm(request: FastifyRequest, limit: number) {
  return readMultipartToDisk(request, {
    fileField: 'files',
    fileKind: 'file',
    maxBytes: attachmentMaxBytes,
    maxFiles: limit,
    tooManyFiles: tooManyAttachmentsMessage(limit),
  });
}

/**
 * Checks the files of one message or delivery by their bytes (issue 32, item 1): at most `limit`
 * of them, each at most 10 MB and not empty, each an image, a PDF, plain text or a zip. An image
 * is decoded and re-encoded (its metadata dropped) with a preview; a zip is never unpacked. Each
 * file counts against the uploader's upload limit first.
 */
export async function acceptAttachmentFiles(
  ctx: Pick<AppContext, 'rateLimits'>,
  uploaderId: number,
  files: readonly SpooledFile[],
  limit: number,
): Promise<PendingAttachment[]> {
  if (files.length > limit) throw new AppError('VALIDATION_FAILED', tooManyAttachmentsMessage(limit));
  const accepted: PendingAttachment[] = [];
  for (const file of files) {
    const name = displayFileName(file.filename);
    if (file.size > attachmentMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', attachmentTooLargeMessage(name));
    if (file.size === 0) throw new AppError('VALIDATION_FAILED', `“${name}” is empty.`);
    await ctx.rateLimits.uploads.consume(uploaderId);
    const kind = await kindOf(file);
    if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', attachmentWrongTypeMessage(name));
    if (kind !== 'image') {
      accepted.push({ kind, name: nameForKind(name, kind), size: file.size, body: file, preview: null });
      continue;
    }
    const image = await processImageUpload(file, { allowed: imageFormats, maxBytes: attachmentMaxBytes });
    const preview = await processImageUpload(image.buffer, { allowed: ['webp'], maxBytes: attachmentMaxBytes, maxSide: previewWidth });
    accepted.push({ kind, name: nameForKind(name, kind), size: image.buffer.length, body: image.buffer, preview: preview.buffer });
  }
  return accepted;
}

/**
 * Stores the files and runs `write` with them; when `write` fails (a refused message, a delivery
 * that lost a race) the files are deleted again, so a refused request leaves nothing behind.
 */
export async function storeAttachmentsWhile<T>(
  storage: FileStorage,
  pending: readonly PendingAttachment[],
  write: (stored: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  if (pending.length === 0) return write([]);
  const keys: string[] = [];
  try {
    const stored: StoredAttachment[] = [];
    for (const file of pending) {
      const id = randomUUID();
      const storageKey = `attachments/${id}.${extensionOf[file.kind]}`;
      keys.push(storageKey);
      const contentType = attachmentContentTypes[file.kind];
      await (Buffer.isBuffer(file.body) ? storage.put(storageKey, file.body, contentType) : storage.putFile(storageKey, file.body.path, contentType));
      let previewKey: string | null = null;
      if (file.preview) {
        previewKey = `attachments/${id}-preview.webp`;
        keys.push(previewKey);
        await storage.put(previewKey, file.preview, 'image/webp');
      }
      stored.push({ kind: file.kind, name: file.name, size: file.size, storageKey, previewKey });
    }
    return await write(stored);
  } catch (error) {
    // The caller needs the original error; a file that could not be deleted is only wasted space.
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
