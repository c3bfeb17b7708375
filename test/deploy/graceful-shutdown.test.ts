import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.js';
import { connectAs } from '#test/support/live.js';
import { createDeployDatabase, type DeployDatabase } from './deploy-database.js';
import { httpClient, registerUser } from './http-client.js';
import { type ServerProcess, startServerProcess, stopServerProcess } from '#test/support/server-process.js';

/**
 * A request whose body arrives in two parts: in flight on the server (its route matched, its log
 * line written) until the test sends the rest. This holds it over a shutdown on PGlite and
 * PostgreSQL alike, without reaching into the server.
 */
function startSlowRequest(url: string, path: string, body: unknown, headers: Record<string, string>) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const request = httpRequest(new URL(path, url), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
  });
  const response = new Promise<{ status: number; body: any; requestId: string | undefined }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), requestId: res.headers['x-request-id'] as string | undefined }));
    });
    request.on('error', reject);
  });
  request.write(payload.subarray(0, half));
  return { response, finish: () => request.end(payload.subarray(half)) };
}

let database: DeployDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await createDeployDatabase();
  // The drain delay leaves time to see readiness fail while the server still accepts. At debug a
  // request's arrival is logged too, which shows when the slow request is in flight.
  server = await startServerProcess({ ...database.env, LOG_LEVEL: 'debug', SHUTDOWN_DRAIN_DELAY_MS: '1000', SHUTDOWN_GRACE_MS: '15000' });
}, 120_000);
afterAll(async () => {
  await stopServerProcess(server);
  await database?.drop();
}, 30_000);

describe('graceful shutdown of a server process', () => {
  it('fails readiness, says going away to sockets, finishes the request in flight and exits 0', async () => {
    const owner = httpClient(server.url);
    const finisher = httpClient(server.url);
    const ownerUser = await registerUser(owner, 'creator');
    await registerUser(finisher, 'developer');
    const project = await owner.post('/api/projects', {
      name: 'Shutdown drill',
      description: 'A half-built application whose bid must survive the server shutting down under it.',
      techStack: ['Node.js'],
      codeLink: 'https://github.com/example/shutdown-drill',
    });
    expect(project.status).toBe(201);
    expect((await owner.get('/api/health/ready')).body).toEqual({
      status: 'ready',
      database: database.env.DATABASE_URL ? 'postgres' : 'pglite',
      redis: 'not configured',
    });
    const socket = await connectAs(server.url.replace('http:', 'ws:'), owner.cookieHeader(), ownerUser.id);

    const requestId = `shutdown-drill-${process.pid}`;
    const bid = startSlowRequest(
      server.url,
      `/api/projects/${project.body.id}/bids`,
      { amount: 800, timeline: 5, message: 'Placed while the server shuts down.' },
      {
        cookie: finisher.cookieHeader(),
        'x-request-id': requestId,
      },
    );
    await server.waitForLog((line) => line.requestId === requestId && line.msg === 'incoming request');

    server.signal('SIGTERM');
    await server.waitForLog((line) => line.msg === 'shutting down: readiness now fails');
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'This instance is shutting down' });
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);

    // After the drain delay: sockets are told to go elsewhere and new connections are refused ...
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();
    // ... while the request in flight is still waited for.
    const exitedEarly = await Promise.race([server.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]);
    expect(exitedEarly).toBe(false);

    bid.finish();
    const placed = await bid.response;
    expect(placed.status).toBe(201);
    expect(placed.requestId).toBe(requestId);
    expect(await server.exited).toBe(0);
    expect(server.logs.filter((line) => line.requestId === requestId).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(server.logs.some((line) => line.msg === 'shut down cleanly')).toBe(true);

    const db = await database.open();
    try {
      const rows = await db.db.select().from(bids).where(eq(bids.id, placed.body.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ projectId: project.body.id, message: 'Placed while the server shuts down.' });
    } finally {
      await db.close();
    }
  }, 60_000);
});
