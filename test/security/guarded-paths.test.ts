/**
 * Issue 26, item 3: a guard must see the path the router matched, not the text of the request.
 * The router matches the percent-decoded path (`/%64ev/mail` is `/dev/mail`), so a guard that
 * compared `request.url` with a prefix let the outbox (reset links included) out to anyone, and
 * left the session unloaded on `/%61pi/...`. Every guarded path is tried here in the spellings a
 * text comparison misses: each letter percent-encoded (upper- and lower-case hex), doubled
 * slashes, a trailing dot or slash, dot segments, and other letter cases. A spelling the router
 * matches must answer exactly what the plain path answers to the same caller; one it does not
 * match must be refused; none may show a guarded page to someone the plain path refuses.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/email.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { createUser, signIn } from '#test/support/factories.js';

interface Spelling {
  name: string;
  url: string;
  /**
   * True when the router matches it as the plain path (percent-encoding). Otherwise it is another
   * path, or one that only a URL parser in front would resolve to this one (dot segments).
   */
  isSamePath: boolean;
}

const hex = (char: string) => char.charCodeAt(0).toString(16);

/** The spellings of one path (no query) that a guard comparing text would not recognise. */
export function spellingsOf(plain: string): Spelling[] {
  const segments = plain.split('/').slice(1);
  const spellings: Spelling[] = [];
  const same = (name: string, url: string) => spellings.push({ name, url, isSamePath: true });
  const other = (name: string, url: string) => spellings.push({ name, url, isSamePath: false });
  // The first letter of each segment encoded, alone; then every letter at once.
  segments.forEach((segment, index) => {
    const at = segment.search(/[a-z]/i);
    if (at < 0) return;
    const encoded = (upper: boolean) => `${segment.slice(0, at)}%${upper ? hex(segment[at]!).toUpperCase() : hex(segment[at]!)}${segment.slice(at + 1)}`;
    for (const upper of [true, false]) {
      const url = `/${segments.map((s, i) => (i === index ? encoded(upper) : s)).join('/')}`;
      same(`segment ${index + 1} with ${upper ? 'upper' : 'lower'}-case percent-encoding`, url);
    }
  });
  same(
    'every letter percent-encoded',
    plain.replace(/[a-z]/gi, (char) => `%${hex(char)}`),
  );
  other('a leading double slash', `/${plain}`);
  if (segments.length > 1) other('a double slash inside', `/${segments[0]}//${segments.slice(1).join('/')}`);
  other('a trailing slash', `${plain}/`);
  other('a trailing dot', `${plain}.`);
  if (segments.length > 1) other('a dot after the first segment', `/${segments[0]}./${segments.slice(1).join('/')}`);
  other('a dot segment', `/${segments[0]}/./${segments.slice(1).join('/')}`);
  other('an encoded dot-dot segment', `/x/%2e%2e${plain}`);
  other('upper case', plain.toUpperCase());
  other('the first segment capitalised', `/${segments[0]!.charAt(0).toUpperCase()}${plain.slice(2)}`);
  return spellings;
}

describe('the development outbox, under every spelling', () => {
  let t: TestApp;
  let mailId: number;
  const marker = 'reset-token-marker-5h2k';
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development' });
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({ to: 'ada@example.test', subject: 'Reset your password', text: `http://localhost/reset-password?token=${marker}` })
      .returning();
    mailId = row!.id;
  });
  afterAll(() => t.close());

  const paths = () => ['/dev/mail', `/dev/mail/${mailId}`];

  it('shows the outbox to the server’s own machine under the spellings the router matches', async () => {
    for (const plain of paths()) {
      for (const spelling of spellingsOf(plain).filter((s) => s.isSamePath)) {
        const local = await t.app.inject({ method: 'GET', url: spelling.url, remoteAddress: '127.0.0.1' });
        expect({ url: spelling.url, status: local.statusCode }).toEqual({ url: spelling.url, status: 200 });
      }
    }
  });

  it('answers 404 to another machine, to a relayed request and to a stranger, whatever the spelling', async () => {
    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email);
    const callers: { name: string; request: Partial<InjectOptions> }[] = [
      { name: 'another machine', request: { remoteAddress: '203.0.113.7' } },
      { name: 'a stranger elsewhere', request: { remoteAddress: '203.0.113.7', headers: { cookie: strangerCookie } } },
      { name: 'X-Forwarded-For', request: { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } } },
      { name: 'Forwarded', request: { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } } },
      { name: 'X-Real-IP', request: { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.7' } } },
    ];
    const shown: string[] = [];
    for (const plain of paths()) {
      for (const { url, name } of [{ url: plain, name: 'plain' }, ...spellingsOf(plain)]) {
        for (const caller of callers) {
          const response = await t.app.inject({ method: 'GET', url, ...caller.request });
          if (response.statusCode !== 404 || response.body.includes(marker) || response.body.includes('Outbox')) {
            shown.push(`${caller.name} ${url} (${name}): ${response.statusCode}`);
          }
        }
      }
    }
    expect(shown).toEqual([]);
  });

  it('holds over a real socket too, where no parser resolves the path before the router', async () => {
    // inject() parses its URL (dot segments resolved); a socket hands the router the bytes as sent.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const get = (pathText: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, path: pathText, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        request.on('error', reject);
        request.end();
      });
    const shown: string[] = [];
    for (const plain of paths()) {
      for (const { url } of [{ url: plain }, ...spellingsOf(plain)]) {
        const relayed = await get(url, { 'x-forwarded-for': '203.0.113.7' });
        if (relayed.status !== 404 || relayed.body.includes(marker)) shown.push(`relayed ${url}: ${relayed.status}`);
      }
      for (const { url } of spellingsOf(plain).filter((s) => s.isSamePath)) {
        const local = await get(url, {});
        if (local.status !== 200) shown.push(`local ${url}: ${local.status}, the outbox is not reached (the spelling tests nothing)`);
      }
    }
    expect(shown).toEqual([]);
  });
});

describe('API guards, under every spelling', () => {
  let w: DealWorld;
  type Who = 'visitor' | 'stranger' | 'owner' | 'finisher' | 'operator';
  const cookies: Partial<Record<Who, string>> = {};
  const ids = { projectId: 0, bidId: 0, disputeId: 0, evidenceId: 0, paymentId: 0, ownerId: 0, ownerUsername: '' };

  beforeAll(async () => {
    w = await createDealWorld();
    const db = w.t.database.db;
    const deal = await w.disputedDeal();
    const evidence = await w.cast.owner.api.post(`/api/disputes/${deal.disputeId}/evidence`, { statement: 'The build log shows the failure.' });
    expect(evidence.statusCode).toBe(201);
    const operator = await createUser(db, { role: 'operator' });
    Object.assign(ids, {
      projectId: deal.projectId,
      bidId: deal.bidId,
      disputeId: deal.disputeId,
      evidenceId: evidence.json().evidence[0].id,
      paymentId: (await w.paymentOf(deal.bidId)).id,
      ownerId: w.cast.owner.user.id,
      ownerUsername: w.cast.owner.user.username,
    });
    cookies.stranger = await signIn(w.t.app, w.cast.otherSubmitter.user.email);
    cookies.owner = await signIn(w.t.app, w.cast.owner.user.email);
    cookies.finisher = await signIn(w.t.app, w.cast.finisher.user.email);
    cookies.operator = await signIn(w.t.app, operator.email);
  });
  afterAll(() => w.t.close());

  /** A path of the route with ids of this world: the disputed deal, its dispute and evidence, the owner. */
  function fill(url: string): string {
    return url.replace(/:(\w+)/g, (_match, name: string) => {
      if (name === 'username') return ids.ownerUsername;
      if (name === 'evidenceId') return String(ids.evidenceId);
      if (name === 'paymentId') return String(ids.paymentId);
      if (name === 'bidId' || url.startsWith('/api/bids/')) return String(ids.bidId);
      if (url.startsWith('/api/disputes/') || url.startsWith('/api/operator/disputes/')) return String(ids.disputeId);
      if (url.startsWith('/api/users/')) return String(ids.ownerId);
      if (url.startsWith('/api/sandbox/')) return 'cs_not_a_signed_id';
      return String(ids.projectId);
    });
  }

  const send = (method: InjectOptions['method'], url: string, who: Who, payload?: object) =>
    w.t.app.inject({
      method,
      url,
      headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });

  /** What is wrong with the answers to one route's spellings, for one caller. */
  async function compare(method: InjectOptions['method'], plain: string, who: Who, payload?: object): Promise<string[]> {
    const expected = await send(method, plain, who, payload);
    const problems: string[] = [];
    for (const spelling of spellingsOf(plain)) {
      const response = await send(method, spelling.url, who, payload);
      const label = `${who} ${method} ${spelling.url} (${spelling.name})`;
      if (spelling.isSamePath) {
        if (response.statusCode !== expected.statusCode) problems.push(`${label}: ${response.statusCode}, the plain path ${expected.statusCode}`);
      } else if (response.statusCode < 400 && response.statusCode !== expected.statusCode) {
        // A spelling the request's parser resolves (a dot segment, `1.` read as 1) may serve the same; never more.
        problems.push(`${label}: ${response.statusCode}, the plain path ${expected.statusCode}`);
      }
    }
    return problems;
  }

  it('answers every read of the API the same under each spelling the router matches, and refuses the others', async () => {
    const reads = w.t.routes.filter((route) => route.method === 'GET' && route.url.startsWith('/api/')).map((route) => fill(route.url));
    expect(reads.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const plain of reads) {
      for (const who of ['visitor', 'stranger', 'operator'] as const) problems.push(...(await compare('GET', plain, who)));
    }
    expect(problems).toEqual([]);
  });

  it('keeps the operator’s queue and the dispute to those the plain path lets in', async () => {
    const problems: string[] = [];
    for (const plain of ['/api/operator/disputes', `/api/disputes/${ids.disputeId}`, `/api/disputes/${ids.disputeId}/evidence/${ids.evidenceId}/file`]) {
      for (const who of ['visitor', 'stranger', 'owner', 'finisher', 'operator'] as const) problems.push(...(await compare('GET', plain, who)));
    }
    expect(problems).toEqual([]);
  });

  it('refuses the steps of a dispute and a deal to a visitor and a stranger under every spelling, and changes nothing', async () => {
    const before = await w.t.app.inject({ method: 'GET', url: `/api/disputes/${ids.disputeId}`, headers: { cookie: cookies.operator! } });
    const steps: [string, object][] = [
      [`/api/operator/disputes/${ids.disputeId}/ruling`, { finisherAmountCents: 0, decision: 'The owner is right about all of it, in full.' }],
      [`/api/disputes/${ids.disputeId}/escalate`, {}],
      [`/api/disputes/${ids.disputeId}/offers`, { finisherAmountCents: 0 }],
      [`/api/disputes/${ids.disputeId}/evidence`, { statement: 'A statement from someone else entirely.' }],
      [`/api/projects/${ids.projectId}/cancellation/agree`, {}],
    ];
    const problems: string[] = [];
    for (const [plain, body] of steps) {
      for (const who of ['visitor', 'stranger'] as const) {
        problems.push(...(await compare('POST', plain, who, body)));
        const answer = await send('POST', plain, who, body);
        if (answer.statusCode < 400) problems.push(`${who} POST ${plain}: ${answer.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
    const after = await w.t.app.inject({ method: 'GET', url: `/api/disputes/${ids.disputeId}`, headers: { cookie: cookies.operator! } });
    expect(after.json()).toEqual(before.json());
  });

  it('checks the text of an API address under its spellings too (U+0000 is refused, not a 500)', async () => {
    for (const url of ['/api/projects?search=%00', '/%61pi/projects?search=%00', '/api/%70rojects?search=%00']) {
      const response = await w.t.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, code: response.json().code }).toEqual({ url, status: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('the API and the pages of the app, under every spelling', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'finishline-spellings-'));
    const clientDir = path.join(root, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    const page = (body: string) => `<!doctype html><html><head><title>Finishline</title></head><body><div id="root">${body}</div></body></html>`;
    writeFileSync(path.join(clientDir, 'index.html'), page('<h1>Home</h1>'));
    writeFileSync(path.join(clientDir, 'app.html'), page(''));
    t = await createTestApp({}, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a missing API address and a missing asset with a 404, not with a page of the app', async () => {
    for (const plain of ['/api/nothing-here', '/api/projects/1/nothing-here', '/assets/index-Gone1234.js']) {
      for (const { url, isSamePath } of [{ url: plain, isSamePath: true }, ...spellingsOf(plain)]) {
        if (!isSamePath) continue;
        const response = await t.app.inject({ method: 'GET', url });
        expect({ url, status: response.statusCode, html: String(response.headers['content-type']).includes('text/html') }).toEqual({
          url,
          status: 404,
          html: false,
        });
      }
    }
  });

  it('still serves pages of the app, encoded or not', async () => {
    for (const url of ['/projects', '/%70rojects', '/developers/ada']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, html: String(response.headers['content-type']).includes('text/html') }).toEqual({
        url,
        status: 200,
        html: true,
      });
    }
  });
});
