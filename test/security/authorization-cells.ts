import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { mailOutbox } from '#server/db/schema/email.js';
import { payments } from '#server/db/schema/payments.js';
import { connectTestRedis, createTestApp, type TestApp } from '#test/support/app.js';
import { type LiveClient, openLiveSocket } from '#test/support/live.js';
import { multipart } from '#test/support/multipart.js';
import { buildWorld, type Caller, type CallerName, leakedSecrets, type SignedInName, snapshotWorld, type World } from './authorization-world.js';

/** The whole API on a fresh database, listening (the live connection needs a real socket), uploads in a temporary directory. */
export interface MatrixApp extends TestApp {
  /** ws://127.0.0.1:{port} */
  wsUrl: string;
}

export async function startMatrixApp(): Promise<MatrixApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'finishline-authz-'));
  // The matrix is about who may do what, not how often: the rate limits stay out of the way.
  const unlimited = [
    'REGISTRATIONS_PER_ADDRESS_PER_HOUR',
    'BIDS_PER_HOUR',
    'CHAT_MESSAGES_PER_MINUTE',
    'UPLOADS_PER_HOUR',
    'PASSWORD_RESETS_PER_ADDRESS_PER_HOUR',
    'PASSWORD_RESETS_PER_EMAIL_PER_HOUR',
  ];
  const env = { DATA_DIR: dataDir, ...Object.fromEntries(unlimited.map((name) => [name, '100000'])) };
  const t = await createTestApp(env, { redis: await connectTestRedis() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    ...t,
    wsUrl: `ws://127.0.0.1:${address.port}`,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Statuses = Record<CallerName, number>;

export interface Row {
  /** 'METHOD /url' exactly as the route table has it. */
  route: string;
  expect: Statuses;
  /** The request, made on the caller's own fresh world; fixtures it needs first go through `prepare`. */
  request(world: World, m: MatrixApp): RouteRequest | Promise<RouteRequest>;
  /** Secrets the allowed callers' answer must contain: proves the cell looked at the real data. */
  shows?: string[];
  /** Secrets this route hands to any caller, because the request itself carries the capability. */
  capabilityReveals?: string[];
  /**
   * Secrets of the parties this route shows an operator as well: a dispute is settled against
   * the deal's amount, proposal and agreed scope. Everywhere else an operator may read what a
   * stranger may, so the world's secrets do not list operators.
   */
  operatorSees?: string[];
}

export const everyone = (status: number): Statuses => ({
  visitor: status,
  stranger: status,
  owner: status,
  bidder: status,
  otherFinisher: status,
  operator: status,
});
/** Visitors 401; every signed-in caller `refused` unless listed (an operator too: operators are listed where they may act). */
export const only = (allowed: Partial<Record<SignedInName, number>>, refused = 403): Statuses => ({ ...everyone(refused), visitor: 401, ...allowed });
export const signedIn = (status: number) => only({}, status);

export const idOf = (world: World, name: SignedInName) => world.callers[name].user!.id;
/** Text no other request of the run uses: new usernames, emails, messages. */
export const uniqueText = () => randomBytes(5).toString('hex');

interface Answer {
  statusCode: number;
  body: string;
  headers: unknown;
}

/** Opens /ws as the caller and authenticates as themself: 101 when that works, else the refused upgrade's status. */
async function connectLive(wsUrl: string, caller: Caller): Promise<Answer> {
  let client: LiveClient;
  try {
    client = await openLiveSocket(wsUrl, caller.cookie);
  } catch (error) {
    const refused = /Unexpected server response: (\d+)/.exec(String(error));
    if (!refused) throw error;
    return { statusCode: Number(refused[1]), body: '', headers: {} };
  }
  client.socket.send(JSON.stringify({ type: 'auth', userId: caller.user!.id }));
  await client.waitFor('auth_success');
  client.close();
  return { statusCode: 101, body: JSON.stringify(client.events), headers: {} };
}

const isRefusal = (status: number) => status >= 400 && status < 500;

const isErrorShape = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code?: unknown }).code === 'string' &&
  typeof (body as { message?: unknown }).message === 'string';

/**
 * One cell on a world of its own: the status the caller gets, and what else is wrong with the
 * answer: leaked secrets, an error that is not { code, message }, rows changed by a refusal, or
 * an allowed answer that lacks what the row says it shows.
 */
export async function runCell(m: MatrixApp, row: Row, name: CallerName): Promise<{ status: number; problems: string[]; world: World; body: string }> {
  const db = m.database.db;
  const world = await buildWorld(db, m.config);
  const caller = world.callers[name];
  const [method] = row.route.split(' ') as [string];
  const request = await row.request(world, m);
  const before = isRefusal(row.expect[name]) ? await snapshotWorld(db, world) : null;
  const isLive = row.route === 'GET /ws';
  const answer: Answer = isLive ? await connectLive(m.wsUrl, caller) : await send(m.app, method, caller, request);

  const problems: string[] = [];
  const alsoVisible = [...(row.capabilityReveals ?? []), ...(name === 'operator' ? (row.operatorSees ?? []) : [])];
  const leaks = leakedSecrets(world, name, answer, alsoVisible);
  if (leaks.length > 0) problems.push(`leaks ${leaks.join(', ')}`);
  if (isRefusal(answer.statusCode) && !isLive && !isErrorShape(JSON.parse(answer.body))) problems.push(`error body is not { code, message }: ${answer.body}`);
  if (before && isRefusal(answer.statusCode)) {
    const after = await snapshotWorld(db, world);
    const changed = Object.keys(before).filter((table) => !isDeepStrictEqual(before[table], after[table]));
    if (changed.length > 0) problems.push(`refused, yet changed ${changed.join(', ')}`);
  }
  if (answer.statusCode < 300) {
    const visible = world.secrets.filter((s) => row.shows?.includes(s.label) && (s.visibleTo.includes(name) || alsoVisible.includes(s.label)));
    const missing = visible.filter((s) => (typeof s.needle === 'string' ? !answer.body.includes(s.needle) : !s.needle.test(answer.body)));
    if (missing.length > 0) problems.push(`does not show ${missing.map((s) => s.label).join(', ')}`);
  }
  return { status: answer.statusCode, problems, world, body: answer.body };
}

export interface RouteRequest {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** app.inject as a caller: their session cookie (none for the visitor) plus any headers of the request. */
export function send(app: FastifyInstance, method: string, caller: Caller, request: RouteRequest) {
  return app.inject({
    method: method as InjectOptions['method'],
    url: request.url,
    payload: request.payload,
    headers: { ...(caller.cookie ? { cookie: caller.cookie } : {}), ...request.headers },
  });
}

/** A fixture's own request, which must succeed: the cell after it is what the matrix judges. */
export async function prepare(app: FastifyInstance, method: string, caller: Caller, request: RouteRequest) {
  const response = await send(app, method, caller, request);
  if (response.statusCode >= 300) throw new Error(`fixture ${method} ${request.url} failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** As the owner, sets an avatar through the API and answers its /uploads path. */
export async function uploadOwnerAvatar(app: FastifyInstance, world: World): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const form = multipart({}, [{ field: 'avatar', filename: 'me.png', contentType: 'image/png', body: png }]);
  const user = await prepare(app, 'PATCH', world.callers.owner, { url: `/api/users/${idOf(world, 'owner')}/profile`, ...form });
  return user.avatarUrl as string;
}

/** The sandbox's hosted-page id of the assigned bid's checkout, opened by its owner. */
export async function openCheckout(app: FastifyInstance, world: World): Promise<string> {
  const checkout = await prepare(app, 'POST', world.callers.owner, { url: `/api/bids/${world.assigned.bidId}/pay`, payload: {} });
  return (checkout.checkoutUrl as string).split('/').at(-1)!;
}

/** The sandbox's hosted-page id of the bidder's payout onboarding. */
export async function openOnboarding(app: FastifyInstance, world: World): Promise<string> {
  const onboarding = await prepare(app, 'POST', world.callers.bidder, { url: '/api/stripe/create-connect-account', payload: {} });
  return (onboarding.url as string).split('/').at(-1)!;
}

/** The owner's session id, as the owner's own session list shows it. */
export async function ownerSessionId(app: FastifyInstance, world: World): Promise<string> {
  const list = (await prepare(app, 'GET', world.callers.owner, { url: '/api/sessions' })) as { id: string }[];
  return list[0]!.id;
}

/** A mail in the development outbox, for its page's row. */
export async function outboxMailId(m: MatrixApp): Promise<number> {
  const [mail] = await m.database.db.insert(mailOutbox).values({ to: 'someone@example.test', subject: 'A mail', text: 'Hello' }).returning();
  return mail!.id;
}

/** The payment of a bid, for the sandbox chargeback's row. */
export async function paymentIdOf(m: MatrixApp, bidId: number): Promise<number> {
  const [payment] = await m.database.db.select({ id: payments.id }).from(payments).where(eq(payments.bidId, bidId));
  return payment!.id;
}

/** As the owner, sends the world's dispute to the operator, for the rows an operator acts on. */
export async function escalateWorldDispute(m: MatrixApp, world: World): Promise<number> {
  await prepare(m.app, 'POST', world.callers.owner, { url: `/api/disputes/${world.dispute.id}/escalate` });
  return world.dispute.id;
}
