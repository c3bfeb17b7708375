// A request refused before its body was read must not leave its connection wedged (issue 16):
// the answer says `Connection: close`, so the client opens a new connection for its next request
// instead of waiting on one whose unread upload still fills the pipe.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createUser, signIn } from '#test/support/factories.js';
import { multipart } from '#test/support/multipart.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/**
 * Sends one request on the agent and resolves with its answer. The guard only turns a hang into a
 * failure: a wedged connection never answers at all.
 */
function send(agent: http.Agent, options: http.RequestOptions, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error(`no answer to ${options.method} ${options.path}: the connection is wedged`)), 10_000);
    const request = http.request({ host: '127.0.0.1', port, agent, ...options }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        clearTimeout(guard);
        resolve({ status: response.statusCode!, connection: response.headers.connection, body: text });
      });
    });
    // The server may close the connection while the rest of an upload is still being written.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    request.end(body);
  });
}

describe('a body refused before it was read', () => {
  it('is answered with Connection: close, and the next request answers at once', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const form = multipart({}, [{ field: 'avatar', filename: 'big.png', contentType: 'image/png', body: Buffer.alloc(8 * 1024 * 1024, 1) }]);
      const refused = await send(
        agent,
        {
          method: 'PATCH',
          path: `/api/users/${user.id}/profile`,
          headers: { ...form.headers, 'content-length': form.payload.length, cookie, origin: `http://127.0.0.1:${port}` },
        },
        form.payload,
      );
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe('close');

      const next = await send(agent, { method: 'GET', path: '/api/health' });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('closes the connection after a JSON body over the limit, and after a refusal of who is asking', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const huge = Buffer.from(JSON.stringify({ content: 'x'.repeat(4 * 1024 * 1024) }));
      const tooLarge = await send(
        agent,
        { method: 'POST', path: '/api/projects', headers: { 'content-type': 'application/json', 'content-length': huge.length } },
        huge,
      );
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.connection).toBe('close');

      // A visitor's upload is refused before its body is read.
      const form = multipart({}, [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', body: Buffer.alloc(2 * 1024 * 1024, 1) }]);
      const visitor = await send(
        agent,
        { method: 'PATCH', path: '/api/users/1/profile', headers: { ...form.headers, 'content-length': form.payload.length } },
        form.payload,
      );
      expect(visitor.status).toBe(401);
      expect(visitor.connection).toBe('close');

      expect((await send(agent, { method: 'GET', path: '/api/health' })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('keeps the connection open after an answer that read the whole request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const bad = Buffer.from('{"email":"x"}');
      const answer = await send(
        agent,
        { method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json', 'content-length': bad.length } },
        bad,
      );
      expect(answer.status).toBe(400);
      expect(answer.connection).toBe('keep-alive');
    } finally {
      agent.destroy();
    }
  });
});
