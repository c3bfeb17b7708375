import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooLargeMessage } from '#shared/domain/uploads.js';
import { AppError } from '#server/app-error.js';
import { nulRefused } from './request-text.js';

/**
 * The ceilings of every multipart request; readMultipart() may tighten them per route.
 * 5242880 bytes is the spec's upload limit (section 9); one file per request.
 */
export const multipartLimits = {
  fileSize: 5_242_880,
  files: 1,
  fields: 20,
  fieldSize: 100 * 1024,
} as const;

/**
 * Lets routes read multipart/form-data with request.parts(). Files are held in memory, or, for
 * readMultipartToDisk, streamed to temporary files that the plugin deletes when the response ends.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { ...multipartLimits, parts: multipartLimits.fields + multipartLimits.files },
    // Over fileSize the part is cut off and reading it fails, instead of silently keeping a truncated file.
    throwFileSizeLimit: true,
  });
}

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

/** A file streamed to a temporary file (readMultipartToDisk); it is deleted when the response ends. */
export interface SpooledFile {
  path: string;
  size: number;
  filename: string;
  mimetype: string;
}

export interface MultipartBody<File = UploadedFile> {
  fields: Record<string, string>;
  /** The first (with maxFiles 1, the only) file. */
  file?: File;
  /** Every file, in the order sent. */
  files: File[];
}

export interface ReadMultipartOptions {
  /** The one field name a file may come in (e.g. 'image', 'avatar'). */
  fileField: string;
  /** Each file's ceiling. */
  maxBytes: number;
  maxFiles: number;
  /** How a refusal names the upload: 'image' (default) or 'file' (dispute evidence, which may be a PDF). */
  fileKind?: 'image' | 'file';
  /** The sentence for more files than maxFiles (default 'Too many files'). */
  tooManyFiles?: string;
}

function tooLarge(maxBytes: number, kind: 'image' | 'file') {
  return new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(kind, maxBytes));
}

type FilePart = NodeJS.ReadableStream & { truncated?: boolean; destroy(error?: Error): void };

/** Fails the part as soon as it passes maxBytes, and hands on its chunks. */
async function* cappedChunks(file: FilePart, maxBytes: number, kind: 'image' | 'file') {
  // busboy stops at limits.fileSize, drops the rest of the part and emits 'limit'. Failing right
  // there answers 413 at once, instead of after the rest of a 50 MB upload has streamed through.
  file.once('limit', () => file.destroy(tooLarge(maxBytes, kind)));
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes || file.truncated) throw tooLarge(maxBytes, kind);
    yield chunk;
  }
  if (file.truncated) throw tooLarge(maxBytes, kind);
}

/** Reads a file part into memory. */
async function readFile(file: FilePart, maxBytes: number, kind: 'image' | 'file') {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of cappedChunks(file, maxBytes, kind)) {
    size += chunk.length;
    chunks.push(chunk);
  }
  return { buffer: Buffer.concat(chunks, size), size };
}

/**
 * Streams a file part to a temporary file, chunk by chunk: a 10 MB file never becomes one buffer
 * on the event loop (issue 32: copying it blocked other requests for tens of milliseconds).
 */
async function spoolFile(filePath: string, file: FilePart, maxBytes: number, kind: 'image' | 'file') {
  const out = createWriteStream(filePath, { flags: 'wx' });
  await pipeline(cappedChunks(file, maxBytes, kind), out);
  return out.bytesWritten;
}

/** @fastify/multipart's and busboy's errors, in the API's words. */
function toAppError(error: unknown, maxBytes: number, kind: 'image' | 'file'): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxBytes, kind);
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION_FAILED', 'Too many files', { cause: error });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('VALIDATION_FAILED', 'Too many fields', { cause: error });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('VALIDATION_FAILED', 'A field declared as JSON is not valid JSON', { cause: error });
    case 'FST_PROTO_VIOLATION':
      return new AppError('VALIDATION_FAILED', 'A field name is not allowed', { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request must be multipart/form-data', { cause: error });
    case 'FST_MP_PREMATURE_CLOSE':
      // The client went away; nobody reads the answer.
      return error;
    default:
      // busboy's own parse errors ('Unexpected end of form', 'Malformed part header', ...) carry no code.
      return code === undefined && error instanceof Error ? new AppError('VALIDATION_FAILED', 'The form data could not be read', { cause: error }) : error;
  }
}

/**
 * Reads a multipart/form-data request: its text fields, and at most maxFiles files, in `fileField`,
 * each of at most maxBytes. Files are held in memory, so maxFiles × maxBytes bounds what a request
 * can cost; nothing is stored before the whole request is read, so a request cut off half-way
 * leaves nothing behind.
 * Field values are text; a part the client labelled application/json is handed back as JSON text.
 */
export function readMultipart(request: FastifyRequest, options: ReadMultipartOptions): Promise<MultipartBody> {
  return readForm(request, options, async (part, kind) => {
    const { buffer, size } = await readFile(part.file, options.maxBytes, kind);
    return { size, file: { buffer, filename: part.filename, mimetype: part.mimetype } };
  });
}

/**
 * readMultipart for large files (conversation and delivery files, 10 MB each): each file is
 * streamed to a temporary file as it arrives. The paths join the request's `tmpUploads`, which
 * @fastify/multipart deletes when the response ends or the client goes away; a request refused
 * or cut off half-way deletes what it wrote at once.
 */
export async function readMultipartToDisk(request: FastifyRequest, options: ReadMultipartOptions): Promise<MultipartBody<SpooledFile>> {
  const spooled: string[] = [];
  try {
    return await readForm(request, options, async (part, kind) => {
      const filePath = path.join(tmpdir(), `finishline-upload-${randomUUID()}`);
      spooled.push(filePath);
      (request.tmpUploads ??= []).push(filePath);
      const size = await spoolFile(filePath, part.file, options.maxBytes, kind);
      return { size, file: { path: filePath, size, filename: part.filename, mimetype: part.mimetype } };
    });
  } catch (error) {
    await Promise.all(spooled.map((filePath) => unlink(filePath).catch(() => undefined)));
    request.tmpUploads = (request.tmpUploads ?? []).filter((filePath) => !spooled.includes(filePath));
    throw error;
  }
}

interface FormFilePart {
  file: FilePart;
  filename: string;
  mimetype: string;
}

async function readForm<File>(
  request: FastifyRequest,
  options: ReadMultipartOptions,
  readPart: (part: FormFilePart, kind: 'image' | 'file') => Promise<{ size: number; file: File }>,
): Promise<MultipartBody<File>> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request must be multipart/form-data');
  }
  const kind = options.fileKind ?? 'image';
  const fields: Record<string, string> = {};
  const files: File[] = [];
  let fileCount = 0;
  let partCount = 0;

  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        // One more than allowed, so that the extra file is refused below in the route's words, before it is read.
        files: options.maxFiles + 1,
        fields: multipartLimits.fields,
        fieldSize: multipartLimits.fieldSize,
        parts: multipartLimits.fields + options.maxFiles + 1,
      },
    });
    for await (const part of parts) {
      partCount += 1;
      // busboy hands on a part whose Content-Disposition has no name with fieldname undefined.
      if (!part.fieldname) throw new AppError('VALIDATION_FAILED', 'Every part of the form needs a name');
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          throw new AppError('VALIDATION_FAILED', `Unexpected file field '${part.fieldname}'`);
        }
        fileCount += 1;
        if (fileCount > options.maxFiles) throw new AppError('VALIDATION_FAILED', options.tooManyFiles ?? 'Too many files');
        const { size, file } = await readPart(part, kind);
        // A form whose file input was left empty still sends the part, empty and without a file name.
        if (size === 0 && !part.filename) continue;
        files.push(file);
      } else {
        if (part.fieldnameTruncated) throw new AppError('VALIDATION_FAILED', 'A field name is too long');
        if (part.valueTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', `Field '${part.fieldname}' is larger than ${multipartLimits.fieldSize} bytes`);
        }
        if (part.fieldname in fields) throw new AppError('VALIDATION_FAILED', `Field '${part.fieldname}' is sent more than once`);
        if (typeof part.value === 'string' && part.value.includes('\0')) throw nulRefused();
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    }
  } catch (error) {
    throw toAppError(error, options.maxBytes, kind);
  }
  // An empty body (or one with no part before its end) ends without an error from busboy; a form always has a part.
  if (partCount === 0) throw new AppError('VALIDATION_FAILED', 'The form data is empty');
  return files[0] ? { fields, file: files[0], files } : { fields, files };
}
