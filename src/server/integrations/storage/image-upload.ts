// Image acceptance for every feature that takes one (project screenshots, profile avatars): the
// bytes checked and re-encoded here, stored through FileStorage, served by features/uploads.
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type ImageFormat, tooLargeMessage, wrongTypeMessage } from '#shared/domain/uploads.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { FileStorage } from '#server/integrations/storage/storage.js';
import { multipartLimits } from '#server/plugins/multipart.js';

// file-type and sharp (with its native library) load with the first upload, not with the server
// (docs/decisions/032-initial-load-and-cold-start.md).

/** The type the bytes show (their magic number), whatever name or type the client gave them. */
export async function detectFileType(input: Buffer | FileOnDisk) {
  const { fileTypeFromBuffer, fileTypeFromFile } = await import('file-type');
  return Buffer.isBuffer(input) ? fileTypeFromBuffer(input) : fileTypeFromFile(input.path);
}

/** An upload streamed to a temporary file (readMultipartToDisk): read from there, never loaded whole. */
export interface FileOnDisk {
  path: string;
  size: number;
}

let sharpModule: Promise<typeof import('sharp')> | undefined;
/**
 * sharp, with libvips' threads for one image cut to one fewer than the cores: its default of one
 * per core left no core for the event loop and PostgreSQL on a two-core server while a 10 MB image
 * was re-encoded (issue 32).
 */
const loadSharp = () =>
  (sharpModule ??= import('sharp').then((module) => {
    module.default.concurrency(Math.max(1, availableParallelism() - 1));
    return module;
  }));

export type UploadPrefix = 'screenshots' | 'avatars';

export interface ImageUploadOptions {
  allowed: readonly ImageFormat[];
  maxBytes: number;
  /** Center-crops to a square of this many pixels (avatars); otherwise the longest side is capped. */
  square?: number;
  /** The longest side's cap when not square (default: screenshotMaxSide); a preview asks for less. */
  maxSide?: number;
}

export interface ProcessedImage {
  buffer: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
}

/** Spec section 9: avatars and screenshots are at most 5 MB (5242880 bytes). */
export const imageUploadMaxBytes = multipartLimits.fileSize;
export const screenshotMaxSide = 2000;
export const avatarSide = 256;
/** Beyond this the decoded pixels, not the upload, would exhaust memory (a decompression bomb). */
export const maxInputPixels = 50_000_000;

/** Generated upload keys, and the only keys GET /uploads/* serves. */
export const uploadKeyPattern = /^(screenshots|avatars)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

const formatByMime: Record<string, ImageFormat> = {
  'image/png': 'png',
  // An animated PNG is a PNG whose first frame every decoder reads.
  'image/apng': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function unreadable(cause: unknown): AppError {
  return new AppError('VALIDATION_FAILED', 'The image could not be read', { cause });
}

/**
 * Checks an uploaded image by its bytes (never its name or declared type) and re-encodes it as
 * WebP: turned upright by its EXIF orientation, every metadata block (EXIF, GPS, XMP, ICC)
 * dropped, animation flattened to the first frame, and scaled down to a screenshot cap or
 * cropped to a square avatar. Whatever a client sent, only freshly encoded pixels are stored.
 */
export async function processImageUpload(source: Buffer | FileOnDisk, options: ImageUploadOptions): Promise<ProcessedImage> {
  if ((Buffer.isBuffer(source) ? source.length : source.size) > options.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage('image', options.maxBytes));
  }
  const detected = await detectFileType(source);
  const format = detected ? formatByMime[detected.mime] : undefined;
  if (!format || !options.allowed.includes(format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', wrongTypeMessage(options.allowed));
  }

  // pages: 1 reads only the first frame; failOn 'warning' (sharp's advice for untrusted input) refuses damaged data.
  const { default: sharp } = await loadSharp();
  const input = () =>
    sharp(Buffer.isBuffer(source) ? source : source.path, { limitInputPixels: maxInputPixels, failOn: 'warning', pages: 1, autoOrient: true });

  let decodedFormat: string | undefined;
  try {
    decodedFormat = (await input().metadata()).format;
  } catch (error) {
    throw unreadable(error);
  }
  // libvips picks its decoder from the bytes too; a polyglot that file-type and libvips read
  // differently (say, as PNG and as SVG) must not reach a decoder we did not allow.
  if (decodedFormat !== format) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', wrongTypeMessage(options.allowed));
  }

  const image = input();
  if (options.square) {
    image.resize(options.square, options.square, { fit: 'cover', position: 'centre' });
  } else {
    image.resize(options.maxSide ?? screenshotMaxSide, options.maxSide ?? screenshotMaxSide, { fit: 'inside', withoutEnlargement: true });
  }
  try {
    // sharp writes no metadata unless withMetadata/keepMetadata is called; none is.
    const output = await image.webp({ quality: 82 }).toBuffer();
    return { buffer: output, contentType: 'image/webp', extension: 'webp' };
  } catch (error) {
    throw unreadable(error);
  }
}

/** Stores a processed image under a generated name and returns its key and public path. */
export async function storeImage(storage: FileStorage, processed: ProcessedImage, prefix: UploadPrefix): Promise<{ key: string; url: string }> {
  const key = `${prefix}/${randomUUID()}.${processed.extension}`;
  await storage.put(key, processed.buffer, processed.contentType);
  return { key, url: `/uploads/${key}` };
}

/** An upload checked and re-encoded, waiting to be stored by storeImageWhile. */
export interface PendingImage extends ProcessedImage {
  prefix: UploadPrefix;
}

/**
 * A signed-in user's image upload: counted against their upload limit first (decoding and
 * re-encoding is the costly part), then checked and re-encoded. Nothing is stored yet.
 */
export async function acceptImageUpload(
  ctx: Pick<AppContext, 'rateLimits'>,
  uploaderId: number,
  buffer: Buffer,
  options: ImageUploadOptions & { prefix: UploadPrefix },
): Promise<PendingImage> {
  await ctx.rateLimits.uploads.consume(uploaderId);
  return { ...(await processImageUpload(buffer, options)), prefix: options.prefix };
}

/**
 * Stores `image` (when there is one) and runs `write` with its public path. When `write` fails
 * (a taken username, a refused project) the file is deleted again, so a refused request leaves
 * no orphaned upload behind.
 */
export async function storeImageWhile<T>(storage: FileStorage, image: PendingImage | undefined, write: (url: string | undefined) => Promise<T>): Promise<T> {
  if (!image) return write(undefined);
  const stored = await storeImage(storage, image, image.prefix);
  try {
    return await write(stored.url);
  } catch (error) {
    // The caller needs the original error; a file that could not be deleted is only wasted space.
    await storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}
