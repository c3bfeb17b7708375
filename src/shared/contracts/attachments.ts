import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints (decision 022).
export type * from './attachments.schemas.js';

/** The files of conversations and deliveries (issue 32): the two parties', and an operator's through a dispute. */
export const attachmentEndpoints = defineEndpoints('attachments', {
  file: {
    method: 'GET',
    path: '/api/attachments/:id',
    summary: 'A file sent in a conversation or with a delivery (the two parties; operators through a dispute)',
    description:
      'An image opens inline; a PDF, a text file or a zip downloads. From disk the server streams it after checking the session; from S3 it answers 302 to a signed URL valid for 60 seconds. Anyone else gets 404, as does a file of a deleted message.',
    params: idParamsSchema,
    // The bytes of the file, with its own content type (or a redirect to them).
    response: z.unknown(),
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  },
  preview: {
    method: 'GET',
    path: '/api/attachments/:id/preview',
    summary: "An image's preview: a WebP at most 480 pixels on its longest side (the same people as the file)",
    params: idParamsSchema,
    response: z.unknown(),
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  },
});
