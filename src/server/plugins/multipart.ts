import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

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

/** Lets routes read multipart/form-data with request.parts(); files are streamed, never saved to disk. */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { ...multipartLimits, parts: multipartLimits.fields + multipartLimits.files },
    // Over fileSize the part is cut off and reading it fails, instead of silently keeping a truncated file.
    throwFileSizeLimit: true,
  });
}
