import type { FastifyInstance, FastifyReply } from 'fastify';
import { attachmentEndpoints } from '#shared/contracts/attachments.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { type AttachmentDelivery, openAttachment } from './attachments.service.js';

/** A private file: never sniffed, sandboxed if opened directly, never in a shared cache, not embeddable elsewhere. */
function send(reply: FastifyReply, delivery: AttachmentDelivery) {
  reply.header('cache-control', 'private, no-store');
  if ('redirect' in delivery) return reply.redirect(delivery.redirect, 302);
  reply.headers({
    'content-type': delivery.contentType,
    'content-disposition': delivery.disposition,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
  });
  if (delivery.file.size !== undefined) reply.header('content-length', delivery.file.size);
  return reply.send(delivery.file.body);
}

/** The files of conversations and deliveries (issue 32). */
export function attachmentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = attachmentEndpoints;
  registerEndpoint(app, endpoints.file, async (request, reply) => send(reply, await openAttachment(ctx, requireUser(request), request.params.id, 'file')));
  registerEndpoint(app, endpoints.preview, async (request, reply) =>
    send(reply, await openAttachment(ctx, requireUser(request), request.params.id, 'preview')),
  );
}
