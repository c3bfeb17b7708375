import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARD_SUCCESS } from '../../src/server/integrations/payments/sandbox-provider.js';
import { connectTestRedis, createTestApp, type TestApp } from '../support/app.js';
import { TEST_PASSWORD } from '../support/factories.js';
import { liveCloseCodes } from '../../src/shared/events.js';
import { type LiveClient, openLiveSocket } from '../support/live.js';
import {
  buildWorld,
  type Caller,
  type CallerName,
  callerNames,
  leakedSecrets,
  openCheckout,
  openOnboarding,
  type RouteRequest,
  send,
  type SignedInName,
  snapshotWorld,
  uploadOwnerAvatar,
  type World,
} from './authorization-world.js';

/**
 * Issue 8: every route of the server, tried as every kind of caller, each on a world of its own.
 * A cell is the status that caller gets. Whatever the status, the response must not carry a
 * private value of the world that caller may not see (see `secrets` in authorization-world.ts),
 * and a refused request (4xx) must leave every row of the world as it was.
 */

type Statuses = Record<CallerName, number>;

interface Row {
  /** 'METHOD /url' exactly as the route table has it. */
  route: string;
  expect: Statuses;
  request(world: World, t: TestApp): RouteRequest | Promise<RouteRequest>;
  /** Secrets the allowed callers' answer must contain: proves the cell looked at the real data. */
  shows?: string[];
  /** Secrets this route hands to any caller, because the request itself carries the capability. */
  capabilityReveals?: string[];
}

const everyone = (status: number): Statuses => ({ visitor: status, stranger: status, owner: status, bidder: status, otherFinisher: status });
/** Visitors 401; every signed-in caller `refused` unless listed. */
const only = (allowed: Partial<Record<SignedInName, number>>, refused = 403): Statuses => ({ ...everyone(refused), visitor: 401, ...allowed });
const signedIn = (status: number) => only({}, status);

const idOf = (world: World, name: SignedInName) => world.callers[name].user!.id;
const usernameOf = (world: World, name: SignedInName) => world.callers[name].user!.username;
const unique = () => Math.random().toString(36).slice(2, 10);
const newProject = {
  name: 'A brand new project',
  description: 'A half-built application that needs a finisher to wire up the remaining features.',
  techStack: ['React'],
  codeLink: 'https://github.com/example/new-project',
};

const sessionDevices = (['stranger', 'owner', 'bidder', 'otherFinisher'] as const).map((name) => `${name}'s session device`);

/** The owner's session id, as the owner's own session list shows it. */
async function ownerSessionId(t: TestApp, world: World): Promise<string> {
  const response = await send(t.app, 'GET', world.callers.owner, { url: '/api/sessions' });
  return (response.json() as { id: string }[])[0]!.id;
}

/** Sandbox hosted pages: the signed id in the path is the capability; who is signed in plays no part. */
const sandboxReveals = ['bid amount'];

const matrix: Row[] = [
  // Operations and the API description: public.
  { route: 'GET /api/health', expect: everyone(200), request: () => ({ url: '/api/health' }) },
  { route: 'GET /api/health/live', expect: everyone(200), request: () => ({ url: '/api/health/live' }) },
  { route: 'GET /api/health/ready', expect: everyone(200), request: () => ({ url: '/api/health/ready' }) },
  { route: 'GET /api/openapi.json', expect: everyone(200), request: () => ({ url: '/api/openapi.json' }) },

  // Accounts. Registering and logging in are open to anyone; they concern the newcomer, not the caller.
  ...['/api/register', '/api/auth/register'].map((url): Row => ({
    route: `POST ${url}`,
    expect: everyone(201),
    request: () => ({ url, payload: { username: `new${unique()}`, email: `new${unique()}@example.test`, password: TEST_PASSWORD } }),
  })),
  ...['/api/login', '/api/auth/login'].map((url): Row => ({
    route: `POST ${url}`,
    expect: everyone(200),
    request: (w) => ({ url, payload: { email: w.newcomer.email, password: TEST_PASSWORD } }),
  })),
  { route: 'POST /api/logout', expect: everyone(200), request: () => ({ url: '/api/logout' }) },
  { route: 'GET /api/user', expect: signedIn(200), request: () => ({ url: '/api/user' }) },
  // Sessions and passwords: one's own only. Someone else's session id answers 404, like a missing one.
  { route: 'GET /api/sessions', expect: signedIn(200), shows: sessionDevices, request: () => ({ url: '/api/sessions' }) },
  { route: 'DELETE /api/sessions/:id', expect: only({ owner: 204 }, 404), request: async (w, t) => ({ url: `/api/sessions/${await ownerSessionId(t, w)}` }) },
  { route: 'POST /api/sessions/revoke-others', expect: signedIn(200), request: () => ({ url: '/api/sessions/revoke-others' }) },
  { route: 'POST /api/user/password', expect: signedIn(200), request: () => ({ url: '/api/user/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'battery-staple' } }) },
  // Anyone may ask for a reset link; it goes to the account's mailbox, and the answer is the same for every address.
  { route: 'POST /api/password-reset/request', expect: everyone(202), request: (w) => ({ url: '/api/password-reset/request', payload: { email: w.callers.owner.user!.email } }) },
  // The emailed token is the only credential: a session is no substitute.
  { route: 'POST /api/password-reset/confirm', expect: everyone(400), request: () => ({ url: '/api/password-reset/confirm', payload: { token: 'not-a-reset-token', password: 'battery-staple' } }) },
  { route: 'PATCH /api/users/:id/profile', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/profile`, payload: { bio: 'Ships on Fridays.' } }) },

  // Projects. The project page is public (spec section 1); the delivery message is not.
  { route: 'GET /api/projects', expect: everyone(200), request: () => ({ url: '/api/projects' }) },
  { route: 'GET /api/technologies', expect: everyone(200), request: () => ({ url: '/api/technologies' }) },
  { route: 'GET /api/projects/:id', expect: everyone(200), shows: ['delivery message', 'bid message', 'competing bid message'], request: (w) => ({ url: `/api/projects/${w.delivered.project.id}` }) },
  // Any signed-in user may submit; the spec only hides the button from finishers (section 6).
  { route: 'POST /api/projects', expect: signedIn(201), request: () => ({ url: '/api/projects', payload: newProject }) },
  { route: 'PATCH /api/projects/:id/status', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/projects/${w.open.project.id}/status`, payload: { status: 'paused' } }) },
  { route: 'POST /api/projects/:id/complete', expect: only({ bidder: 200 }), request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/complete`, payload: { deliveryMessage: 'Deployed and documented.' } }) },
  { route: 'POST /api/projects/:id/accept', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/projects/${w.delivered.project.id}/accept`, payload: { accepted: true } }) },
  { route: 'GET /api/users/:id/projects', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/projects` }) },
  { route: 'GET /api/users/:id/total-spending', expect: only({ owner: 200 }), shows: ['bid amount'], request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/total-spending` }) },

  // Bids. Submitters cannot bid, the owner not on their own project, the bidder not twice.
  {
    route: 'POST /api/projects/:id/bids',
    expect: only({ bidder: 409, otherFinisher: 201 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}/bids`, payload: { amount: 900, timeline: 10, message: 'I have finished three apps like this one.' } }),
  },
  { route: 'POST /api/bids/:bidId/accept', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/accept` }) },
  { route: 'GET /api/bids/:id', expect: only({ owner: 200, bidder: 200 }), shows: ['bid message'], request: (w) => ({ url: `/api/bids/${w.open.bidId}` }) },
  { route: 'GET /api/users/:id/bids', expect: only({ bidder: 200 }), shows: ['bid message'], request: (w) => ({ url: `/api/users/${idOf(w, 'bidder')}/bids` }) },

  // The chat of a bid: its project's owner and its finisher only.
  { route: 'POST /api/bids/:bidId/conversations', expect: only({ owner: 200, bidder: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/conversations` }) },
  { route: 'GET /api/bids/:id/messages', expect: only({ owner: 200, bidder: 200 }), shows: ["owner's chat message", "bidder's chat message"], request: (w) => ({ url: `/api/bids/${w.open.bidId}/messages` }) },
  { route: 'POST /api/bids/:id/messages', expect: only({ owner: 201, bidder: 201 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/messages`, payload: { content: 'When can we talk?' } }) },
  { route: 'GET /api/users/:id/chats', expect: only({ owner: 200 }), shows: ["bidder's chat message"], request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/chats` }) },

  // Notifications: one's own only. Someone else's notification id answers 404, like a missing one.
  { route: 'GET /api/users/:id/notifications', expect: only({ owner: 200 }), shows: ["owner's notification title"], request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/notifications` }) },
  { route: 'GET /api/users/:id/unread-notifications', expect: only({ owner: 200 }), shows: ["owner's notification content"], request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/unread-notifications` }) },
  { route: 'GET /api/users/:id/unread-count', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/unread-count` }) },
  { route: 'PATCH /api/notifications/:id/read', expect: only({ owner: 200 }, 404), request: (w) => ({ url: `/api/notifications/${w.ownerNotificationId}/read` }) },
  { route: 'POST /api/users/:id/mark-all-notifications-read', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/mark-all-notifications-read` }) },
  { route: 'POST /api/notifications', expect: only({ owner: 201 }), request: (w) => ({ url: '/api/notifications', payload: { userId: idOf(w, 'owner'), title: 'Hello', content: 'A test notification' } }) },

  // People: the directory, profiles, stats and reviews are public (spec section 6); emails are not.
  { route: 'GET /api/developers', expect: everyone(200), request: () => ({ url: '/api/developers' }) },
  { route: 'GET /api/developers/:username', expect: everyone(200), request: (w) => ({ url: `/api/developers/${usernameOf(w, 'bidder')}` }) },
  { route: 'GET /api/developers/:username/stats', expect: everyone(200), request: (w) => ({ url: `/api/developers/${usernameOf(w, 'bidder')}/stats` }) },
  { route: 'GET /api/developers/:username/reviews', expect: everyone(200), request: (w) => ({ url: `/api/developers/${usernameOf(w, 'bidder')}/reviews` }) },
  { route: 'GET /api/projects/:id/reviews', expect: everyone(200), request: (w) => ({ url: `/api/projects/${w.accepted.project.id}/reviews` }) },
  { route: 'POST /api/projects/:id/reviews', expect: only({ owner: 201, bidder: 201 }), request: (w) => ({ url: `/api/projects/${w.accepted.project.id}/reviews`, payload: { rating: 5, comment: 'Great to work with.' } }) },
  // An avatar is a public image under an unguessable name.
  { route: 'GET /uploads/*', expect: everyone(200), request: async (w, t) => ({ url: await uploadOwnerAvatar(t.app, w) }) },

  // Milestones: titles are public on the project page; amounts, notes and feedback are the parties'.
  { route: 'GET /api/projects/:id/milestones', expect: everyone(200), shows: ['milestone note', 'milestone feedback'], request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/milestones` }) },
  { route: 'POST /api/projects/:id/milestones', expect: only({ owner: 201 }), request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/milestones`, payload: { title: 'Write the docs', amount: 100 } }) },
  { route: 'PATCH /api/milestones/:milestoneId', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}`, payload: { title: 'Wire up the REST API' } }) },
  { route: 'DELETE /api/milestones/:milestoneId', expect: only({ owner: 204 }), request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}` }) },
  { route: 'POST /api/milestones/:milestoneId/complete', expect: only({ bidder: 200 }), request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}/complete`, payload: { note: 'Done and tested.' } }) },
  { route: 'POST /api/milestones/:milestoneId/approve', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/milestones/${w.underWay.completedMilestoneId}/approve` }) },
  { route: 'POST /api/milestones/:milestoneId/send-back', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/milestones/${w.underWay.completedMilestoneId}/send-back`, payload: { feedback: 'Needs tests.' } }) },

  // Payments. Payout accounts are finishers' own; submitters have none.
  { route: 'POST /api/bids/:bidId/pay', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/bids/${w.assigned.bidId}/pay`, payload: { accept: true } }) },
  { route: 'GET /api/projects/:id/payment', expect: only({ owner: 200, bidder: 200 }), shows: ['bid amount'], request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/payment` }) },
  { route: 'POST /api/stripe/create-connect-account', expect: only({ bidder: 200 }), request: (w) => ({ url: '/api/stripe/create-connect-account', payload: { userId: idOf(w, 'bidder') } }) },
  { route: 'POST /api/stripe/check-onboarding-status', expect: only({ bidder: 200 }), request: (w) => ({ url: '/api/stripe/check-onboarding-status', payload: { userId: idOf(w, 'bidder') } }) },
  // The provider's signature is the only credential; a session cookie is no substitute.
  { route: 'POST /api/stripe/webhook', expect: everyone(400), request: () => ({ url: '/api/stripe/webhook', payload: '{"type":"checkout.session.completed"}', headers: { 'content-type': 'application/json' } }) },
  { route: 'GET /api/sandbox/checkout-sessions/:id', expect: everyone(200), capabilityReveals: sandboxReveals, request: async (w, t) => ({ url: `/api/sandbox/checkout-sessions/${await openCheckout(t.app, w)}` }) },
  {
    route: 'POST /api/sandbox/checkout-sessions/:id/pay',
    expect: everyone(200),
    capabilityReveals: sandboxReveals,
    request: async (w, t) => ({ url: `/api/sandbox/checkout-sessions/${await openCheckout(t.app, w)}/pay`, payload: { cardNumber: SANDBOX_CARD_SUCCESS, expiry: '12/40', cvc: '123' } }),
  },
  { route: 'GET /api/sandbox/onboarding/:id', expect: everyone(200), request: async (w, t) => ({ url: `/api/sandbox/onboarding/${await openOnboarding(t.app, w)}` }) },
  { route: 'POST /api/sandbox/onboarding/:id/complete', expect: everyone(200), request: async (w, t) => ({ url: `/api/sandbox/onboarding/${await openOnboarding(t.app, w)}/complete` }) },

  // The live connection: 101 once the upgrade is accepted and the caller has authenticated as themself.
  { route: 'GET /ws', expect: signedIn(101), request: () => ({ url: '/ws' }) },
];

/**
 * The built client's files (/index.html, /assets/*.js ...) are served by @fastify/static when a
 * bundle exists; they are public and not API. The test app has no bundle, so this matches nothing
 * today; it is written so that a real route cannot hide behind it (anything under /api, /uploads
 * or /ws, or without a file extension, still needs a row).
 */
const isClientBundleFile = (url: string) => !/^\/(api|uploads|ws)(\/|$)/.test(url) && /\.[a-z0-9]+$/i.test(url);

/** 'METHOD /url' of every registered route; HEAD, which fastify adds to every GET, is folded into the GET row. */
function routeKeys(routes: RouteOptions[]): string[] {
  const keys = routes.flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
  return [...new Set(keys.map((key) => key.replace(/^HEAD /, 'GET ')))].filter((key) => !isClientBundleFile(key.split(' ')[1]!));
}

let t: TestApp;
let dataDir: string;
let wsUrl: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'finishline-authz-'));
  // The matrix is about who may do what, not how often: the rate limits stay out of the way.
  const unlimited = ['REGISTRATIONS_PER_ADDRESS_PER_HOUR', 'BIDS_PER_HOUR', 'CHAT_MESSAGES_PER_MINUTE', 'UPLOADS_PER_HOUR', 'PASSWORD_RESETS_PER_ADDRESS_PER_HOUR', 'PASSWORD_RESETS_PER_EMAIL_PER_HOUR'];
  const env = { DATA_DIR: dataDir, ...Object.fromEntries(unlimited.map((name) => [name, '100000'])) };
  t = await createTestApp(env, { redis: await connectTestRedis() });
  // Listening, for the live connection's cells: /ws needs a real socket.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsUrl = `ws://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** Opens /ws as the caller and authenticates as themself: 101 when that works, else the refused upgrade's status. */
async function connectLive(caller: Caller): Promise<Answer> {
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

/** What is wrong with one cell besides its status: leaks, a malformed error, rows changed by a refusal. */
async function runCell(row: Row, name: CallerName): Promise<{ status: number; problems: string[] }> {
  const db = t.database.db;
  const world = await buildWorld(db, t.config);
  const caller = world.callers[name];
  const [method] = row.route.split(' ') as [string];
  const request = await row.request(world, t);
  const before = isRefusal(row.expect[name]) ? await snapshotWorld(db, world) : null;
  const answer: Answer = row.route === 'GET /ws' ? await connectLive(caller) : await send(t.app, method, caller, request);

  const problems: string[] = [];
  const leaks = leakedSecrets(world, name, answer, row.capabilityReveals);
  if (leaks.length > 0) problems.push(`leaks ${leaks.join(', ')}`);
  if (isRefusal(answer.statusCode) && row.route !== 'GET /ws') {
    const body = JSON.parse(answer.body) as unknown;
    const isErrorShape = typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' && typeof (body as { message?: unknown }).message === 'string';
    if (!isErrorShape) problems.push(`error body is not { code, message }: ${answer.body}`);
  }
  if (before && isRefusal(answer.statusCode)) {
    const after = await snapshotWorld(db, world);
    const changed = Object.keys(before).filter((table) => !isDeepStrictEqual(before[table], after[table]));
    if (changed.length > 0) problems.push(`refused, yet changed ${changed.join(', ')}`);
  }
  if (answer.statusCode < 300) {
    const visible = world.secrets.filter((s) => row.shows?.includes(s.label) && s.visibleTo.includes(name));
    const missing = visible.filter((s) => (typeof s.needle === 'string' ? !answer.body.includes(s.needle) : !s.needle.test(answer.body)));
    if (missing.length > 0) problems.push(`does not show ${missing.map((s) => s.label).join(', ')}`);
  }
  return { status: answer.statusCode, problems };
}

describe('authorization matrix', () => {
  it('has one row for every route the server registers, and none for a route that is gone', () => {
    const registered = routeKeys(t.routes);
    const rows = matrix.map((row) => row.route);
    expect(registered.filter((route) => !rows.includes(route)), 'routes without a row in the matrix').toEqual([]);
    expect(rows.filter((route) => !registered.includes(route)), 'rows naming a route that does not exist').toEqual([]);
    expect(rows.filter((route, i) => rows.indexOf(route) !== i), 'routes with two rows').toEqual([]);
  });

  for (const row of matrix) {
    it(row.route, async () => {
      const statuses = {} as Statuses;
      const problems: Partial<Record<CallerName, string[]>> = {};
      for (const name of callerNames) {
        const cell = await runCell(row, name);
        statuses[name] = cell.status;
        if (cell.problems.length > 0) problems[name] = cell.problems;
      }
      expect({ statuses, problems }).toEqual({ statuses: row.expect, problems: {} });
    });
  }
});

describe('the live connection', () => {
  const connectAll = async (world: World) => {
    const sockets = {} as Record<SignedInName, LiveClient>;
    for (const name of callerNames.filter((n): n is SignedInName => n !== 'visitor')) {
      const caller = world.callers[name];
      sockets[name] = await openLiveSocket(wsUrl, caller.cookie);
      sockets[name].socket.send(JSON.stringify({ type: 'auth', userId: caller.user!.id }));
      await sockets[name].waitFor('auth_success');
    }
    return sockets;
  };

  it('refuses a signed-in user who claims to be someone else, and closes the socket', async () => {
    const world = await buildWorld(t.database.db, t.config);
    const client = await openLiveSocket(wsUrl, world.callers.stranger.cookie);
    client.socket.send(JSON.stringify({ type: 'auth', userId: idOf(world, 'owner') }));
    expect((await client.waitFor('error')).message).toBe('You can only connect as the signed-in user');
    expect((await client.closed).code).toBe(liveCloseCodes.forbidden);
    expect(client.events.map((e) => e.type)).toEqual(['error']);
  });

  it('pushes every event to its own people and never to anyone else', async () => {
    const world = await buildWorld(t.database.db, t.config);
    const sockets = await connectAll(world);
    const act = async (name: SignedInName, method: string, request: RouteRequest) => {
      const response = await send(t.app, method, world.callers[name], request);
      expect(response.statusCode, `${name} ${method} ${request.url}: ${response.body}`).toBeLessThan(300);
    };
    const live = (label: string) => `live-${label}-${unique()}`;
    const chat = live('chat');
    const rivalChat = live('rival-chat');
    const note = live('notification');
    world.secrets.push(
      { label: 'live chat message', needle: chat, visibleTo: ['owner', 'bidder'] },
      { label: 'live rival chat message', needle: rivalChat, visibleTo: ['stranger', 'otherFinisher'] },
      { label: 'live notification', needle: note, visibleTo: ['owner'] },
    );

    await act('bidder', 'POST', { url: `/api/bids/${world.open.bidId}/messages`, payload: { content: chat } });
    await act('otherFinisher', 'POST', { url: `/api/bids/${world.rival.bidId}/messages`, payload: { content: rivalChat } });
    await act('owner', 'POST', { url: '/api/notifications', payload: { title: note, content: note } });
    await act('bidder', 'POST', { url: `/api/milestones/${world.underWay.pendingMilestoneId}/complete`, payload: { note: 'Done and tested.' } });
    await act('owner', 'POST', { url: `/api/milestones/${world.underWay.completedMilestoneId}/approve` });

    await sockets.owner.waitFor('new_message', (e) => e.message.content === chat);
    await sockets.stranger.waitFor('new_message', (e) => e.message.content === rivalChat);
    await sockets.owner.waitFor('notification', (e) => e.notification.title === note);
    await sockets.owner.waitFor('milestone_completed', (e) => e.milestone.id === world.underWay.pendingMilestoneId);
    await sockets.bidder.waitFor('milestone_approved', (e) => e.milestone.id === world.underWay.completedMilestoneId);

    // A last notification of their own to everyone: once it arrives, anything pushed before it has too.
    for (const [name, socket] of Object.entries(sockets) as [SignedInName, LiveClient][]) {
      await act(name, 'POST', { url: '/api/notifications', payload: { title: `last for ${name}`, content: 'end of test' } });
      await socket.waitFor('notification', (e) => e.notification.title === `last for ${name}`);
    }
    for (const [name, socket] of Object.entries(sockets) as [SignedInName, LiveClient][]) {
      socket.close();
      expect(leakedSecrets(world, name, { body: JSON.stringify(socket.events), headers: {} }), `events pushed to ${name}`).toEqual([]);
      const foreign = socket.events.filter((e) => e.type === 'notification' && e.notification.userId !== world.callers[name].user!.id);
      expect(foreign, `notifications of someone else pushed to ${name}`).toEqual([]);
    }
    expect(sockets.stranger.events.filter((e) => e.type.startsWith('milestone') || e.type === 'new_milestone')).toEqual([]);
    expect(sockets.otherFinisher.events.filter((e) => e.type.startsWith('milestone'))).toEqual([]);
  });
});
