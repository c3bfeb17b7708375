import { describe, expect, it } from 'vitest';
import { LiveConnection, type LiveSocket, liveSocketUrl, parseServerEvent, reconnectDelay } from './live-connection.js';

class FakeSocket implements LiveSocket {
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop() {
    this.onclose?.({});
  }
}

function harness(userId = 7) {
  const sockets: FakeSocket[] = [];
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  const events: unknown[] = [];
  const connection = new LiveConnection({
    url: 'ws://localhost/ws',
    userId,
    onEvent: (event) => events.push(event),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers: {
      setTimeout: (callback, ms) => {
        const timer = { callback, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => {
        (handle as { cleared: boolean }).cleared = true;
      },
    },
  });
  const fireLastTimer = () => timers.at(-1)!.callback();
  return { connection, sockets, timers, events, fireLastTimer };
}

describe('reconnectDelay', () => {
  it('is 1000 ms times 1.5 to the power of the attempt, capped at 30000 ms', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(1)).toBe(1500);
    expect(reconnectDelay(2)).toBe(2250);
    expect(reconnectDelay(3)).toBe(3375);
    expect(reconnectDelay(8)).toBeCloseTo(25_628.906, 2);
    expect(reconnectDelay(9)).toBe(30_000);
    expect(reconnectDelay(50)).toBe(30_000);
  });
});

describe('liveSocketUrl', () => {
  it('uses wss on https and ws otherwise, on the page host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'finishline.dev' })).toBe('wss://finishline.dev/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5055' })).toBe('ws://localhost:5055/ws');
  });
});

describe('parseServerEvent', () => {
  it('accepts known events and ignores anything else', () => {
    expect(parseServerEvent(JSON.stringify({ type: 'auth_success', userId: 3 }))).toEqual({ type: 'auth_success', userId: 3 });
    expect(parseServerEvent('not json')).toBeNull();
    expect(parseServerEvent(JSON.stringify({ type: 'mystery' }))).toBeNull();
    expect(parseServerEvent(JSON.stringify({ type: 'notification', notification: { id: 1 } }))).toBeNull();
    expect(parseServerEvent(new ArrayBuffer(2))).toBeNull();
  });
});

describe('LiveConnection', () => {
  it('authenticates with the user id once open and reports auth_success', () => {
    const { connection, sockets, events } = harness(42);
    connection.start();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://localhost/ws');
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ type: 'auth', userId: 42 })]);
    expect(connection.isAuthenticated).toBe(false);
    sockets[0]!.receive({ type: 'auth_success', userId: 42 });
    expect(connection.isAuthenticated).toBe(true);
    expect(events).toEqual([{ type: 'auth_success', userId: 42 }]);
  });

  it('reconnects with a growing delay and resets the attempts when a socket opens', () => {
    const { connection, sockets, timers, fireLastTimer } = harness();
    connection.start();
    sockets[0]!.drop();
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    fireLastTimer();
    sockets[1]!.drop();
    fireLastTimer();
    sockets[2]!.drop();
    expect(timers.map((timer) => timer.ms)).toEqual([1000, 1500, 2250]);
    fireLastTimer();
    sockets[3]!.open();
    sockets[3]!.receive({ type: 'auth_success', userId: 7 });
    expect(connection.isAuthenticated).toBe(true);
    sockets[3]!.drop();
    expect(connection.isAuthenticated).toBe(false);
    expect(timers.at(-1)!.ms).toBe(1000);
  });

  it('disconnects on stop and does not reconnect', () => {
    const { connection, sockets, timers } = harness();
    connection.start();
    sockets[0]!.open();
    connection.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[0]!.drop();
    expect(timers).toHaveLength(0);
  });

  it('cancels a pending reconnect on stop', () => {
    const { connection, sockets, timers } = harness();
    connection.start();
    sockets[0]!.drop();
    connection.stop();
    expect(timers[0]!.cleared).toBe(true);
    timers[0]!.callback();
    expect(sockets).toHaveLength(1);
  });
});
