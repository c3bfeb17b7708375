import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/support/database.js';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import type { Database } from '#server/db/client.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let database: Database;
let app: FastifyInstance;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // The production logger (pino JSON at info), written here instead of to stdout.
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' });
  app = await buildApp({ config, database, logger: { level: 'info', stream }, clientDir: null });
  app.get('/api/test-failure', () => {
    throw new Error('a bug');
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('request ids', () => {
  it('generates a UUID when none comes in, and returns it as X-Request-Id', async () => {
    const response = await get('/api/health');
    expect(response.headers['x-request-id']).toMatch(uuid);
  });

  it('keeps a proxy’s id and puts it on every log line of the request, the error handler’s included', async () => {
    const requestId = '7d3c1f0a9b8e4d2c1a0f9e8d7c6b5a49'; // nginx's $request_id
    const response = await get('/api/test-failure?token=secret', { 'x-request-id': requestId });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe(requestId);
    const lines = logLines.filter((line) => line.requestId === requestId);
    expect(lines.map((line) => line.msg)).toEqual(['unhandled error', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 50, err: { message: 'a bug' } });
    // One line per request: what came in, how it ended and how long it took; never the query string.
    expect(lines[1]).toMatchObject({ level: 30, method: 'GET', url: '/api/test-failure', statusCode: 500, responseTime: expect.any(Number) });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('writes one line per request at info, none for the health probes', async () => {
    const requestId = 'one-line-per-request';
    await get('/api/health/live', { 'x-request-id': `${requestId}-probe` });
    await get('/api/projects?q=dashboard', { 'x-request-id': requestId });
    expect(logLines.filter((line) => line.requestId === `${requestId}-probe`)).toEqual([]);
    expect(logLines.filter((line) => line.requestId === requestId)).toEqual([
      expect.objectContaining({ level: 30, msg: 'request completed', method: 'GET', url: '/api/projects', statusCode: 200 }),
    ]);
  });

  it('replaces an id that is too long or carries unsafe characters', async () => {
    for (const given of ['a'.repeat(65), 'two words', 'line\nbreak', '{"level":60}', '']) {
      const response = await get('/api/health', { 'x-request-id': given });
      expect(response.headers['x-request-id']).toMatch(uuid);
    }
  });
});
