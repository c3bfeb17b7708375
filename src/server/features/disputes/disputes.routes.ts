import type { FastifyInstance, FastifyRequest } from 'fastify';
import { disputeEndpoints } from '#shared/contracts/disputes.js';
import { disputeEvidenceBodySchema } from '#shared/contracts/disputes.schemas.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { readMultipart } from '#server/plugins/multipart.js';
import { requireUser } from '#server/plugins/session.js';
import { imageUploadMaxBytes } from '#server/integrations/storage/image-upload.js';
import {
  acceptOffer,
  addEvidence,
  escalateDispute,
  getDispute,
  listOperatorQueue,
  makeOffer,
  openDispute,
  readEvidenceFile,
  ruleDispute,
} from './dispute-actions.js';
import { acceptEvidenceFile, storeEvidenceWhile } from './dispute-files.js';

/** Headers for an evidence file: never sniffed, sandboxed, private (no shared cache), a PDF only as a download. */
function evidenceHeaders(type: string, name: string) {
  const disposition = type === 'application/pdf' ? 'attachment' : 'inline';
  return {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    'cache-control': 'private, no-store',
    'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`,
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The statement and the optional file of POST /api/disputes/{id}/evidence: multipart, or JSON without a file. */
async function readEvidence(ctx: AppContext, request: FastifyRequest, uploaderId: number) {
  if (!request.isMultipart()) return { statement: disputeEvidenceBodySchema.parse(request.body ?? {}).statement, file: null };
  const { fields, file } = await readMultipart(request, { fileField: 'file', fileKind: 'file', maxBytes: imageUploadMaxBytes, maxFiles: 1 });
  // The statement first: a refused one costs no file check.
  const { statement } = disputeEvidenceBodySchema.parse(fields);
  return { statement, file: file ? await acceptEvidenceFile(ctx, uploaderId, file) : null };
}

export function disputesRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = disputeEndpoints;
  registerEndpoint(app, endpoints.open, async (request, reply) =>
    reply.status(201).send(await openDispute(ctx, requireUser(request), request.params.id, request.body)),
  );
  registerEndpoint(app, endpoints.get, (request) => getDispute(ctx, requireUser(request), request.params.id));
  registerEndpoint(app, endpoints.addEvidence, async (request, reply) => {
    const actor = requireUser(request);
    const { statement, file } = await readEvidence(ctx, request, actor.id);
    return reply.status(201).send(await storeEvidenceWhile(ctx.storage, file, (stored) => addEvidence(ctx, actor, request.params.id, statement, stored)));
  });
  registerEndpoint(app, endpoints.evidenceFile, async (request, reply) => {
    const { file, name, type } = await readEvidenceFile(ctx, requireUser(request), request.params.id, request.params.evidenceId);
    reply.headers(evidenceHeaders(type, name));
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
  registerEndpoint(app, endpoints.offer, async (request, reply) =>
    reply.status(201).send(await makeOffer(ctx, requireUser(request), request.params.id, request.body.finisherAmountCents)),
  );
  registerEndpoint(app, endpoints.acceptOffer, (request) => acceptOffer(ctx, requireUser(request), request.params.id, request.params.offerId));
  registerEndpoint(app, endpoints.escalate, (request) => escalateDispute(ctx, requireUser(request), request.params.id));
  registerEndpoint(app, endpoints.queue, (request) => listOperatorQueue(ctx, requireUser(request), request.query.status));
  registerEndpoint(app, endpoints.rule, (request) => ruleDispute(ctx, requireUser(request), request.params.id, request.body));
}
