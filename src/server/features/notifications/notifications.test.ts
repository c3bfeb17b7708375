import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject } from '#test/support/factories.js';
import { createLiveTestApp, type LiveTestApp } from '#test/support/live.js';
import { notificationSchema } from '#shared/contracts/notifications.schemas.js';
import type { ServerEvent } from '#shared/events.js';
import { notifications } from '#server/db/schema/notifications.js';
import { DomainEvents } from '#server/events/domain-events.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';
import { registerNotificationDelivery } from './notification-outbox.js';
import { registerNotificationWriters } from './notification-writers.js';
import { insertNotifications } from './notifications.service.js';

let t: LiveTestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createLiveTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const notify = (userId: number, overrides: Partial<Parameters<typeof insertNotifications>[1][number]> = {}) =>
  insertNotifications(t.database.db, [{ userId, type: 'project', title: 'Heads up', content: 'Something happened.', relatedId: 7, ...overrides }]).then(
    (rows) => rows[0]!,
  );

const ownRoutes = (userId: number) =>
  [
    { method: 'get', url: `/api/users/${userId}/notifications` },
    { method: 'get', url: `/api/users/${userId}/unread-notifications` },
    { method: 'get', url: `/api/users/${userId}/unread-count` },
    { method: 'post', url: `/api/users/${userId}/mark-all-notifications-read` },
  ] as const;

describe('a user’s notifications', () => {
  it('lists them newest first, and the unread ones with both badge counts', async () => {
    const me = cast.otherSubmitter;
    const first = await notify(me.user.id, { title: 'First' });
    const second = await notify(me.user.id, { title: 'Second', isRead: true });
    const third = await notify(me.user.id, { title: 'Third', relatedId: null });
    await notify(cast.owner.user.id, { title: 'Not mine' });

    const all = await me.api.get(`/api/users/${me.user.id}/notifications`);
    expect(all.statusCode).toBe(200);
    const list = all.json().map((n: unknown) => notificationSchema.parse(n));
    expect(list.map((n: { id: number }) => n.id)).toEqual([third.id, second.id, first.id]);
    expect(list[0]).toMatchObject({ userId: me.user.id, type: 'project', title: 'Third', content: 'Something happened.', relatedId: null, isRead: false });

    const unread = (await me.api.get(`/api/users/${me.user.id}/unread-notifications`)).json();
    expect(unread.map((n: { id: number }) => n.id)).toEqual([third.id, first.id]);
    expect((await me.api.get(`/api/users/${me.user.id}/unread-count`)).json()).toEqual({ count: 2, notifications: 2, messages: 0 });
  });

  it('counts unread chat messages separately from notifications', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const bid = (
      await cast.otherFinisher.api.post(`/api/projects/${project.id}/bids`, { amount: 500, timeline: 5, message: 'A proposal long enough to pass.' })
    ).json();
    await cast.owner.api.post(`/api/users/${cast.owner.user.id}/mark-all-notifications-read`);
    await cast.otherFinisher.api.post(`/api/bids/${bid.id}/messages`, { content: 'one' });
    await cast.otherFinisher.api.post(`/api/bids/${bid.id}/messages`, { content: 'two' });
    // Two messages, one conversation: the chat counts both, the bell one (issue 16).
    expect((await cast.owner.api.get(`/api/users/${cast.owner.user.id}/unread-count`)).json()).toEqual({ count: 1, notifications: 1, messages: 2 });
    await cast.owner.api.get(`/api/bids/${bid.id}/messages`);
    expect((await cast.owner.api.get(`/api/users/${cast.owner.user.id}/unread-count`)).json()).toEqual({ count: 0, notifications: 0, messages: 0 });
  });

  it('serves only the signed-in user’s own, refusing third users and visitors', async () => {
    const victim = cast.finisher.user.id;
    const mine = await notify(victim);
    for (const { method, url } of ownRoutes(victim)) {
      for (const intruder of [cast.otherFinisher, cast.otherSubmitter]) {
        const response = await intruder.api[method](url);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe('You can only access your own notifications');
      }
      expect((await cast.visitor.api[method](url)).statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(row!.isRead).toBe(false);
  });
});

describe('PATCH /api/notifications/{id}/read', () => {
  it('marks the user’s own notification read', async () => {
    const mine = await notify(cast.owner.user.id);
    const response = await cast.owner.api.patch(`/api/notifications/${mine.id}/read`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: mine.id, isRead: true });
  });

  it('answers 404 for someone else’s notification, like a missing one, and changes nothing', async () => {
    const theirs = await notify(cast.owner.user.id);
    for (const intruder of [cast.otherSubmitter, cast.finisher]) {
      const response = await intruder.api.patch(`/api/notifications/${theirs.id}/read`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Notification not found');
    }
    expect((await cast.owner.api.patch('/api/notifications/99999999/read')).statusCode).toBe(404);
    expect((await cast.visitor.api.patch(`/api/notifications/${theirs.id}/read`)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row!.isRead).toBe(false);
  });
});

describe('POST /api/users/{id}/mark-all-notifications-read', () => {
  it('marks every unread notification of the user read, and nobody else’s', async () => {
    const me = cast.otherFinisher.user.id;
    await notify(me);
    await notify(me);
    const someoneElse = await notify(cast.owner.user.id);
    const response = await cast.otherFinisher.api.post(`/api/users/${me}/mark-all-notifications-read`);
    expect(response.statusCode).toBe(200);
    expect(response.json().updated).toBeGreaterThanOrEqual(2);
    expect((await cast.otherFinisher.api.get(`/api/users/${me}/unread-notifications`)).json()).toEqual([]);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, someoneElse.id));
    expect(row!.isRead).toBe(false);
  });
});

describe('POST /api/notifications (test panel)', () => {
  const body = { title: 'Test title', content: 'Test content', type: 'milestone', relatedId: '42', isRead: false };

  it('creates a notification for the signed-in user', async () => {
    const response = await cast.owner.api.post('/api/notifications', { ...body, userId: cast.owner.user.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      userId: cast.owner.user.id,
      type: 'milestone',
      title: 'Test title',
      content: 'Test content',
      relatedId: 42,
      isRead: false,
    });
    const withoutUser = await cast.owner.api.post('/api/notifications', { title: 'T', content: 'C', type: 'project', relatedId: '' });
    expect(withoutUser.statusCode).toBe(201);
    expect(withoutUser.json()).toMatchObject({ userId: cast.owner.user.id, relatedId: null });
  });

  it('never creates one for someone else', async () => {
    const before = await t.database.db.$count(notifications, eq(notifications.userId, cast.finisher.user.id));
    const response = await cast.owner.api.post('/api/notifications', { ...body, title: 'Phishing', userId: cast.finisher.user.id });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You can only create notifications for yourself');
    expect(await t.database.db.$count(notifications, eq(notifications.userId, cast.finisher.user.id))).toBe(before);
    expect(await t.database.db.$count(notifications, eq(notifications.title, 'Phishing'))).toBe(0);
    expect((await cast.visitor.api.post('/api/notifications', { ...body, userId: cast.finisher.user.id })).statusCode).toBe(401);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ content: '' }, 'Content is required'],
    [{ content: undefined }, 'Content is required'],
    [{ relatedId: 'abc' }, 'Related ID must be a number'],
    [{ relatedId: 1.5 }, 'Related ID must be a number'],
    [{ type: 'admin' }, 'Type must be one of notification, message, milestone, milestone_completed, milestone_approved, bid, project'],
  ])('refuses %j', async (overrides, message) => {
    const response = await cast.owner.api.post('/api/notifications', { ...body, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('live delivery of stored notifications', () => {
  function recordingPublisher() {
    const published: { userId: number; event: ServerEvent }[] = [];
    const publisher: LivePublisher = {
      async publish(userId, event) {
        published.push({ userId, event });
      },
    };
    return { published, publisher };
  }

  it('pushes the notifications a transaction stored, only after it commits', async () => {
    const events = new DomainEvents(t.app.log);
    const { published, publisher } = recordingPublisher();
    registerNotificationWriters(events);
    registerNotificationDelivery(events, publisher);
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });

    let publishedBeforeCommit = -1;
    await events.transaction(t.database.db, async (tx, record) => {
      await record({
        type: 'bid.placed',
        bidId: 1,
        projectId: project.id,
        projectName: project.name,
        ownerId: cast.owner.user.id,
        finisherId: cast.finisher.user.id,
        finisherUsername: 'dev',
        amountCents: 75_000,
        timelineDays: 7,
      });
      await record({
        type: 'work.delivered',
        projectId: project.id,
        projectName: project.name,
        ownerId: cast.owner.user.id,
        finisherId: cast.finisher.user.id,
        message: 'All done, see the README.',
        reviewDueAt: null,
      });
      await record({
        type: 'work.accepted',
        projectId: project.id,
        projectName: project.name,
        ownerId: cast.owner.user.id,
        finisherId: cast.finisher.user.id,
        automatic: false,
      });
      publishedBeforeCommit = published.length;
    });
    expect(publishedBeforeCommit).toBe(0);
    expect(published.map((p) => [p.userId, p.event.type === 'notification' && p.event.notification.title])).toEqual([
      [cast.owner.user.id, 'New bid received'],
      [cast.owner.user.id, 'Work delivered'],
      [cast.finisher.user.id, 'Work accepted'],
    ]);
    const pushed = published[0]!.event;
    if (pushed.type !== 'notification') throw new Error('expected a notification');
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, pushed.notification.id));
    expect(row).toMatchObject({ userId: cast.owner.user.id, title: 'New bid received' });
  });

  it('pushes nothing when the transaction rolls back', async () => {
    const events = new DomainEvents(t.app.log);
    const { published, publisher } = recordingPublisher();
    registerNotificationWriters(events);
    registerNotificationDelivery(events, publisher);
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, name: 'Rolled back project' });
    await expect(
      events.transaction(t.database.db, async (_tx, record) => {
        await record({
          type: 'work.delivered',
          projectId: project.id,
          projectName: project.name,
          ownerId: cast.owner.user.id,
          finisherId: cast.finisher.user.id,
          message: 'All done, see the README.',
          reviewDueAt: null,
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(published).toEqual([]);
    expect(await t.database.db.$count(notifications, eq(notifications.relatedId, project.id))).toBe(0);
  });
});
