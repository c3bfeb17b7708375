import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestRedis, uniqueRedisKeyPrefix } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createTestDatabase } from '#test/support/database.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { connectAs, createLiveOnlyApp, createLiveTestApp, type LiveClient, type LiveTestApp, openLiveSocket } from '#test/support/live.js';
import { liveCloseCodes } from '#shared/events.js';

let t: LiveTestApp;
let cast: Cast;
let cookies: Record<'owner' | 'finisher' | 'otherFinisher', string>;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  t = await createLiveTestApp();
  cast = await createCast(t.app, t.database.db);
  // createCast's clients carry their cookie inside; sign in again to hand one to a socket.
  cookies = {
    owner: await signIn(t.app, cast.owner.user.email),
    finisher: await signIn(t.app, cast.finisher.user.email),
    otherFinisher: await signIn(t.app, cast.otherFinisher.user.email),
  };
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const track = (socket: LiveClient) => {
  sockets.push(socket);
  return socket;
};
const proposal = { amount: 900, timeline: 10, message: 'I can wire this up and ship it this month.' };

async function newBid() {
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
  const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, proposal)).json() as { id: number };
  return { project, bid };
}

describe('the live connection (/ws)', () => {
  it('refuses a visitor’s upgrade', async () => {
    await expect(openLiveSocket(t.wsUrl)).rejects.toThrow('Unexpected server response: 401');
    await expect(openLiveSocket(t.wsUrl, 'fl_session=not-a-session')).rejects.toThrow('Unexpected server response: 401');
  });

  it('refuses an upgrade from another site’s page', async () => {
    await expect(openLiveSocket(t.wsUrl, cookies.owner, { origin: 'https://evil.example' })).rejects.toThrow('Unexpected server response: 403');
  });

  it('answers auth_success to the signed-in user’s own id', async () => {
    const socket = track(await openLiveSocket(t.wsUrl, cookies.owner, { origin: t.wsUrl.replace('ws:', 'http:') }));
    socket.socket.send(JSON.stringify({ type: 'auth', userId: cast.owner.user.id }));
    expect(await socket.waitFor('auth_success')).toEqual({ type: 'auth_success', userId: cast.owner.user.id });
  });

  it('refuses and closes a socket that claims another user’s id', async () => {
    const socket = track(await openLiveSocket(t.wsUrl, cookies.otherFinisher));
    socket.socket.send(JSON.stringify({ type: 'auth', userId: cast.owner.user.id }));
    expect(await socket.waitFor('error')).toEqual({ type: 'error', message: 'You can only connect as the signed-in user' });
    expect((await socket.closed).code).toBe(liveCloseCodes.forbidden);
    expect(socket.events.some((e) => e.type === 'auth_success')).toBe(false);

    // Nothing addressed to the claimed user reaches it.
    const { bid } = await newBid();
    const owner = track(await connectAs(t.wsUrl, cookies.owner, cast.owner.user.id));
    await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content: 'for the owner only' });
    await owner.waitFor('new_message', (e) => e.message.content === 'for the owner only');
    expect(socket.events.map((e) => e.type)).toEqual(['error']);
  });

  it('closes a socket whose first message is not an auth message', async () => {
    const socket = track(await openLiveSocket(t.wsUrl, cookies.owner));
    socket.socket.send('hello');
    expect(await socket.waitFor('error')).toMatchObject({ message: 'The first message must be an auth message' });
    expect((await socket.closed).code).toBe(liveCloseCodes.unauthenticated);
  });

  it('delivers a message from the finisher live to every socket of the owner, with its notification', async () => {
    const { project, bid } = await newBid();
    const ownerTabs = [track(await connectAs(t.wsUrl, cookies.owner, cast.owner.user.id)), track(await connectAs(t.wsUrl, cookies.owner, cast.owner.user.id))];
    const finisher = track(await connectAs(t.wsUrl, cookies.finisher, cast.finisher.user.id));

    // The first message opens the conversation (a transaction); the second is one statement.
    for (const content of ['<b>Delivered</b> the first draft', 'And the tests, now that we are talking']) {
      const sent = (await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content })).json();
      for (const tab of ownerTabs) {
        const newMessage = await tab.waitFor('new_message', (e) => e.message.id === sent.id);
        expect(newMessage).toEqual({
          type: 'new_message',
          bidId: bid.id,
          thread: { id: sent.threadId, title: `Bid #${bid.id}: ${project.name}` },
          message: sent,
        });
        const notification = await tab.waitFor('notification', (e) => e.notification.relatedId === sent.id);
        expect(notification.notification).toMatchObject({ userId: cast.owner.user.id, type: 'message', content, isRead: false });
      }
    }
    // The sender's own sockets get neither.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finisher.events.filter((e) => e.type === 'new_message' || e.type === 'notification')).toEqual([]);
  });

  it('pushes a test notification to its own user', async () => {
    const owner = track(await connectAs(t.wsUrl, cookies.owner, cast.owner.user.id));
    const created = (await cast.owner.api.post('/api/notifications', { title: 'Ping', content: 'Live test', type: 'notification' })).json();
    expect((await owner.waitFor('notification', (e) => e.notification.id === created.id)).notification).toEqual(created);
  });

  it('pushes the notifications of deal events recorded by other features', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const owner = track(await connectAs(t.wsUrl, cookies.owner, cast.owner.user.id));
    await cast.otherFinisher.api.post(`/api/projects/${project.id}/bids`, proposal);
    const pushed = await owner.waitFor('notification', (e) => e.notification.type === 'bid' && e.notification.relatedId === project.id);
    expect(pushed.notification.title).toBe('New bid received');
  });
});

describe('typing (issue 32)', () => {
  it("passes a party's typing to the other party only, at most once a second, and never a stranger's", async () => {
    const { bid } = await newBid();
    const owner = track(await connectAs(t.wsUrl, cookies.owner, cast.owner.user.id));
    const finisher = track(await connectAs(t.wsUrl, cookies.finisher, cast.finisher.user.id));
    const stranger = track(await connectAs(t.wsUrl, cookies.otherFinisher, cast.otherFinisher.user.id));

    for (let i = 0; i < 5; i += 1) finisher.socket.send(JSON.stringify({ type: 'typing', bidId: bid.id }));
    expect(await owner.waitFor('typing')).toEqual({ type: 'typing', bidId: bid.id, userId: cast.finisher.user.id });
    // A stranger to the bid says it types there: nobody hears of it.
    stranger.socket.send(JSON.stringify({ type: 'typing', bidId: bid.id }));
    owner.socket.send(JSON.stringify({ type: 'typing', bidId: bid.id }));
    expect(await finisher.waitFor('typing')).toEqual({ type: 'typing', bidId: bid.id, userId: cast.owner.user.id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(owner.events.filter((e) => e.type === 'typing')).toHaveLength(1);
    expect(finisher.events.filter((e) => e.type === 'typing')).toHaveLength(1);
    expect(stranger.events.filter((e) => e.type === 'typing')).toEqual([]);
    // Nothing is stored, and a malformed typing message is refused as any other.
    stranger.socket.send(JSON.stringify({ type: 'typing', bidId: 'x' }));
    expect(await stranger.waitFor('error')).toEqual({ type: 'error', message: 'Unsupported message' });
  });

  it('refuses a typing message before auth', async () => {
    const socket = track(await openLiveSocket(t.wsUrl, cookies.owner));
    socket.socket.send(JSON.stringify({ type: 'typing', bidId: 1 }));
    expect((await socket.closed).code).toBe(4401);
  });
});

describe('socket housekeeping', () => {
  it('terminates a socket that stops answering pings and closes one that never authenticates', async () => {
    const database = await createTestDatabase();
    const { app, wsUrl, cookieFor } = await createLiveOnlyApp(database, { heartbeatMs: 100, authTimeoutMs: 300 });
    try {
      const user = await createUser(database.db, { role: 'finisher' });
      const cookie = await cookieFor(user.id);
      const healthy = await connectAs(wsUrl, cookie, user.id);
      const silent = await openLiveSocket(wsUrl, cookie, { autoPong: false });
      silent.socket.send(JSON.stringify({ type: 'auth', userId: user.id }));
      await silent.waitFor('auth_success');
      const mute = await openLiveSocket(wsUrl, cookie);

      expect((await silent.closed).code).toBe(1006); // terminated without a close frame
      const muteClosed = await mute.closed;
      expect(muteClosed.code).toBe(liveCloseCodes.unauthenticated);
      expect(mute.events).toEqual([{ type: 'error', message: 'Authentication timed out' }]);
      expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
      healthy.close();
    } finally {
      await app.close();
      await database.close();
    }
  });
  it('pings the sockets a slice at a time, each once a heartbeat, so no one turn writes to them all', async () => {
    const database = await createTestDatabase();
    const heartbeatMs = 200;
    const { app, wsUrl, cookieFor } = await createLiveOnlyApp(database, { heartbeatMs, authTimeoutMs: 5_000 });
    try {
      const user = await createUser(database.db, { role: 'finisher' });
      // Twenty sessions, so twenty session hashes spread over the slices.
      const clients = await Promise.all(Array.from({ length: 20 }, async () => connectAs(wsUrl, await cookieFor(user.id), user.id)));
      const pings = clients.map(() => [] as number[]);
      clients.forEach((client, i) => client.socket.on('ping', () => pings[i]!.push(performance.now())));
      await new Promise((resolve) => setTimeout(resolve, heartbeatMs * 3.5));
      // Every socket was pinged, in every heartbeat, and stayed open (it answers).
      for (const [i, times] of pings.entries()) {
        expect(times.length, `pings of socket ${i}`).toBeGreaterThanOrEqual(2);
        expect(clients[i]!.socket.readyState).toBe(clients[i]!.socket.OPEN);
        // Once a heartbeat, not once a turn (a turn is heartbeatMs / 10); a late timer only shortens one gap so much.
        for (let k = 1; k < times.length; k += 1) expect(times[k]! - times[k - 1]!).toBeGreaterThan(heartbeatMs * 0.3);
      }
      // The first pings came in more than one turn.
      const firsts = pings.map((times) => times[0]!);
      expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(heartbeatMs / 20);
      for (const client of clients) client.close();
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('several instances', () => {
  const hasRedisAndPostgres = Boolean(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL);

  it.skipIf(!hasRedisAndPostgres)('delivers an event published on one instance to a socket on another, through Redis', async () => {
    const database = await createTestDatabase();
    const redisA = (await connectTestRedis())!;
    const redisB = (await connectTestRedis())!;
    // One deployment: the two instances share a prefix, and so the live channel.
    const env = { REDIS_KEY_PREFIX: uniqueRedisKeyPrefix('live') };
    const a = await createLiveTestApp({ database, redis: redisA, env });
    const b = await createLiveTestApp({ database, redis: redisB, env });
    try {
      const owner = await createUser(database.db, { role: 'submitter' });
      const finisher = await createUser(database.db, { role: 'finisher' });
      const finisherOnA = client(a.app, await signIn(a.app, finisher.email));
      const ownerCookieOnB = await signIn(b.app, owner.email);
      const project = await createProject(database.db, { submitterId: owner.id });
      const bid = (await finisherOnA.post(`/api/projects/${project.id}/bids`, proposal)).json();

      const ownerOnB = await connectAs(b.wsUrl, ownerCookieOnB, owner.id);
      // The first message opens the conversation (a transaction); the second is one statement.
      for (const content of ['sent through instance A', 'and a second one']) {
        const sent = await finisherOnA.post(`/api/bids/${bid.id}/messages`, { content });
        expect(sent.statusCode).toBe(201);
        const received = await ownerOnB.waitFor('new_message', (e) => e.message.id === sent.json().id);
        expect(received.message.content).toBe(content);
        await ownerOnB.waitFor('notification', (e) => e.notification.relatedId === sent.json().id);
      }
      // Exactly once, although both instances hear the channel.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ownerOnB.events.filter((e) => e.type === 'new_message')).toHaveLength(2);
      // The messages' notifications only: the bid's own notification is pushed after its commit and
      // may reach the socket, opened right after, as well.
      expect(ownerOnB.events.filter((e) => e.type === 'notification' && e.notification.type === 'message')).toHaveLength(2);
      // And the conversation's live change (decision 043), once per message.
      expect(ownerOnB.events.filter((e) => e.type === 'changed' && e.changes.some((c) => c.resource === 'conversation' && c.id === bid.id))).toHaveLength(2);
      ownerOnB.close();
    } finally {
      await a.close();
      await b.close();
      await redisA.quit();
      await redisB.quit();
      await database.close();
    }
  });
});
