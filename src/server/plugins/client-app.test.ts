import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/support/database.js';
import { createUser, signIn } from '#test/support/factories.js';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import type { Database } from '#server/db/client.js';

// A built client as vite.config.ts writes it: the home page prerendered into index.html, app.html with
// an empty root for every other page, hashed assets, and a .br and a .gz beside each text file.
const page = (body: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root">${body}</div></body></html>`;
const INDEX_HTML = page('<h1>Home</h1>');
const APP_HTML = page('');
const ENTRY_JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};`;

// A page renderer as `vite build --ssr` writes it beside the client (dist/ssr/server-render.js), with
// the interface of src/client/server-render.tsx: it renders paths under /rendered from what its
// transport answers, and fails on /throws.
const RENDERER_JS = `
export async function renderPage(url, transport) {
  const pathname = new URL(url, 'http://localhost').pathname;
  if (pathname === '/throws') throw new Error('the renderer broke');
  if (!pathname.startsWith('/rendered')) return null;
  const user = await transport('/api/user', { method: 'GET' });
  const write = await transport('/api/logout', { method: 'POST' }).then(() => 'sent', () => 'refused');
  return { markup: '<main>' + user.status + ' ' + write + '</main>' + '<p>Lorem ipsum.</p>'.repeat(100), state: { text: '</script><!--' } };
}
export function serializeState(state) {
  return JSON.stringify(state).replace(/</g, '\\\\u003c');
}
`;

let root: string;
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
  root = mkdtempSync(path.join(tmpdir(), 'finishline-client-'));
  clientDir = path.join(root, 'client');
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
  rmSync(root, { recursive: true, force: true });
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

  it('does not serve the compressed twins as files of their own, and keeps asset and API misses as JSON', async () => {
    // A chunk that is gone must fail as a script rather than load a page in its place.
    for (const url of ['/assets/index-Ab12Cd34.js.br', '/assets/index-0ld0ld00.js', '/api/no-such-thing', '/api']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    const post = await app.inject({ method: 'POST', url: '/projects/42' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ code: 'NOT_FOUND', message: 'Page not found' });
  });

  it('compresses API answers for a client that accepts it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty('openapi');
  });
});

describe('pages the server renders', () => {
  let rendering: FastifyInstance;
  let logs: string[];

  beforeAll(async () => {
    mkdirSync(path.join(root, 'ssr'));
    writeFileSync(path.join(root, 'ssr', 'server-render.js'), RENDERER_JS);
    logs = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO_DATA: 'false' });
    const logger = { level: 'error', stream: { write: (line: string) => logs.push(line) } };
    rendering = await buildApp({ config, database, logger, clientDir });
  });
  afterAll(async () => {
    await rendering?.close();
  });

  it('fills app.html with the markup and its data, as the visitor sees it, for no shared cache', async () => {
    const response = await rendering.inject({ method: 'GET', url: '/rendered/7?tab=bids' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
    // The renderer's requests carry the visitor's session and may only read.
    const root = `<div id="root" data-prerendered="/rendered/7"><main>401 refused</main>${'<p>Lorem ipsum.</p>'.repeat(100)}</div>`;
    const state = '<script type="application/json" id="finishline-state">{"text":"\\u003c/script>\\u003c!--"}</script>';
    expect(response.body).toBe(APP_HTML.replace('<div id="root"></div>', root + state));
  });

  it('renders as the signed-in user, compressed for a browser that accepts it', async () => {
    const user = await createUser(database.db);
    const cookie = await signIn(rendering, user.email);
    const response = await rendering.inject({ method: 'GET', url: '/rendered', headers: { cookie, 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<main>200 refused</main>');
  });

  it('leaves a page it does not render, or fails to, to the browser with app.html', async () => {
    for (const url of ['/dashboard', '/throws']) {
      const response = await rendering.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(APP_HTML);
    }
    expect(logs.join('\n')).toContain('the renderer broke');
  });
});
