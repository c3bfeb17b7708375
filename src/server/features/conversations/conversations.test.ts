import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { countRoundTrips } from '#test/support/round-trips.js';
import { createLiveTestApp, type LiveTestApp } from '#test/support/live.js';
import { chatMessageSchema, chatSummarySchema, conversationChannelSchema } from '#shared/contracts/conversations.schemas.js';
import { conversationChannels, conversationThreads, messages } from '#server/db/schema/conversations.js';
import { notifications } from '#server/db/schema/notifications.js';

let t: LiveTestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createLiveTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const proposal = { amount: 750, timeline: 12, message: 'I have finished three apps like this one.' };

/** A project of the cast's owner with a pending bid of the cast's finisher. */
async function newBid(name?: string) {
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, ...(name ? { name } : {}) });
  const response = await cast.finisher.api.post(`/api/projects/${project.id}/bids`, proposal);
  expect(response.statusCode).toBe(201);
  return { project, bid: response.json() as { id: number } };
}

const outsiders = () => [cast.otherSubmitter.api, cast.otherFinisher.api];
const forbidden = "You don't have permission to access this chat.";

describe('POST /api/bids/{bidId}/conversations', () => {
  it('opens one channel per bid with a default thread, for both parties', async () => {
    const { project, bid } = await newBid();
    const first = await cast.owner.api.post(`/api/bids/${bid.id}/conversations`);
    expect(first.statusCode).toBe(200);
    const channel = conversationChannelSchema.parse(first.json());
    expect(channel).toMatchObject({
      bidId: bid.id,
      projectId: project.id,
      creatorId: cast.owner.user.id,
      developerId: cast.finisher.user.id,
      status: 'active',
      threads: [{ type: 'general', title: `Bid #${bid.id}: ${project.name}`, status: 'open' }],
    });
    const again = await cast.finisher.api.post(`/api/bids/${bid.id}/conversations`);
    expect(again.json()).toMatchObject({ id: channel.id, threads: [{ id: channel.threads[0]!.id }] });
  });

  it('creates exactly one channel and thread when first uses race', async () => {
    const { bid } = await newBid();
    const responses = await Promise.all([
      ...Array.from({ length: 6 }, () => cast.owner.api.post(`/api/bids/${bid.id}/conversations`)),
      ...Array.from({ length: 6 }, (_, i) => cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content: `hello ${i}` })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([...Array(6).fill(200), ...Array(6).fill(201)]);
    const channels = await t.database.db.select().from(conversationChannels).where(eq(conversationChannels.bidId, bid.id));
    expect(channels).toHaveLength(1);
    expect(await t.database.db.$count(conversationThreads, eq(conversationThreads.channelId, channels[0]!.id))).toBe(1);
    expect(new Set(responses.slice(0, 6).map((r) => r.json().id))).toEqual(new Set([channels[0]!.id]));
  });

  it('refuses everyone but the two parties', async () => {
    const { bid } = await newBid();
    for (const api of outsiders()) {
      const response = await api.post(`/api/bids/${bid.id}/conversations`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(forbidden);
    }
    expect((await cast.visitor.api.post(`/api/bids/${bid.id}/conversations`)).statusCode).toBe(401);
    expect((await cast.owner.api.post('/api/bids/999999/conversations')).statusCode).toBe(404);
    expect(await t.database.db.$count(conversationChannels, eq(conversationChannels.bidId, bid.id))).toBe(0);
  });
});

describe('bid messages', () => {
  it('stores a message in the conversation and lists it to both parties, oldest first', async () => {
    const { bid } = await newBid();
    expect((await cast.owner.api.get(`/api/bids/${bid.id}/messages`)).json()).toEqual([]);

    const sent = await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content: '  Hi! When can we start?  ' });
    expect(sent.statusCode).toBe(201);
    const message = chatMessageSchema.parse(sent.json());
    expect(message).toMatchObject({
      bidId: bid.id,
      senderId: cast.finisher.user.id,
      receiverId: cast.owner.user.id,
      content: 'Hi! When can we start?',
      readAt: null,
      sender: { id: cast.finisher.user.id, username: cast.finisher.user.username },
    });
    const reply = (await cast.owner.api.post(`/api/bids/${bid.id}/messages`, { content: 'Monday works.' })).json();
    expect(reply).toMatchObject({ senderId: cast.owner.user.id, receiverId: cast.finisher.user.id });

    const list = await cast.owner.api.get(`/api/bids/${bid.id}/messages`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([message.id, reply.id]);
    // The same conversation seen through the channel model: one thread, two messages.
    const [channel] = await t.database.db.select().from(conversationChannels).where(eq(conversationChannels.bidId, bid.id));
    const opened = (await cast.finisher.api.post(`/api/bids/${bid.id}/conversations`)).json();
    expect(opened.id).toBe(channel!.id);
    expect(await t.database.db.$count(messages, eq(messages.threadId, opened.threads[0].id))).toBe(2);
  });

  it('returns HTML and script text byte-identical, as JSON', async () => {
    const { bid } = await newBid();
    const content = '<script>alert(1)</script> & <b>"bold"</b> \'quoted\' <img src=x onerror=alert(2)>';
    const sent = await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content });
    expect(sent.statusCode).toBe(201);
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.json().content).toBe(content);
    const list = await cast.owner.api.get(`/api/bids/${bid.id}/messages`);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json()[0].content).toBe(content);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, sent.json().id));
    expect(row!.content).toBe(content);
  });

  it.each([
    [{ content: '' }, 'Message cannot be empty'],
    [{ content: ' \n\t ' }, 'Message cannot be empty'],
    [{}, 'Message cannot be empty'],
    [{ content: 'a'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('refuses %j with a clear message and stores nothing', async (body, message) => {
    const { bid } = await newBid();
    const response = await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.database.db.$count(conversationChannels, eq(conversationChannels.bidId, bid.id))).toBe(0);
  });

  it('accepts exactly 5000 characters', async () => {
    const { bid } = await newBid();
    const response = await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content: 'a'.repeat(5000) });
    expect(response.statusCode).toBe(201);
  });

  it('refuses third users and visitors, reading or writing', async () => {
    const { bid } = await newBid();
    await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content: 'private' });
    for (const api of outsiders()) {
      for (const response of [await api.get(`/api/bids/${bid.id}/messages`), await api.post(`/api/bids/${bid.id}/messages`, { content: 'let me in' })]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(forbidden);
      }
    }
    expect((await cast.visitor.api.get(`/api/bids/${bid.id}/messages`)).statusCode).toBe(401);
    expect((await cast.visitor.api.post(`/api/bids/${bid.id}/messages`, { content: 'hi' })).statusCode).toBe(401);
    expect((await cast.owner.api.get('/api/bids/999999/messages')).statusCode).toBe(404);
    expect((await cast.owner.api.post('/api/bids/999999/messages', { content: 'hi' })).statusCode).toBe(404);
    const stored = await cast.owner.api.get(`/api/bids/${bid.id}/messages`);
    expect(stored.json().map((m: { content: string }) => m.content)).toEqual(['private']);
  });

  it('notifies the recipient in the same write, and reading marks messages and their notifications read', async () => {
    const { bid } = await newBid();
    const sent = (await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content: 'Draft is ready for review.' })).json();
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cast.owner.user.id), eq(notifications.type, 'message'), eq(notifications.relatedId, sent.id)));
    expect(notification).toMatchObject({ title: `New message from ${cast.finisher.user.username}`, content: 'Draft is ready for review.', isRead: false });

    // The sender reading does not mark their own message read.
    expect((await cast.finisher.api.get(`/api/bids/${bid.id}/messages`)).json()[0].readAt).toBeNull();
    const read = (await cast.owner.api.get(`/api/bids/${bid.id}/messages`)).json();
    expect(read[0].readAt).not.toBeNull();
    const [after] = await t.database.db.select().from(notifications).where(eq(notifications.id, notification!.id));
    expect(after!.isRead).toBe(true);
  });

  it('keeps one unread message notification per conversation, updated with the latest message', async () => {
    const { bid } = await newBid();
    const { bid: otherBid } = await newBid();
    const ownersMessageNotifications = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, cast.owner.user.id), eq(notifications.type, 'message')));
    const send = (content: string, bidId = bid.id) => cast.finisher.api.post(`/api/bids/${bidId}/messages`, { content });
    await send('First draft is up.');
    await send('Tests pass now.');
    const latest = (await send('Ready for your review.')).json();
    const unread = (await ownersMessageNotifications()).filter((n) => n.groupKey === `conversation:${bid.id}` && !n.isRead);
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ content: 'Ready for your review.', relatedId: latest.id });
    // Another conversation keeps its own.
    await send('A question about the other project.', otherBid.id);
    expect((await ownersMessageNotifications()).filter((n) => n.groupKey === `conversation:${otherBid.id}` && !n.isRead)).toHaveLength(1);

    // Once read, the next message leaves a new notification beside the read one.
    await cast.owner.api.get(`/api/bids/${bid.id}/messages`);
    await send('One more thing.');
    const mine = (await ownersMessageNotifications()).filter((n) => n.groupKey === `conversation:${bid.id}`);
    expect(mine.map((n) => [n.content, n.isRead])).toEqual(
      expect.arrayContaining([
        ['Ready for your review.', true],
        ['One more thing.', false],
      ]),
    );
    expect(mine).toHaveLength(2);

    // Messages sent at once still leave a single unread notification.
    await cast.owner.api.get(`/api/bids/${bid.id}/messages`);
    await Promise.all(['one', 'two', 'three', 'four'].map((word) => send(`At once: ${word}`)));
    const unreadNow = (await ownersMessageNotifications()).filter((n) => n.groupKey === `conversation:${bid.id}` && !n.isRead);
    expect(unreadNow).toHaveLength(1);
  });

  it('sends a message of an open conversation in three round trips: the session, the parties, the message with its notification', async () => {
    const { bid } = await newBid();
    const first = await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content: 'This one opens the conversation.' });
    expect(first.statusCode).toBe(201);
    const counter = countRoundTrips(t.database);
    let sent;
    try {
      sent = await cast.owner.api.post(`/api/bids/${bid.id}/messages`, { content: 'And this one only writes.' });
    } finally {
      counter.stop();
    }
    expect(sent.statusCode).toBe(201);
    expect(counter.statements).toHaveLength(3);
    expect(counter.statements[2]).toMatch(/^with "new_message" as \(insert into "messages"/);
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cast.finisher.user.id), eq(notifications.groupKey, `conversation:${bid.id}`)));
    expect(notification).toMatchObject({
      type: 'message',
      title: `New message from ${cast.owner.user.username}`,
      content: 'And this one only writes.',
      relatedId: sent.json().id,
      isRead: false,
    });
  });

  it('limits how fast one user can send', async () => {
    const sender = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, sender.email));
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const bid = (await api.post(`/api/projects/${project.id}/bids`, proposal)).json();
    for (let i = 0; i < 30; i++) expect((await api.post(`/api/bids/${bid.id}/messages`, { content: `message ${i}` })).statusCode).toBe(201);
    const limited = await api.post(`/api/bids/${bid.id}/messages`, { content: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/^You are sending messages too quickly\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await cast.owner.api.post(`/api/bids/${bid.id}/messages`, { content: 'still here' })).statusCode).toBe(201);
  });
});

describe('GET /api/users/{id}/chats', () => {
  it('lists the user’s conversations, latest activity first, with the other party and unread counts', async () => {
    const viewer = await createUser(t.database.db, { role: 'submitter' });
    const viewerApi = client(t.app, await signIn(t.app, viewer.email));
    expect((await viewerApi.get(`/api/users/${viewer.id}/chats`)).json()).toEqual([]);

    const older = await createProject(t.database.db, { submitterId: viewer.id, name: 'Older chat project' });
    const newer = await createProject(t.database.db, { submitterId: viewer.id, name: 'Newer chat project' });
    const silent = await createProject(t.database.db, { submitterId: viewer.id, name: 'Silent bid project' });
    const olderBid = (await cast.finisher.api.post(`/api/projects/${older.id}/bids`, proposal)).json();
    const newerBid = (await cast.otherFinisher.api.post(`/api/projects/${newer.id}/bids`, { ...proposal, amount: 1200 })).json();
    await cast.finisher.api.post(`/api/projects/${silent.id}/bids`, proposal); // no conversation: not listed

    await cast.finisher.api.post(`/api/bids/${olderBid.id}/messages`, { content: 'first' });
    await cast.otherFinisher.api.post(`/api/bids/${newerBid.id}/messages`, { content: 'one' });
    await cast.otherFinisher.api.post(`/api/bids/${newerBid.id}/messages`, { content: 'two' });
    await viewerApi.post(`/api/bids/${newerBid.id}/messages`, { content: 'my reply' });

    const response = await viewerApi.get(`/api/users/${viewer.id}/chats`);
    expect(response.statusCode).toBe(200);
    const chats = response.json().map((c: unknown) => chatSummarySchema.parse(c));
    expect(chats).toEqual([
      expect.objectContaining({
        bidId: newerBid.id,
        otherUser: { id: cast.otherFinisher.user.id, username: cast.otherFinisher.user.username, avatarUrl: null },
        project: { id: newer.id, name: 'Newer chat project' },
        bid: { amount: 1200, amountCents: 120_000, status: 'pending' },
        lastMessage: 'my reply',
        unreadCount: 2,
      }),
      expect.objectContaining({ bidId: olderBid.id, lastMessage: 'first', unreadCount: 1, otherUser: expect.objectContaining({ id: cast.finisher.user.id }) }),
    ]);
    expect(chats[0].lastMessageTime).not.toBeNull();

    // The finisher sees the same conversation from the other side.
    const finisherChats = (await cast.finisher.api.get(`/api/users/${cast.finisher.user.id}/chats`)).json();
    expect(finisherChats.find((c: { bidId: number }) => c.bidId === olderBid.id)).toMatchObject({
      otherUser: { id: viewer.id, username: viewer.username },
      unreadCount: 0,
    });

    await viewerApi.get(`/api/bids/${newerBid.id}/messages`);
    const afterReading = (await viewerApi.get(`/api/users/${viewer.id}/chats`)).json();
    expect(afterReading[0]).toMatchObject({ bidId: newerBid.id, unreadCount: 0 });
  });

  it('lists an opened conversation without messages', async () => {
    const viewer = await createUser(t.database.db, { role: 'submitter' });
    const viewerApi = client(t.app, await signIn(t.app, viewer.email));
    const project = await createProject(t.database.db, { submitterId: viewer.id });
    const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, proposal)).json();
    await viewerApi.post(`/api/bids/${bid.id}/conversations`);
    expect((await viewerApi.get(`/api/users/${viewer.id}/chats`)).json()).toEqual([
      expect.objectContaining({ bidId: bid.id, lastMessage: null, lastMessageTime: null, unreadCount: 0 }),
    ]);
  });

  it('serves only the signed-in user’s own list', async () => {
    const response = await cast.otherSubmitter.api.get(`/api/users/${cast.owner.user.id}/chats`);
    expect(response.statusCode).toBe(403);
    expect((await cast.otherFinisher.api.get(`/api/users/${cast.finisher.user.id}/chats`)).statusCode).toBe(403);
    expect((await cast.visitor.api.get(`/api/users/${cast.owner.user.id}/chats`)).statusCode).toBe(401);
  });
});
