import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { TestClock } from '#test/support/clock.js';
import { createProject } from '#test/support/factories.js';
import { chatMessageSchema, messageSearchHitSchema, readMessagesResultSchema } from '#shared/contracts/conversations.schemas.js';
import { messageEdits, messages } from '#server/db/schema/conversations.js';
import { notifications } from '#server/db/schema/notifications.js';

// Issue 32: read marks up to a message, editing and deleting within the window, and searching one's conversations.

const clock = new TestClock();
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const proposal = { amount: 750, timeline: 12, message: 'I have finished three apps like this one.' };
const MINUTE = 60_000;

async function newBid(name?: string) {
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, ...(name ? { name } : {}) });
  const response = await cast.finisher.api.post(`/api/projects/${project.id}/bids`, proposal);
  expect(response.statusCode).toBe(201);
  return { project, bidId: (response.json() as { id: number }).id };
}

async function say(api: Cast['owner']['api'], bidId: number, content: string) {
  const response = await api.post(`/api/bids/${bidId}/messages`, { content });
  expect(response.statusCode).toBe(201);
  return chatMessageSchema.parse(response.json());
}

describe('POST /api/bids/{bidId}/messages/read', () => {
  it("marks the other party's messages read up to one, once, and the sender reads the mark", async () => {
    const { bidId } = await newBid();
    const first = await say(cast.finisher.api, bidId, 'The build is green.');
    const second = await say(cast.finisher.api, bidId, 'Screens next.');
    const mine = await say(cast.owner.api, bidId, 'Great.');

    const read = await cast.owner.api.post(`/api/bids/${bidId}/messages/read`, { upTo: first.id });
    expect(read.statusCode).toBe(200);
    expect(readMessagesResultSchema.parse(read.json())).toEqual({ readIds: [first.id], unreadCount: 1 });
    // A second call marks nothing more.
    expect((await cast.owner.api.post(`/api/bids/${bidId}/messages/read`, { upTo: first.id })).json()).toEqual({ readIds: [], unreadCount: 1 });
    // The owner's own message is not the owner's to read.
    expect((await cast.owner.api.post(`/api/bids/${bidId}/messages/read`, { upTo: mine.id })).json()).toEqual({ readIds: [second.id], unreadCount: 0 });

    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, mine.id));
    expect(row!.readAt).toBeNull();
    const seenBySender = (await cast.finisher.api.get(`/api/bids/${bidId}/messages`)).json() as { id: number; readAt: string | null }[];
    expect(seenBySender.find((m) => m.id === first.id)!.readAt).toBe(clock.now().toISOString());
  });

  it('refuses strangers, visitors and bad ids with a clear answer', async () => {
    const { bidId } = await newBid();
    const message = await say(cast.finisher.api, bidId, 'Hello there.');
    for (const api of [cast.otherSubmitter.api, cast.otherFinisher.api]) {
      expect((await api.post(`/api/bids/${bidId}/messages/read`, { upTo: message.id })).statusCode).toBe(403);
    }
    expect((await cast.visitor.api.post(`/api/bids/${bidId}/messages/read`, { upTo: message.id })).statusCode).toBe(401);
    expect((await cast.owner.api.post('/api/bids/999999/messages/read', { upTo: message.id })).statusCode).toBe(404);
    for (const upTo of [0, -1, 1.5, 2_147_483_648, 'x', null]) {
      const response = await cast.owner.api.post(`/api/bids/${bidId}/messages/read`, { upTo });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'upTo must be a message id' });
    }
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row!.readAt).toBeNull();
  });
});

describe('PATCH and DELETE /api/messages/{id}', () => {
  it('lets the sender edit within the window; the other party reads "edited" and the earlier text is kept', async () => {
    const { bidId } = await newBid();
    const message = await say(cast.finisher.api, bidId, 'Delivery on Fridy.');
    expect(message.editableUntil).toBe(new Date(clock.now().getTime() + 5 * MINUTE).toISOString());
    clock.advance(4 * MINUTE);
    const edited = await cast.finisher.api.patch(`/api/messages/${message.id}`, { content: ' Delivery on Friday. ' });
    expect(edited.statusCode).toBe(200);
    expect(chatMessageSchema.parse(edited.json())).toMatchObject({ content: 'Delivery on Friday.', editedAt: clock.now().toISOString(), deletedAt: null });

    const seen = (await cast.owner.api.get(`/api/bids/${bidId}/messages`)).json() as { id: number; content: string; editedAt: string | null }[];
    expect(seen.find((m) => m.id === message.id)).toMatchObject({ content: 'Delivery on Friday.', editedAt: clock.now().toISOString() });
    expect((await t.database.db.select().from(messageEdits).where(eq(messageEdits.messageId, message.id))).map((e) => e.content)).toEqual([
      'Delivery on Fridy.',
    ]);

    clock.advance(2 * MINUTE);
    const late = await cast.finisher.api.patch(`/api/messages/${message.id}`, { content: 'Too late.' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'CONFLICT', message: 'A message can be changed for 5 minutes after it is sent.' });
    expect((await cast.finisher.api.delete(`/api/messages/${message.id}`)).statusCode).toBe(409);
  });

  it('deletes for both parties while the row keeps what was said, and refuses a second change', async () => {
    const { bidId } = await newBid();
    const message = await say(cast.owner.api, bidId, 'My card number is wrong here.');
    const deleted = await cast.owner.api.delete(`/api/messages/${message.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: message.id, content: '', deletedAt: clock.now().toISOString(), editableUntil: null });
    const seen = (await cast.finisher.api.get(`/api/bids/${bidId}/messages`)).json() as { id: number; content: string; deletedAt: string | null }[];
    expect(seen.find((m) => m.id === message.id)).toMatchObject({ content: '', deletedAt: clock.now().toISOString() });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row!.content).toBe('My card number is wrong here.');
    // Neither the finisher's notification nor the conversation list keeps the text.
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'message'), eq(notifications.relatedId, message.id)));
    expect(notification!.content).toBe('Message deleted');
    const chats = (await cast.finisher.api.get(`/api/users/${cast.finisher.user.id}/chats`)).json() as { bidId: number; lastMessage: string | null }[];
    expect(chats.find((c) => c.bidId === bidId)!.lastMessage).toBe('Message deleted');
    const again = await cast.owner.api.patch(`/api/messages/${message.id}`, { content: 'Back.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This message was deleted.');
  });

  it('refuses the other party, strangers, visitors and bad input, and changes nothing', async () => {
    const { bidId } = await newBid();
    const message = await say(cast.finisher.api, bidId, 'Mine to change.');
    const other = await cast.owner.api.patch(`/api/messages/${message.id}`, { content: 'Not yours.' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only change your own messages.');
    expect((await cast.owner.api.delete(`/api/messages/${message.id}`)).statusCode).toBe(403);
    for (const api of [cast.otherSubmitter.api, cast.otherFinisher.api]) {
      expect((await api.patch(`/api/messages/${message.id}`, { content: 'x' })).statusCode).toBe(404);
      expect((await api.delete(`/api/messages/${message.id}`)).statusCode).toBe(404);
    }
    expect((await cast.visitor.api.delete(`/api/messages/${message.id}`)).statusCode).toBe(401);
    expect((await cast.finisher.api.delete('/api/messages/2147483648')).statusCode).toBe(400);
    for (const body of [{ content: '' }, { content: 'a'.repeat(5001) }, {}]) {
      expect((await cast.finisher.api.patch(`/api/messages/${message.id}`, body)).statusCode).toBe(400);
    }
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row).toMatchObject({ content: 'Mine to change.', editedAt: null, deletedAt: null });
  });

  it('applies one of two concurrent deletes and edits, never a partial change', async () => {
    const { bidId } = await newBid();
    const message = await say(cast.finisher.api, bidId, 'Race me.');
    const answers = await Promise.all([
      cast.finisher.api.delete(`/api/messages/${message.id}`),
      cast.finisher.api.patch(`/api/messages/${message.id}`, { content: 'Edited in the race.' }),
      cast.finisher.api.delete(`/api/messages/${message.id}`),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(answers.filter((a) => a.statusCode === 200 && a.json().deletedAt !== null)).toHaveLength(1);
  });
});

describe('GET /api/conversations/search', () => {
  it("finds words in one's own conversations only, newest first, without deleted messages", async () => {
    const { bidId, project } = await newBid('Invoice tracker');
    const older = await say(cast.finisher.api, bidId, 'The webhook secret rotates weekly.');
    clock.advance(MINUTE);
    const newer = await say(cast.owner.api, bidId, 'Which WEBHOOK fails?');
    const gone = await say(cast.owner.api, bidId, 'webhook password is hunter2');
    await cast.owner.api.delete(`/api/messages/${gone.id}`);
    const { bidId: otherBid } = await newBid();
    await say(cast.finisher.api, otherBid, 'No match here.');

    const found = await cast.owner.api.get('/api/conversations/search?q=webhook');
    expect(found.statusCode).toBe(200);
    const hits = found.json().map((hit: unknown) => messageSearchHitSchema.parse(hit));
    expect(hits.map((h: { messageId: number }) => h.messageId)).toEqual([newer.id, older.id]);
    expect(hits[0]).toMatchObject({ bidId, project: { id: project.id, name: 'Invoice tracker' }, otherUser: { id: cast.finisher.user.id } });
    expect((await cast.finisher.api.get(`/api/conversations/search?q=webhook&bidId=${bidId}`)).json()).toHaveLength(2);
    expect((await cast.finisher.api.get(`/api/conversations/search?q=webhook&bidId=${otherBid}`)).json()).toEqual([]);
    // Strangers find nothing of it; naming the conversation is refused.
    expect((await cast.otherSubmitter.api.get('/api/conversations/search?q=webhook')).json()).toEqual([]);
    expect((await cast.otherFinisher.api.get(`/api/conversations/search?q=webhook&bidId=${bidId}`)).statusCode).toBe(403);
    expect((await cast.visitor.api.get('/api/conversations/search?q=webhook')).statusCode).toBe(401);
    // LIKE's own characters are searched as text.
    expect((await cast.owner.api.get('/api/conversations/search?q=%25%25')).json()).toEqual([]);
    for (const q of ['', 'a', 'x'.repeat(101)]) {
      const response = await cast.owner.api.get(`/api/conversations/search?q=${q}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
