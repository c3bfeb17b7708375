/**
 * The api client of spec sections 7 and 8: every request sends the session cookie, GETs are
 * cache-busted and never cached, and a failed request throws '{status}: {message}'.
 */
import type { ApiTransport } from '#shared/api-transport.js';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status}: ${message}`);
  }
}

const AUTH_REQUIRED = 'Authentication required. Please log in.';
const HTML_INSTEAD_OF_JSON = 'Server returned HTML instead of JSON. Please try again.';

function looksLikeHtml(response: Response, text: string): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('text/html') || /^\s*<(!doctype|html)/i.test(text);
}

function htmlErrorMessage(status: number): string {
  return status === 401 || status === 403 ? AUTH_REQUIRED : HTML_INSTEAD_OF_JSON;
}

/** The message field of a JSON error, else the whole JSON, else the raw text. */
function errorMessageFromBody(text: string): string {
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string') return json.message;
    return JSON.stringify(json);
  } catch {
    return text || 'Request failed';
  }
}

async function parseResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (looksLikeHtml(response, text)) {
    throw new ApiError(response.status, htmlErrorMessage(response.status));
  }
  if (!response.ok) throw new ApiError(response.status, errorMessageFromBody(text));
  return (text ? JSON.parse(text) : null) as T;
}

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Sends the app's requests through `next` instead of the browser's fetch: the server's page renderer
 * (server-render.tsx) answers them in-process, as the signed-in visitor whose page it renders.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

function withCacheBuster(url: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}_t=${Date.now()}`;
}

export async function apiGet<T>(url: string, init?: { signal?: AbortSignal }): Promise<T> {
  const response = await transport(withCacheBuster(url), {
    method: 'GET',
    credentials: 'include',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    signal: init?.signal,
  });
  return parseResponse<T>(response);
}

/** A GET that also hands back the response headers (the project list pages through a Link header). */
export async function apiGetWithHeaders<T>(url: string, init?: { signal?: AbortSignal }): Promise<{ data: T; headers: Headers }> {
  const response = await transport(withCacheBuster(url), {
    method: 'GET',
    credentials: 'include',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    signal: init?.signal,
  });
  const data = await parseResponse<T>(response);
  return { data, headers: response.headers };
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

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A state-changing request: JSON body, or FormData sent as multipart. */
export async function apiRequest<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await transport(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  return parseResponse<T>(response);
}

/** The human part of an error for a toast: 'Invalid email or password' out of '401: Invalid email or password'. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const human = message.replace(/^\d{3}: /, '').trim();
  return human || fallback;
}

export function isApiStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}
