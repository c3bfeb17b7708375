import { randomBytes } from 'node:crypto';

// A caller over real HTTP that keeps its cookies, like a browser tab: what a proxy in front of
// several instances sees, which app.inject cannot show.

export interface HttpResponse {
  status: number;
  // Whatever JSON the server answered.
  body: any;
  headers: Headers;
}

export interface HttpClient {
  get(path: string): Promise<HttpResponse>;
  post(path: string, body?: unknown): Promise<HttpResponse>;
  patch(path: string, body?: unknown): Promise<HttpResponse>;
  /** A POST with a body already encoded (multipart/form-data from test/support/multipart.ts). */
  postRaw(path: string, encoded: { payload: Buffer; headers: Record<string, string> }): Promise<HttpResponse>;
  /** The Cookie header this client sends, for a WebSocket opened as the same user. */
  cookieHeader(): string;
  /** Every response's X-Request-Id, in order. */
  requestIds: string[];
}

export function httpClient(baseUrl: string): HttpClient {
  const cookies = new Map<string, string>();
  const requestIds: string[] = [];
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  async function send(method: string, path: string, encoded?: { payload: Buffer | string; headers: Record<string, string> }): Promise<HttpResponse> {
    const headers: Record<string, string> = { cookie: cookieHeader(), ...encoded?.headers };
    // A browser sends its page's origin on a state-changing request; the origin check compares it to PUBLIC_URL.
    if (method !== 'GET') headers.origin = new URL(baseUrl).origin;
    // fetch's types take only ArrayBuffer-backed bytes; a Buffer may sit on a SharedArrayBuffer.
    const body = typeof encoded?.payload === 'string' ? encoded.payload : encoded && new Uint8Array(encoded.payload);
    const response = await fetch(new URL(path, baseUrl), { method, headers, body });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const isDeleted = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (isDeleted) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.trim());
    }
    const requestId = response.headers.get('x-request-id');
    if (requestId) requestIds.push(requestId);
    return { status: response.status, body: parseBody(await response.text()), headers: response.headers };
  }

  return {
    get: (path) => send('GET', path),
    post: (path, body = {}) => send('POST', path, json(body)),
    patch: (path, body = {}) => send('PATCH', path, json(body)),
    postRaw: (path, encoded) => send('POST', path, encoded),
    cookieHeader,
    requestIds,
  };
}

const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** JSON from the app; anything else (a proxy's HTML error page) as text, for the failure message. */
function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** Registers a new user through the API; the client keeps the session. Returns the user. */
export async function registerUser(client: HttpClient, role: 'creator' | 'developer') {
  const name = `${role}${process.pid}${randomBytes(3).toString('hex')}`;
  const response = await client.post('/api/register', { username: name, email: `${name}@example.test`, password: 'correct-horse', role });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: number; email: string };
}
