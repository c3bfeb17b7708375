// The live benchmark's client side: a fleet of authenticated /ws sockets, one per user, that
// reports the chat messages and typing signals it receives, and a paced sender that posts chat
// messages through the API and times each one until the recipient's socket receives it.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { SESSION_COOKIE } from '#server/plugins/session.js';

export interface LiveUser {
  id: number;
  /** The fl_session token. */
  token: string;
}

type DeliveryListener = (content: string, receivedAt: number) => void;
/** `receiverId`'s socket heard that `typistId` types in bid `bidId`'s chat. */
type TypingListener = (receiverId: number, bidId: number, typistId: number, receivedAt: number) => void;

/**
 * Every socket of the fleet reports the new_message and typing events it receives here (the
 * others are skipped unparsed).
 */
export class SocketFleet {
  readonly sockets: WebSocket[] = [];
  /** Sockets that closed or failed after authenticating: should stay 0. */
  unexpectedCloses = 0;
  private readonly socketOf = new Map<number, WebSocket>();
  private onDelivery: DeliveryListener = () => undefined;
  private onTyping: TypingListener = () => undefined;
  private isClosing = false;

  listen(listener: DeliveryListener): void {
    this.onDelivery = listener;
  }

  listenForTyping(listener: TypingListener): void {
    this.onTyping = listener;
  }

  /** The client message a chat's text box sends while its user types; false when the user has no open socket. */
  sendTyping(userId: number, bidId: number): boolean {
    const socket = this.socketOf.get(userId);
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({ type: 'typing', bidId }));
    return true;
  }

  /**
   * Opens one socket per user, `concurrency` handshakes at a time, and resolves once every one has
   * its auth_success. Returns each socket's connect + auth milliseconds.
   */
  async connect(httpOrigin: string, users: LiveUser[], concurrency: number, timeoutMs = 15_000): Promise<number[]> {
    const wsUrl = `${httpOrigin.replace('http:', 'ws:')}/ws`;
    const durations: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < users.length) {
        const user = users[next++]!;
        const start = performance.now();
        const socket = await this.open(wsUrl, httpOrigin, user, timeoutMs);
        this.sockets.push(socket);
        this.socketOf.set(user.id, socket);
        durations.push(performance.now() - start);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, users.length) }, worker));
    return durations;
  }

  private open(wsUrl: string, origin: string, user: LiveUser, timeoutMs: number): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl, { headers: { cookie: `${SESSION_COOKIE}=${user.token}` }, origin, perMessageDeflate: false });
      let isAuthenticated = false;
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error(`user ${user.id}: no auth_success within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', userId: user.id })));
      socket.on('message', (data) => {
        const receivedAt = performance.now();
        const text = Buffer.isBuffer(data) ? data.toString() : Buffer.from(data as ArrayBuffer).toString();
        // The server writes `type` first; notifications (one per message) are not timed.
        if (text.startsWith('{"type":"new_message"')) {
          const event = JSON.parse(text) as { message: { content: string } };
          this.onDelivery(event.message.content, receivedAt);
        } else if (text.startsWith('{"type":"typing"')) {
          const event = JSON.parse(text) as { bidId: number; userId: number };
          this.onTyping(user.id, event.bidId, event.userId, receivedAt);
        } else if (!isAuthenticated && text.startsWith('{"type":"auth_success"')) {
          isAuthenticated = true;
          clearTimeout(timer);
          resolve(socket);
        } else if (!isAuthenticated) {
          clearTimeout(timer);
          reject(new Error(`user ${user.id}: expected auth_success, got ${text.slice(0, 200)}`));
        }
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`user ${user.id}: ${error.message}`));
      });
      socket.once('close', () => {
        if (isAuthenticated && !this.isClosing) this.unexpectedCloses++;
      });
    });
  }

  /** Closes every socket and waits (briefly) for the close handshakes. */
  async close(): Promise<void> {
    this.isClosing = true;
    const closed = this.sockets.map((socket) =>
      socket.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve())),
    );
    for (const socket of this.sockets) socket.close();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
    await Promise.race([Promise.all(closed), timeout]);
    for (const socket of this.sockets) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
    this.sockets.length = 0;
    this.socketOf.clear();
  }
}

/** One message to send: who sends it, on which bid. The recipient is the bid's other party. */
export interface Send {
  bidId: number;
  sender: LiveUser;
}

export interface LoadResult {
  sent: number;
  /** Messages whose POST answered 201. */
  accepted: number;
  delivered: number;
  /** Send-to-receive milliseconds of the delivered messages, ascending. */
  latencies: number[];
  /** POST round trips of the accepted messages, ascending. */
  postLatencies: number[];
  /** Messages actually sent per second (the pacing may fall behind on a busy machine). */
  achievedRate: number;
  /** This process's event-loop delay while sending: large values mean the client, not the server, was late. */
  clientLoopDelayP99: number;
  firstError: string | undefined;
}

interface Pending {
  startedAt: number;
  postMs?: number;
  latencyMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts `sends` at `rate` per second, each at its scheduled time (start + k / rate), over keep-alive
 * HTTP (fetch's shared pool), and times each from just before its POST to the moment the
 * recipient's socket receives it, matched by a unique token in the content. Waits up to
 * `drainMs` after the last send for stragglers.
 */
export async function sendPaced(fleet: SocketFleet, httpOrigin: string, sends: Send[], rate: number, label: string, drainMs = 10_000): Promise<LoadResult> {
  const pending = new Map<string, Pending>();
  let delivered = 0;
  let firstError: string | undefined;
  fleet.listen((content, receivedAt) => {
    const entry = pending.get(content);
    if (!entry || entry.latencyMs !== undefined) return;
    entry.latencyMs = receivedAt - entry.startedAt;
    delivered++;
  });

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const post = async (send: Send, content: string, entry: Pending) => {
    try {
      const response = await fetch(`${httpOrigin}/api/bids/${send.bidId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${send.sender.token}`, origin: httpOrigin },
        body: JSON.stringify({ content }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = await response.text();
      if (response.status === 201) entry.postMs = performance.now() - entry.startedAt;
      else firstError ??= `POST /api/bids/${send.bidId}/messages answered ${response.status}: ${body.slice(0, 300)}`;
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      firstError ??= `POST /api/bids/${send.bidId}/messages failed: ${error instanceof Error ? error.message : String(error)}${cause}`;
    }
  };

  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  let index = 0;
  while (index < sends.length) {
    const now = performance.now();
    while (index < sends.length && start + (index * 1000) / rate <= now) {
      const send = sends[index]!;
      const content = `${label}#${index}: are the socket handlers done?`;
      const entry: Pending = { startedAt: performance.now() };
      pending.set(content, entry);
      inFlight.push(post(send, content, entry));
      index++;
    }
    await sleep(1);
  }
  const sendingMs = performance.now() - start;
  await Promise.all(inFlight);
  loopDelay.disable();
  const drainUntil = performance.now() + drainMs;
  const accepted = [...pending.values()].filter((entry) => entry.postMs !== undefined).length;
  while (delivered < accepted && performance.now() < drainUntil) await sleep(10);
  fleet.listen(() => undefined);

  const entries = [...pending.values()];
  const ascending = (values: number[]) => values.sort((a, b) => a - b);
  return {
    sent: sends.length,
    accepted,
    delivered,
    latencies: ascending(entries.flatMap((entry) => (entry.latencyMs === undefined ? [] : [entry.latencyMs]))),
    postLatencies: ascending(entries.flatMap((entry) => (entry.postMs === undefined ? [] : [entry.postMs]))),
    // The last send goes out at (n - 1) / rate seconds.
    achievedRate: sends.length > 1 ? ((sends.length - 1) * 1000) / sendingMs : sends.length,
    clientLoopDelayP99: loopDelay.percentile(99) / 1e6,
    firstError,
  };
}
