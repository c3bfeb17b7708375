import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';

// A built client as vite.config.ts writes it: the home page prerendered into index.html, app.html with
// an empty root for every other page, hashed assets, and a .br and a .gz beside each text file.
const page = (body: string) => `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root">${body}</div></body></html>`;
const INDEX_HTML = page('<h1>Home</h1>');
const APP_HTML = page('');
const ENTRY_JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};`;

let clientDir: string;
let database: Database;
let app: FastifyInstance;

function writeWithTwins(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'finishline-client-'));
  writeWithTwins(path.join(clientDir, 'index.html'), INDEX_HTML);
  writeWithTwins(path.join(clientDir, 'app.html'), APP_HTML);
  writeWithTwins(path.join(clientDir, 'assets/index-Ab12Cd34.js'), ENTRY_JS);
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
  app = await buildApp({ config, database, logger: false, clientDir });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('sends a hashed asset pre-compressed for a year, brotli first, gzip next, plain last', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY_JS);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ENTRY_JS);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY_JS);
  });

  it('answers the home page with its prerendered index.html, whatever the query string', async () => {
    for (const url of ['/', '/?ref=newsletter']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('answers a deep link with app.html, compressed and revalidated on every visit, under a CSP without inline scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/projects/42', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_HTML);
    const scriptSrc = String(response.headers['content-security-policy']).match(/script-src ([^;]*)/)?.[1];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('does not serve the compressed twins as files of their own, and keeps API misses as JSON', async () => {
    const twin = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js.br' });
    expect(twin.headers['content-type']).toMatch(/^text\/html/); // the client router's page, not the brotli bytes
    const api = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
