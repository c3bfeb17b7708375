import type { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import type { WebSocket } from 'ws';
import type { ServerEvent } from '#shared/events.js';

/**
 * What features need from the live connection: push one event to every open socket of a user.
 * app.ts creates the hub and hands it to the features that push (notifications, conversations,
 * milestones) and to the /ws route (features/live), so none of them imports another.
 */
export interface LivePublisher {
  /** Never rejects: a live push is best effort, the stored row is the truth. */
  publish(userId: number, event: ServerEvent): Promise<void>;
}

export interface LiveHubOptions {
  log: FastifyBaseLogger;
  /** With Redis every instance hears every publish and delivers to its own sockets. */
  redis?: RedisClientType;
  /** The Redis channel all instances share. */
  channel?: string;
  /** A user with more open sockets than this loses the oldest one. */
  maxSocketsPerUser?: number;
}

interface Envelope {
  userId: number;
  event: ServerEvent;
}

const DEFAULT_CHANNEL = 'finishline:live';

/**
 * The registry of authenticated sockets (userId -> sockets) of this instance, and the fan-out
 * between instances. Without Redis, publish delivers locally; with Redis, publish only goes to
 * the channel and every instance (this one included) delivers what it hears to its own sockets,
 * so a user's tabs on different instances all get the event exactly once.
 */
export class LiveHub implements LivePublisher {
  private readonly socketsByUser = new Map<number, Set<WebSocket>>();
  private readonly log: FastifyBaseLogger;
  private readonly redis: RedisClientType | undefined;
  private readonly channel: string;
  private readonly maxSocketsPerUser: number;
  private subscriber: RedisClientType | undefined;
  /** Connections corked until this turn of the event loop ends (holdWrites). */
  private readonly corked = new Set<Pick<Writable, 'cork' | 'uncork'>>();

  constructor(options: LiveHubOptions) {
    this.log = options.log;
    this.redis = options.redis;
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? 20;
  }

  /** Subscribes to the shared channel. A subscribed Redis connection can do nothing else, hence the duplicate. */
  async start(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    const subscriber = this.redis.duplicate();
    subscriber.on('error', (error: unknown) => this.log.error({ err: error }, 'live hub: redis subscriber error'));
    await subscriber.connect();
    await subscriber.subscribe(this.channel, (message) => this.onChannelMessage(message));
    this.subscriber = subscriber;
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) {
      await subscriber.unsubscribe(this.channel).catch(() => undefined);
      await subscriber.close().catch(() => subscriber.destroy());
    }
    this.socketsByUser.clear();
  }

  add(userId: number, socket: WebSocket): void {
    const sockets = this.socketsByUser.get(userId) ?? new Set<WebSocket>();
    if (sockets.size >= this.maxSocketsPerUser) {
      // Sets iterate in insertion order: the first one is the oldest.
      const oldest = sockets.values().next().value;
      if (oldest) {
        sockets.delete(oldest);
        oldest.close(1008, 'Too many connections');
      }
    }
    sockets.add(socket);
    this.socketsByUser.set(userId, sockets);
  }

  remove(userId: number, socket: WebSocket): void {
    const sockets = this.socketsByUser.get(userId);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.socketsByUser.delete(userId);
  }

  /** How many authenticated sockets this instance holds for a user (tests and diagnostics). */
  countSockets(userId: number): number {
    return this.socketsByUser.get(userId)?.size ?? 0;
  }

  async publish(userId: number, event: ServerEvent): Promise<void> {
    if (!this.redis) {
      this.deliverLocally(userId, event);
      return;
    }
    try {
      await this.redis.publish(this.channel, JSON.stringify({ userId, event } satisfies Envelope));
    } catch (error) {
      // Redis is down: this instance's sockets still get it; the others' users see it on refresh.
      this.log.error({ err: error, event: event.type }, 'live hub: redis publish failed; delivering locally only');
      this.deliverLocally(userId, event);
    }
  }

  private onChannelMessage(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      this.log.warn('live hub: ignored a malformed channel message');
      return;
    }
    if (!Number.isInteger(envelope?.userId) || typeof envelope.event?.type !== 'string') return;
    this.deliverLocally(envelope.userId, envelope.event);
  }

  private deliverLocally(userId: number, event: ServerEvent): void {
    const sockets = this.socketsByUser.get(userId);
    if (!sockets) return;
    const data = JSON.stringify(event);
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      this.holdWrites(socket);
      socket.send(data);
    }
  }

  /**
   * The frames a socket gets within one turn of the event loop leave in one write: a chat message
   * pushes three events to its recipient (the notification, the message, the change), and each
   * write is a system call that also runs the loopback or network stack (about 0.13 ms of CPU on a
   * small machine, issue 32). The connection is corked until the turn's check phase (setImmediate),
   * which follows the I/O callbacks of the same turn: a frame waits for no timer and no new I/O.
   */
  private holdWrites(socket: WebSocket): void {
    const connection = connectionOf(socket);
    if (!connection || this.corked.has(connection)) return;
    connection.cork();
    this.corked.add(connection);
    if (this.corked.size === 1) setImmediate(() => this.releaseWrites());
  }

  private releaseWrites(): void {
    for (const connection of this.corked) connection.uncork();
    this.corked.clear();
  }
}

/**
 * The TCP connection under a ws socket. ws keeps it in `_socket` (not in its types); a ws without it
 * (a test double) is written to frame by frame, as before. live-hub.test.ts checks a real one has it.
 */
export function connectionOf(socket: WebSocket): Pick<Writable, 'cork' | 'uncork'> | undefined {
  const connection = (socket as unknown as { _socket?: Partial<Writable> })._socket;
  return typeof connection?.cork === 'function' && typeof connection.uncork === 'function' ? (connection as Writable) : undefined;
}

/** A hub subscribed to the shared channel, which stops (and closes its Redis subscriber) when the app closes. */
export async function startLiveHub(app: FastifyInstance, options: LiveHubOptions): Promise<LiveHub> {
  const hub = new LiveHub(options);
  await hub.start();
  app.addHook('onClose', () => hub.stop());
  return hub;
}
