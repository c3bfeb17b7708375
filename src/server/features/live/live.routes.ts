import websocket from '@fastify/websocket';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { type ClientEvent, clientEventSchema, liveCloseCodes, type ServerEvent } from '#shared/events.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { LiveHub } from '#server/integrations/live/live-hub.js';
import { requestOrigin } from '#server/plugins/origin-check.js';
import { findLiveSessionHashes, hashToken } from '#server/plugins/session-store.js';

export interface LiveTimings {
  /** Every socket is pinged this often (a tenth of them at a time); one that has not answered the previous ping is dropped. 30 s unless given. */
  heartbeatMs?: number;
  /** A socket that has not sent a valid auth message by then is closed. 10 s unless given. */
  authTimeoutMs?: number;
}

/** Client messages are tiny ({type: 'auth', userId}); anything bigger is refused by ws itself. */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;

/**
 * The heartbeat visits the sockets a slice at a time, each slice once per heartbeat: pinging 2,000
 * sockets in one timer callback held the event loop about 65 ms (a write each), and their pongs and
 * the session check of all of them came back together; every request in flight waited behind them
 * (issue 32, the chat's tail).
 */
const HEARTBEAT_SLICES = 10;

/** A socket's slice, from its session's hash (hex): no state per socket, and uniform. */
function heartbeatSlice(sessionHash: string | undefined): number {
  return sessionHash === undefined ? 0 : Number.parseInt(sessionHash.slice(0, 4), 16) % HEARTBEAT_SLICES;
}

/** RFC 6455: the endpoint is going away (a server shutting down). */
const GOING_AWAY = 1001;

/** A text frame arrives as one Buffer; fragmented ones as a list of them. */
function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.isBuffer(data) ? data.toString() : Buffer.from(data).toString();
}

function parseClientEvent(data: RawData, isBinary: boolean): ClientEvent | null {
  if (isBinary) return null;
  try {
    const parsed = clientEventSchema.safeParse(JSON.parse(textOf(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function send(socket: WebSocket, event: ServerEvent) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

function refuse(socket: WebSocket, code: number, message: string) {
  send(socket, { type: 'error', message });
  socket.close(code, message);
}

/**
 * The upgrade is refused before any socket exists unless the session cookie names a user (401)
 * and, when the browser says where the page came from, it is our own origin (403): a page on
 * another site must not open a socket with the visitor's cookie.
 */
function refuseUnlessSignedIn(publicOrigin: string | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== requestOrigin(request, publicOrigin)) {
      throw new AppError('CROSS_ORIGIN_REFUSED', 'Cross-origin request refused');
    }
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  };
}

/**
 * @fastify/websocket keeps the upgrade's request and reply as long as the socket lives: its error
 * listener closes over them, and the hijacked HTTP response stays attached to the TCP socket. With
 * them go the headers, Fastify's request and reply and the user's row, several KiB a socket for
 * hours. This swaps the listener for one that does what the plugin's default does (log, terminate)
 * and detaches the response, so all of that is garbage once the socket is open.
 */
function releaseUpgrade(socket: WebSocket, raw: IncomingMessage, response: ServerResponse | undefined, onError: (this: WebSocket, error: Error) => void) {
  socket.removeAllListeners('error');
  socket.on('error', onError);
  response?.detachSocket(raw.socket);
}

/** GET /ws: the live connection of spec sections 4 and 7. */
/** Who hears that a user types in a bid's chat: the other party, or null when the user is not one of the two. */
export type TypingRecipient = (userId: number, bidId: number) => Promise<number | null>;

/** A socket's typing messages reach the other party at most this often, per conversation. */
const TYPING_INTERVAL_MS = 1_000;

export async function liveRoutes(
  app: FastifyInstance,
  hub: LiveHub,
  ctx: Pick<AppContext, 'db' | 'config'>,
  timings: LiveTimings = {},
  typingRecipient: TypingRecipient = async () => null,
): Promise<void> {
  const heartbeatMs = timings.heartbeatMs ?? 30_000;
  const authTimeoutMs = timings.authTimeoutMs ?? 10_000;
  // At shutdown every socket is told 1001 Going Away, so the client reconnects at once, through the
  // proxy, to another instance. Added before the plugin registers its own preClose hook, which
  // then only finds sockets already closing.
  app.addHook('preClose', async () => {
    for (const socket of app.websocketServer.clients) socket.close(GOING_AWAY, 'Server shutting down');
  });
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });

  const awaitingPong = new WeakSet<WebSocket>();
  /** Each socket's session, by its token's hash (the sessions table's key), hashed once when it opens. */
  const sessionOf = new WeakMap<WebSocket, string>();
  /** Slices whose session check is still waiting for the database: their next turn does not ask again. */
  const checkingSlices = new Set<number>();

  /**
   * A socket outlives the request that opened it. Once its session ends (logout, sign-out
   * elsewhere, a password change or reset, expiry) it is closed, so whoever holds it hears no more
   * of that user's messages and notifications.
   */
  async function closeEndedSessions(slice: number, sockets: WebSocket[]) {
    if (checkingSlices.has(slice) || sockets.length === 0) return;
    checkingSlices.add(slice);
    try {
      const live = await findLiveSessionHashes(ctx.db, ctx.config, [...new Set(sockets.map((socket) => sessionOf.get(socket)!))]);
      for (const socket of sockets) if (!live.has(sessionOf.get(socket)!)) refuse(socket, liveCloseCodes.unauthenticated, 'Your session has ended');
    } catch (error) {
      // Without the database the sockets stay; the slice's next turn asks again.
      app.log.warn({ err: error }, 'live connection: could not check sessions');
    } finally {
      checkingSlices.delete(slice);
    }
  }

  // Each turn pings one slice: a socket still owing the pong of its previous turn, a heartbeat ago,
  // is dropped; the slice's sessions are checked in one statement.
  let turn = 0;
  const heartbeat = setInterval(
    () => {
      const slice = turn;
      turn = (turn + 1) % HEARTBEAT_SLICES;
      const checked: WebSocket[] = [];
      for (const socket of app.websocketServer.clients) {
        const sessionHash = sessionOf.get(socket);
        if (heartbeatSlice(sessionHash) !== slice) continue;
        if (awaitingPong.has(socket)) {
          socket.terminate();
          continue;
        }
        awaitingPong.add(socket);
        socket.ping();
        if (sessionHash !== undefined) checked.push(socket);
      }
      void closeEndedSessions(slice, checked);
    },
    Math.max(1, Math.round(heartbeatMs / HEARTBEAT_SLICES)),
  );
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  /** As the plugin's default error handler (log, terminate), shared by every socket (releaseUpgrade). */
  function onSocketError(this: WebSocket, error: Error) {
    app.log.error(error);
    this.terminate();
  }
  function onPong(this: WebSocket) {
    awaitingPong.delete(this);
  }
  // The upgrade's HTTP response by its request, for the handler to let go of (releaseUpgrade).
  const upgradeResponses = new WeakMap<IncomingMessage, ServerResponse>();
  const keepUpgradeResponse = async (request: FastifyRequest, reply: FastifyReply) => {
    upgradeResponses.set(request.raw, reply.raw);
  };

  app.get(
    '/ws',
    { websocket: true, onRequest: refuseUnlessSignedIn(ctx.config.publicOrigin), preHandler: keepUpgradeResponse, schema: { hide: true } },
    (socket, request) => {
      // Only the ids stay with the socket (issue 32: memory per socket); nothing below may name `request`.
      const userId = request.user!.id; // the guard refused visitors
      sessionOf.set(socket, hashToken(request.sessionToken!));
      releaseUpgrade(socket, request.raw, upgradeResponses.get(request.raw), onSocketError);
      let isAuthenticated = false;
      // Per conversation, made at the first typing: when this socket last passed one on, and to whom (asked once).
      let typing: Map<number, { sentAt: number; recipient: Promise<number | null> }> | undefined;

      let authTimer: NodeJS.Timeout | undefined = setTimeout(() => refuse(socket, liveCloseCodes.unauthenticated, 'Authentication timed out'), authTimeoutMs);

      socket.on('pong', onPong);
      socket.on('close', () => {
        clearTimeout(authTimer);
        if (isAuthenticated) hub.remove(userId, socket);
      });
      socket.on('message', (data, isBinary) => {
        const event = parseClientEvent(data, isBinary);
        if (!event) {
          if (isAuthenticated) send(socket, { type: 'error', message: 'Unsupported message' });
          else refuse(socket, liveCloseCodes.unauthenticated, 'The first message must be an auth message');
          return;
        }
        if (event.type === 'typing') {
          if (!isAuthenticated) return refuse(socket, liveCloseCodes.unauthenticated, 'The first message must be an auth message');
          const { bidId } = event;
          const now = Date.now();
          typing ??= new Map();
          let passed = typing.get(bidId);
          if (passed && now - passed.sentAt < TYPING_INTERVAL_MS) return;
          if (passed) passed.sentAt = now;
          else typing.set(bidId, (passed = { sentAt: now, recipient: typingRecipient(userId, bidId).catch(() => null) }));
          void passed.recipient.then((recipientId) => {
            if (recipientId !== null) void hub.publish(recipientId, { type: 'typing', bidId, userId });
          });
          return;
        }
        // Auth: the cookie says who this is; the claim must agree.
        if (event.userId !== userId) {
          refuse(socket, liveCloseCodes.forbidden, 'You can only connect as the signed-in user');
          return;
        }
        if (!isAuthenticated) {
          isAuthenticated = true;
          clearTimeout(authTimer);
          authTimer = undefined;
          hub.add(userId, socket);
        }
        send(socket, { type: 'auth_success', userId });
      });
    },
  );
}
