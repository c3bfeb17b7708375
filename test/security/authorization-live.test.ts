import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCloseCodes } from '#shared/events.js';
import { deleteSession } from '#server/plugins/session-store.js';
import { connectAs, createLiveOnlyApp, type LiveClient, openLiveSocket } from '#test/support/live.js';
import { idOf, type MatrixApp, type RouteRequest, send, startMatrixApp, uniqueText } from './authorization-cells.js';
import { buildWorld, callerNames, leakedSecrets, type SignedInName, type World } from './authorization-world.js';

/**
 * The live connection's part of the authorization matrix (the /ws row checks who may connect):
 * nobody authenticates as someone else, and events reach their own people only.
 */

let m: MatrixApp;
beforeAll(async () => {
  m = await startMatrixApp();
});
afterAll(() => m?.close());

describe('the live connection', () => {
  const connectAll = async (world: World) => {
    const sockets = {} as Record<SignedInName, LiveClient>;
    for (const name of callerNames.filter((n): n is SignedInName => n !== 'visitor')) {
      const caller = world.callers[name];
      sockets[name] = await openLiveSocket(m.wsUrl, caller.cookie);
      sockets[name].socket.send(JSON.stringify({ type: 'auth', userId: caller.user!.id }));
      await sockets[name].waitFor('auth_success');
    }
    return sockets;
  };

  it('refuses a signed-in user who claims to be someone else, and closes the socket', async () => {
    const world = await buildWorld(m.database.db, m.config);
    const client = await openLiveSocket(m.wsUrl, world.callers.stranger.cookie);
    client.socket.send(JSON.stringify({ type: 'auth', userId: idOf(world, 'owner') }));
    expect((await client.waitFor('error')).message).toBe('You can only connect as the signed-in user');
    expect((await client.closed).code).toBe(liveCloseCodes.forbidden);
    expect(client.events.map((e) => e.type)).toEqual(['error']);
  });

  it('pushes every event to its own people and never to anyone else', async () => {
    const world = await buildWorld(m.database.db, m.config);
    const sockets = await connectAll(world);
    const act = async (name: SignedInName, method: string, request: RouteRequest) => {
      const response = await send(m.app, method, world.callers[name], request);
      expect(response.statusCode, `${name} ${method} ${request.url}: ${response.body}`).toBeLessThan(300);
    };
    const live = (label: string) => `live-${label}-${uniqueText()}`;
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

  it('closes a socket once its session has ended, so a signed-out or revoked session hears nothing more', async () => {
    // Only the live features, with a heartbeat short enough to wait for.
    const { app, wsUrl, cookieFor } = await createLiveOnlyApp(m.database, { heartbeatMs: 100 });
    try {
      const world = await buildWorld(m.database.db, m.config);
      const owner = world.callers.owner;
      const kept = await connectAs(wsUrl, owner.cookie!, owner.user!.id);
      const endedCookie = await cookieFor(owner.user!.id);
      const ended = await connectAs(wsUrl, endedCookie, owner.user!.id);

      await deleteSession(m.database.db, endedCookie.split('=')[1]!);
      expect((await ended.closed).code).toBe(liveCloseCodes.unauthenticated);
      expect(ended.events.at(-1)).toEqual({ type: 'error', message: 'Your session has ended' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(kept.socket.readyState).toBe(kept.socket.OPEN);
      kept.close();
    } finally {
      await app.close();
    }
  });
});
