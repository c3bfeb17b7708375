import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, LogLevel } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointDefinition } from '#shared/contracts/endpoint.js';
import { errorResponseSchema, errorStatus } from '#shared/errors.js';
import { AppError } from '#server/app-error.js';
import { requireUser } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (registerEndpoint). */
    endpoint?: Endpoint;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a route handler gets: params, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  // A multipart or raw body is read by the handler itself.
  Body: E['bodyFormat'] extends 'multipart' | 'raw' ? unknown : Parsed<E['body']>;
}>;

type Answer<E extends EndpointDefinition> = z.input<E['response']>;
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E> | FastifyReply> | Answer<E> | FastifyReply;

/** Each error status the endpoint may answer, with the `{ code, message }` shape. */
function errorResponses(endpoint: Endpoint): Record<number, typeof errorResponseSchema> {
  const responses: Record<number, typeof errorResponseSchema> = {};
  for (const code of endpoint.allErrors) responses[errorStatus[code]] = errorResponseSchema;
  return responses;
}

/** The operation's OpenAPI `security`: the session cookie needed, optional (anonymous or signed in), or none. */
const securityOf: Record<Endpoint['session'], Record<string, string[]>[]> = {
  required: [{ session: [] }],
  optional: [{}, { session: [] }],
  none: [],
};

function routeSchema(endpoint: Endpoint, deprecated: boolean): FastifySchema {
  return {
    summary: endpoint.summary,
    security: securityOf[endpoint.session],
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    operationId: deprecated ? `${endpoint.operationId}.alias` : endpoint.operationId,
    ...(deprecated ? { deprecated: true } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    // Multipart and raw bodies are read by the handler; a JSON body is validated before it runs.
    ...(endpoint.body && (endpoint.bodyFormat ?? 'json') === 'json' ? { body: endpoint.body } : {}),
    response: { [endpoint.status]: endpoint.response, ...errorResponses(endpoint) },
  };
}

/**
 * A request that sends no body at all, to an endpoint whose body may be left out (emptyBodySchema):
 * Fastify hands its validator null for a missing body, the same as a JSON `null`, so the missing
 * one becomes the empty object it stands for. A `null` sent as the body, or a body of another type
 * (multipart, which is parsed only when a route asks), still reaches the validator and is refused.
 */
async function leftOutBodyIsEmpty(request: FastifyRequest) {
  if (request.body === undefined && request.headers['content-type'] === undefined) request.body = {};
}

/**
 * The guard of an endpoint whose contract says `session: 'required'`: a visitor is refused with the
 * same 401 the handler's requireUser gives, after validation (as before) and before the handler, on
 * the route itself so that every spelling of its path meets it (decision 039).
 */
async function refuseVisitor(request: FastifyRequest) {
  requireUser(request);
}

/** How this server runs a route, beyond its contract: its log level and its plugins' settings (a rate limit). */
export interface RouteSettings {
  logLevel?: LogLevel;
  config?: Omit<FastifyContextConfig, 'endpoint'>;
}

/**
 * Registers the route of one contract: method, path, validation, response schema and OpenAPI
 * operation all come from the endpoint, so a route only says what it does.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, settings: RouteSettings = {}): void {
  const bodyMayBeLeftOut = (endpoint.bodyFormat ?? 'json') === 'json' && endpoint.body?.safeParse(undefined).success === true;
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      ...(bodyMayBeLeftOut ? { preValidation: leftOutBodyIsEmpty } : {}),
      ...(endpoint.session === 'required' ? { preHandler: refuseVisitor } : {}),
      ...(settings.logLevel ? { logLevel: settings.logLevel } : {}),
      schema: routeSchema(endpoint, url !== endpoint.path),
      config: { ...settings.config, endpoint, ...(endpoint.bodyFormat === 'raw' ? { allowCrossOrigin: true } : {}) },
      // Fastify's handler type cannot follow the endpoint's schemas; EndpointHandler types them.
      handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown,
    });
  }
}

/**
 * Under test (VALIDATE_RESPONSES), every answer of a contract route is checked before it is
 * sent: a success against the endpoint's response schema, an error against the codes the
 * endpoint declares. A mismatch becomes a 500 the test sees, instead of a client that quietly
 * reads a field that is not there.
 */
export function registerResponseValidation(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (!endpoint) return payload;
    if (reply.statusCode >= 400) {
      const code = (payload as { code?: unknown } | null)?.code;
      if (code === 'INTERNAL' || endpoint.allErrors.some((allowed) => allowed === code)) return payload;
      request.log.error({ code, operation: endpoint.operationId }, 'error code missing from the contract');
      throw new AppError('INTERNAL', `${endpoint.operationId} answered ${String(code)}, which its contract does not list`);
    }
    const result = endpoint.response.safeParse(payload);
    if (result.success) return payload;
    request.log.error({ issues: result.error.issues, operation: endpoint.operationId }, 'response breaks its contract');
    const issue = result.error.issues[0];
    throw new AppError('INTERNAL', `${endpoint.operationId} answered outside its contract at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`);
  });
}
