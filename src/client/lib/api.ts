/**
 * The api client of spec sections 7 and 8: every request sends the session cookie, GETs are
 * cache-busted and never cached, and a failed request throws an ApiError whose text reads
 * '{status}: {message}'. Every request goes through `call(endpoint, input)` with an endpoint of
 * src/shared/contracts, so no path is written twice (docs/decisions/022-one-contract-per-endpoint.md).
 */
import { buildPath, buildQuery, type Endpoint, type EndpointInput, type EndpointResponse, type TakesNoInput } from '#shared/contracts/endpoint.js';
import type { ApiTransport } from '#shared/api-transport.js';
import type { ErrorCode } from '#shared/errors.js';

/** What the body of a failed answer held: a JSON error with a message, other JSON, or no JSON (an HTML page, plain text). */
export type ErrorBody = 'message' | 'json' | 'other';

/** A failed request: the HTTP status, the server's error code, and its message for people. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly body: ErrorBody = 'message',
  ) {
    super(message);
  }

  /** The spec's wording of a failed request: '{status}: {message}'. */
  override toString(): string {
    return `${this.status}: ${this.message}`;
  }
}

const AUTH_REQUIRED = 'Authentication required. Please log in.';
const HTML_INSTEAD_OF_JSON = 'Server returned HTML instead of JSON. Please try again.';

/** A status with no JSON error body (an HTML page from a proxy): the closest code. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503 || status === 502 || status === 504) return 'SERVICE_UNAVAILABLE';
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
}

function looksLikeHtml(response: Response, text: string): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('text/html') || /^\s*<(!doctype|html)/i.test(text);
}

// The server's code, as it sent it: the list of codes (src/shared/errors.ts) stays out of the browser bundle.
const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && /^[A-Z_]+$/.test(value);

/** The error a non-OK answer stands for: its code and message, else the whole JSON, else the text. */
function errorFrom(response: Response, text: string): ApiError {
  const { status } = response;
  if (looksLikeHtml(response, text)) {
    return new ApiError(status, codeForStatus(status), status === 401 || status === 403 ? AUTH_REQUIRED : HTML_INSTEAD_OF_JSON, 'other');
  }
  try {
    const json: unknown = JSON.parse(text);
    const body = json && typeof json === 'object' ? (json as { code?: unknown; message?: unknown }) : {};
    const code = isErrorCode(body.code) ? body.code : codeForStatus(status);
    if (typeof body.message === 'string') return new ApiError(status, code, body.message);
    return new ApiError(status, code, JSON.stringify(json), 'json');
  } catch {
    return new ApiError(status, codeForStatus(status), text || 'Request failed', 'other');
  }
}

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Sends the app's requests through `next` instead of the browser's fetch: the server's page renderer
 * (server-render.tsx) answers them in-process, as the signed-in visitor whose page it renders.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * Responses are checked against the contract while developing and under test, where a drifting
 * server should fail loudly; production trusts the server (which writes through the same schema).
 */
const validatesResponses = import.meta.env.DEV || import.meta.env.MODE === 'test';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface CallResult<E extends Endpoint> {
  data: EndpointResponse<E>;
  headers: Headers;
}

/** Like `call`, also handing back the response headers (the project list pages through a Link header). */
export async function callWithHeaders<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>, options: CallOptions = {}): Promise<CallResult<E>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  let url = buildPath(endpoint.path, params) + buildQuery(query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: endpoint.method, credentials: 'include', headers, signal: options.signal };
  if (endpoint.method === 'GET') {
    url += `${url.includes('?') ? '&' : '?'}_t=${Date.now()}`;
    init.cache = 'no-store';
  } else if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await transport(url, init);
  const text = await response.text();
  if (!response.ok || looksLikeHtml(response, text)) throw errorFrom(response, text);
  const data: unknown = text ? JSON.parse(text) : null;
  if (validatesResponses) {
    const result = endpoint.response.safeParse(data);
    if (!result.success) throw new TypeError(`${endpoint.operationId} answered outside its contract: ${result.error.message}`);
  }
  return { data: data as EndpointResponse<E>, headers: response.headers };
}

/** Calls one endpoint of the API and answers its parsed response; a failure throws an ApiError. */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: TakesNoInput<E> extends true ? [input?: EndpointInput<E>, options?: CallOptions] : [input: EndpointInput<E>, options?: CallOptions]
): Promise<EndpointResponse<E>> {
  return callWithHeaders(endpoint, input, options).then((result) => result.data);
}

/** The URL of rel="next" in a Link header ('<url>; rel="next", <url>; rel="prev"'), or null. */
export function nextLinkFrom(linkHeader: string | null | undefined): string | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(',')) {
    const match = /<([^>]+)>(.*)$/.exec(part.trim());
    const rel = match ? /rel\s*=\s*"?([^";]*)"?/i.exec(match[2]!) : null;
    if (match && rel && rel[1]!.toLowerCase().split(/\s+/).includes('next')) return match[1]!;
  }
  return null;
}

/** The query of the next page's URL, to call the same endpoint with (null on the last page). */
export function nextPageQuery(linkHeader: string | null | undefined): Record<string, string | string[]> | null {
  const next = nextLinkFrom(linkHeader);
  if (next === null) return null;
  // A repeated key (?tech=React&tech=Go) stays a list, which buildQuery sends repeated again.
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(next, 'http://link.invalid').searchParams) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

/** The message of an error for a toast, or the fallback when it has none. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.trim() || fallback;
}

/** True for an ApiError with one of the codes: components branch on codes, never on message text. */
export function isApiError(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** The share of the request body sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
}

/**
 * Sends multipart form data to one endpoint with upload progress, which fetch cannot report: the
 * same URL, cookie, errors and contract check as `call`. Aborting the signal cancels the upload;
 * the server stores nothing of a request it did not read whole.
 */
export function upload<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> & { body: FormData },
  options: UploadOptions = {},
): Promise<EndpointResponse<E>> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const url = buildPath(endpoint.path, params) + buildQuery(query);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal?.aborted) return aborted();
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.open(endpoint.method, url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onabort = aborted;
    request.onerror = () =>
      reject(new ApiError(0, 'SERVICE_UNAVAILABLE', 'The upload did not reach the server. Check your connection and try again.', 'other'));
    request.onload = () => {
      const text = request.responseText;
      const response = new Response(null, { status: request.status, headers: { 'content-type': request.getResponseHeader('content-type') ?? '' } });
      if (request.status < 200 || request.status >= 300 || looksLikeHtml(response, text)) return reject(errorFrom(response, text));
      const data: unknown = text ? JSON.parse(text) : null;
      if (validatesResponses) {
        const result = endpoint.response.safeParse(data);
        if (!result.success) return reject(new TypeError(`${endpoint.operationId} answered outside its contract: ${result.error.message}`));
      }
      resolve(data as EndpointResponse<E>);
    };
    request.send(input.body);
  });
}
