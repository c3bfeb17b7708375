import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import type { ServerEvent } from '#shared/events.js';
import { connectionOf, LiveHub } from './live-hub.js';

const log = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
const typing = (userId: number): ServerEvent => ({ type: 'typing', bidId: 1, userId });

/** A real ws pair on loopback: the hub holds the server's end, the test reads the client's. */
describe('the live hub writes a turn of events to a socket at once', () => {
  let server: WebSocketServer;
  let serverSocket: WebSocket;
  let client: WebSocket;
  const received: string[] = [];

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    client.on('message', (data: Buffer) => received.push(data.toString()));
    serverSocket = await accepted;
    await new Promise((resolve) => client.once('open', resolve));
  });

  afterAll(async () => {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('finds the TCP connection under a ws socket (ws keeps it in _socket)', () => {
    expect(connectionOf(serverSocket)).toBeDefined();
    expect(connectionOf({} as WebSocket)).toBeUndefined();
  });

  it('sends the events of one turn in one write, in order, and the event of a later turn after them', async () => {
    const hub = new LiveHub({ log });
    hub.add(7, serverSocket);
    const connection = (serverSocket as unknown as { _socket: { _write: () => void; _writev: () => void } })._socket;
    const writes = vi.spyOn(connection, '_write');
    const batches = vi.spyOn(connection, '_writev');
    const events = [1, 2, 3].map(typing);

    for (const event of events) await hub.publish(7, event);
    expect(writes).not.toHaveBeenCalled(); // held until the turn's check phase
    await nextTurn();
    expect(batches).toHaveBeenCalledTimes(1);
    expect(writes).not.toHaveBeenCalled();

    await hub.publish(7, events[0]!);
    await nextTurn();
    await vi.waitFor(() => expect(received).toHaveLength(4));
    expect(received.map((text) => (JSON.parse(text) as { userId: number }).userId)).toEqual([1, 2, 3, 1]);
    writes.mockRestore();
    batches.mockRestore();
  });

  it('delivers to a socket without a reachable connection frame by frame', async () => {
    const send = vi.fn();
    const double = { readyState: 1, OPEN: 1, send } as unknown as WebSocket;
    const hub = new LiveHub({ log });
    hub.add(8, double);
    await hub.publish(8, typing(1));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
