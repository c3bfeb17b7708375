import type { z } from 'zod';
import { type ErrorCode, errorCodes } from '#shared/errors.js';

/**
 * One endpoint of the API, written once (docs/decisions/022-one-contract-per-endpoint.md): the
 * server registers its route from it (src/server/plugins/endpoints.ts), the OpenAPI document is
 * generated from it, and the client calls it through `call()` (src/client/lib/api.ts).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What an endpoint needs of the `session` cookie (docs/decisions/046-openapi-security-and-lint.md):
 * 'required' refuses a visitor with 401 before the handler runs; 'optional' serves a visitor and
 * gives a signed-in caller more (their own rows, their session replaced or ended); 'none' never
 * reads it. The OpenAPI document declares it per operation.
 */
export type SessionUse = 'required' | 'optional' | 'none';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify's path syntax: '/api/projects/:id'. */
  path: string;
  /** One line for the OpenAPI document: what the operation does. */
  summary: string;
  /** Longer notes for the OpenAPI document (who may call it, what else it does). */
  description?: string;
  /** The OpenAPI tag; defineEndpoints gives every endpoint of a feature the feature's name. */
  tag?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * 'multipart': the body may also come as multipart/form-data, which the route reads itself;
   * the body schema then describes the fields, and the client may send a FormData.
   * 'raw': the route reads the bytes as they came (signed webhooks); nothing validates them first.
   */
  bodyFormat?: 'json' | 'multipart' | 'raw';
  /** The success status; 200 unless said. 302: a browser navigation the route redirects (GitHub sign-in), never fetched with call(). */
  status?: 200 | 201 | 202 | 204 | 302;
  response: z.ZodType;
  /** The error codes this endpoint answers besides the ones every request may get (see baseErrorCodes). */
  errors: readonly ErrorCode[];
  /** Other paths that answer exactly the same (kept for older clients); documented as deprecated. */
  aliases?: readonly string[];
  /** 'required' unless said: only the public endpoints name theirs. */
  session?: SessionUse;
}

export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  tag: string;
  /** Unique across the API: '<tag>.<name>'. */
  operationId: string;
  status: 200 | 201 | 202 | 204 | 302;
  session: SessionUse;
  /** Every code the endpoint may answer, the common ones included. */
  allErrors: readonly ErrorCode[];
};

/** Codes any request may meet: an outage, a bug, or a request refused before any route ran. */
function baseErrorCodes(definition: EndpointDefinition): ErrorCode[] {
  const codes: ErrorCode[] = ['RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'INTERNAL'];
  if ((definition.session ?? 'required') === 'required') codes.push('UNAUTHENTICATED');
  if (definition.params || definition.query || definition.body || definition.bodyFormat) codes.push('VALIDATION_FAILED');
  if (definition.method !== 'GET') codes.push('CROSS_ORIGIN_REFUSED', 'INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  return codes;
}

/** The endpoints of one feature, tagged with its name; `operationId` is '<tag>.<key>'. */
export function defineEndpoints<const T extends Record<string, EndpointDefinition>>(tag: string, definitions: T): { [K in keyof T]: Endpoint<T[K]> } {
  const endpoints: Record<string, Endpoint> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    const own = new Set<ErrorCode>([...baseErrorCodes(definition), ...definition.errors]);
    endpoints[name] = {
      ...definition,
      tag: definition.tag ?? tag,
      operationId: `${tag}.${name}`,
      status: definition.status ?? 200,
      session: definition.session ?? 'required',
      allErrors: errorCodes.filter((code) => own.has(code)),
    };
  }
  return endpoints as { [K in keyof T]: Endpoint<T[K]> };
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What `call()` takes: the path parameters, the query and the body, each only where the endpoint has one. */
export type EndpointInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType ? { params: InputOf<E['params']> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: InputOf<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType
    ? undefined extends InputOf<E['body']>
      ? // A body that may be left out (emptyBodySchema): the client sends none.
        { body?: InputOf<E['body']> }
      : { body: E['bodyFormat'] extends 'multipart' ? InputOf<E['body']> | FormData : InputOf<E['body']> }
    : { body?: never });

/** True when the endpoint's body may be left out (none, or one that admits undefined). */
type BodyIsOptional<E extends EndpointDefinition> = E['body'] extends z.ZodType ? (undefined extends InputOf<E['body']> ? true : false) : true;

/** The parsed response of a successful call. */
export type EndpointResponse<E extends EndpointDefinition> = z.output<E['response']>;

/** True when the endpoint takes no input at all, so `call(endpoint)` needs no second argument. */
export type TakesNoInput<E extends EndpointDefinition> = E['params'] extends z.ZodType
  ? false
  : BodyIsOptional<E> extends false
    ? false
    : E['query'] extends z.ZodType
      ? false
      : true;

/** A path or query value as text: numbers and words as they are; anything else is a caller's mistake. */
function asText(value: unknown, what: string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(`${what} must be a string, number or boolean`);
}

/** '/api/projects/:id' with { id: 7 } -> '/api/projects/7'; every value is percent-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new TypeError(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(asText(value, `the path parameter ${name}`));
  });
}

/**
 * The collection an endpoint's path belongs to, for query keys: '/api/disputes/:id' -> '/api/disputes'
 * (the path up to its first parameter). A feature without a list endpoint keys its queries by it.
 */
export function collectionPath(endpoint: Pick<EndpointDefinition, 'path'>): string {
  const firstParameter = endpoint.path.indexOf('/:');
  return firstParameter === -1 ? endpoint.path : endpoint.path.slice(0, firstParameter);
}

/** The query string of the defined values, in the order given ('' when none). */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    // A list goes as the key repeated (?tech=React&tech=Go), as the server reads it.
    if (Array.isArray(value)) for (const item of value) search.append(key, asText(item, key));
    else search.set(key, asText(value, key));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
