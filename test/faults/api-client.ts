// A signed-in (or anonymous) caller of a server process over real HTTP, which records every
// exchange with its timing so a test can judge the whole load afterwards.

/** Longer than any bound the tests assert, so a slow answer is measured rather than cut off. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface Exchange {
  method: string;
  path: string;
  /** The HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  startedAt: number;
  endedAt: number;
  // Whatever JSON the server answered.
  body: any;
  retryAfter: string | null;
  /** Why no answer came, when status is 0. */
  failure?: string;
}

export const durationOf = (exchange: Exchange) => exchange.endedAt - exchange.startedAt;
export const isSuccess = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;

export interface ApiClient {
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Exchange>;
  /** POST /api/register with the given identity; the client keeps the session cookie. */
  register(username: string, role: 'creator' | 'developer'): Promise<Exchange>;
}

export function apiClient(baseUrl: string, log: Exchange[]): ApiClient {
  let cookie: string | null = null;
  const client: ApiClient = {
    async request(method, path, body) {
      const startedAt = Date.now();
      const exchange: Exchange = { method, path, status: 0, startedAt, endedAt: startedAt, body: null, retryAfter: null };
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          // The origin check wants a same-origin Origin on state-changing requests.
          headers: { origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        exchange.status = response.status;
        exchange.retryAfter = response.headers.get('retry-after');
        exchange.body = text ? JSON.parse(text) : null;
        const session = response.headers.getSetCookie().find((line) => line.startsWith('fl_session='));
        if (session) cookie = session.split(';')[0]!;
      } catch (error) {
        exchange.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      exchange.endedAt = Date.now();
      log.push(exchange);
      return exchange;
    },
    register(username, role) {
      return client.request('POST', '/api/register', { username, email: `${username}@example.test`, password: 'correct-horse', role });
    },
  };
  return client;
}
