import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '#shared/events.js';
import { DomainEvents, type DomainEvent } from '#server/events/domain-events.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { connectAs, createLiveTestApp, type LiveClient, type LiveTestApp } from '#test/support/live.js';
import { findOperatorIds } from '#server/features/operators/operators.service.js';
import { liveChangeRules, registerLiveChanges } from './live-changes.js';

// Live changes by resource (decision 043): a committed change reaches the people who may read the
// resource, on every socket they have open, and never a stranger.
const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
let t: LiveTestApp;
let cast: Cast;
let cookies: Record<'owner' | 'finisher' | 'otherFinisher', string>;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  t = await createLiveTestApp();
  cast = await createCast(t.app, t.database.db);
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

const connect = async (who: keyof typeof cookies) => {
  const socket = await connectAs(t.wsUrl, cookies[who], cast[who].user.id);
  sockets.push(socket);
  return socket;
};
const changesOf = (socket: LiveClient) => socket.events.filter((e) => e.type === 'changed');
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const proposal = { amount: 900, timeline: 10, message: 'I can wire this up and ship it this month.' };

describe('changed events over the live connection', () => {
  it('tells a bid’s two parties that the project and the bid changed, and not a stranger', async () => {
    const [owner, finisher, stranger] = [await connect('owner'), await connect('finisher'), await connect('otherFinisher')];
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, proposal)).json() as { id: number };

    const expected = {
      type: 'changed',
      changes: [
        { resource: 'project', id: project.id },
        { resource: 'bid', id: bid.id },
      ],
    };
    expect(await owner.waitFor('changed', (e) => e.changes.some((c) => c.resource === 'bid' && c.id === bid.id))).toEqual(expected);
    expect(await finisher.waitFor('changed', (e) => e.changes.some((c) => c.resource === 'bid' && c.id === bid.id))).toEqual(expected);
    await settle();
    expect(changesOf(stranger)).toEqual([]);
  });

  it('tells both participants of a conversation that it changed, on every tab, and not a stranger', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, proposal)).json() as { id: number };
    const ownerTabs = [await connect('owner'), await connect('owner')];
    const finisher = await connect('finisher');
    const stranger = await connect('otherFinisher');

    // The first message opens the conversation (a transaction); the second is one statement.
    const isThisConversation = (e: Extract<ServerEvent, { type: 'changed' }>) => e.changes.some((c) => c.resource === 'conversation' && c.id === bid.id);
    for (const [index, content] of ['The first draft is up.', 'And the tests.'].entries()) {
      await cast.finisher.api.post(`/api/bids/${bid.id}/messages`, { content });
      for (const socket of [...ownerTabs, finisher]) {
        await expect.poll(() => socket.events.filter((e) => e.type === 'changed' && isThisConversation(e)).length).toBe(index + 1);
      }
    }
    expect(ownerTabs[0]!.events.find((e) => e.type === 'changed')).toEqual({ type: 'changed', changes: [{ resource: 'conversation', id: bid.id }] });
    // Each message and its notification come first: the change only refreshes what they already told.
    expect(ownerTabs[0]!.events.map((e) => e.type)).toEqual([
      'auth_success',
      'notification',
      'new_message',
      'changed',
      'notification',
      'new_message',
      'changed',
    ]);
    await settle();
    expect(changesOf(stranger)).toEqual([]);
  });
});

describe('the rules', () => {
  /** A bus whose changes land in a list instead of on sockets. */
  function recordingBus(operatorIds: number[]) {
    const events = new DomainEvents(log);
    const pushed: { userId: number; event: ServerEvent }[] = [];
    const live: LivePublisher = {
      publish: (userId, event) => {
        pushed.push({ userId, event });
        return Promise.resolve();
      },
    };
    registerLiveChanges(events, { live, findOperatorIds: () => Promise.resolve(operatorIds) });
    return { events, pushed };
  }

  const parties = { projectId: 40, projectName: 'Booking app', ownerId: 11, finisherId: 12 };

  it('sends a dispute’s change to its two parties and the operators, once each, after commit only', async () => {
    const { events, pushed } = recordingBus([90, 11]);
    const opened: DomainEvent = { type: 'dispute.opened', disputeId: 7, side: 'owner', reason: 'r', finisherAmountCents: 0, respondBy: 'x', ...parties };
    await expect(
      events.transaction(t.database.db, async (_tx, record) => {
        await record(opened);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(pushed).toEqual([]);

    await events.transaction(t.database.db, (_tx, record) => record(opened));
    const changes = [
      { resource: 'dispute', id: 7 },
      { resource: 'project', id: 40 },
      { resource: 'deal', id: 40 },
    ];
    expect(pushed).toEqual([11, 12, 90].map((userId) => ({ userId, event: { type: 'changed', changes } })));
  });

  it('names no operator for a deal step, and nobody for a change no client caches', async () => {
    const { events, pushed } = recordingBus([90]);
    await events.transaction(t.database.db, async (_tx, record) => {
      await record({ type: 'work.accepted', automatic: false, ...parties });
      await record({ type: 'deal.reminder', step: 'review', recipientId: 11, dueAt: 'x', ...parties });
      await record({ type: 'onboarding.completed', userId: 12 });
    });
    expect(pushed.map((p) => p.userId)).toEqual([11, 12]);
  });

  it('finds the operators in the database, and no one else', async () => {
    const operator = await createUser(t.database.db, { role: 'operator' });
    const events = new DomainEvents(log);
    const pushed: number[] = [];
    const live: LivePublisher = { publish: (userId) => Promise.resolve(void pushed.push(userId)) };
    registerLiveChanges(events, { live, findOperatorIds: () => findOperatorIds(t.database.db, t.config.operatorEmails) });
    const { ownerId, finisherId } = { ownerId: cast.owner.user.id, finisherId: cast.finisher.user.id };
    await events.transaction(t.database.db, (_tx, record) => record({ type: 'dispute.escalated', disputeId: 3, side: null, ...parties, ownerId, finisherId }));
    expect(pushed.sort((a, b) => a - b)).toEqual([ownerId, finisherId, operator.id].sort((a, b) => a - b));
    expect(pushed).not.toContain(cast.otherFinisher.user.id);
    expect(pushed).not.toContain(cast.otherSubmitter.user.id);
  });

  it('has a rule for every domain event type', () => {
    // The map's type already refuses a missing one; this keeps a cast from hiding it.
    expect(Object.values(liveChangeRules).every((rule) => typeof rule === 'function')).toBe(true);
  });
});
