import type { FastifyInstance } from 'fastify';
import { documentEndpoints } from '#shared/contracts/documents.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { listDocuments, readDocument, readDocumentPdf } from './documents.service.js';

/** Receipts and payout statements (issue 31, item 3): their holder's alone. */
export function documentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = documentEndpoints;

  registerEndpoint(app, endpoints.list, (request) => listDocuments(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.one, (request) => readDocument(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.pdf, async (request, reply) => {
    const { number, pdf } = await readDocumentPdf(ctx, requireUser(request), request.params.id);
    // The number is ASCII letters, digits and hyphens: safe as a plain filename.
    reply.headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${number}.pdf"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    return reply.send(pdf);
  });
}
