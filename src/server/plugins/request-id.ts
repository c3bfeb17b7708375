import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { RequestLogController } from '#server/plugins/request-log.js';

const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id from the proxy (nginx's $request_id is 32 hex digits) or a client is kept only when it is
 * short and made of safe characters: it is repeated on every log line of the request and echoed in
 * a response header, so a long value would bloat them and odd characters would trip up the tools
 * that search logs by it.
 */
const acceptableRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && acceptableRequestId.test(given) ? given : randomUUID();
}

/**
 * The Fastify options that name each request: the incoming X-Request-Id when acceptable, else a
 * fresh UUID, logged as `requestId` on every line the request writes (its child logger), with one
 * line per request (request-log.ts). Fastify's
 * own requestIdHeader would take any header value unchecked, hence genReqId.
 */
export function requestIdServerOptions() {
  return {
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new RequestLogController({ requestIdLogLabel: 'requestId' }),
  } satisfies FastifyServerOptions;
}

/** Returns the id as X-Request-Id, so a user's report or the proxy's log leads to the server's lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request (decision 084).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
