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
  /** Every socket is pinged this often; one that has not answered the previous ping is dropped. 30 s unless given. */
  heartbeatMs?: number;
  /** A socket that has not sent a valid auth message by then is closed. 10 s unless given. */
  authTimeoutMs?: number;
}

/** Client messages are tiny ({type: 'auth', userId}); anything bigger is refused by ws itself. */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;

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
  let isCheckingSessions = false;

  /**
   * A socket outlives the request that opened it. Once its session ends (logout, sign-out
   * elsewhere, a password change or reset, expiry) it is closed, so whoever holds it hears no more
   * of that user's messages and notifications.
   */
  async function closeEndedSessions() {
    const sockets = [...app.websocketServer.clients].filter((socket) => sessionOf.has(socket));
    if (isCheckingSessions || sockets.length === 0) return;
    isCheckingSessions = true;
    try {
      const live = await findLiveSessionHashes(ctx.db, ctx.config, [...new Set(sockets.map((socket) => sessionOf.get(socket)!))]);
      for (const socket of sockets) if (!live.has(sessionOf.get(socket)!)) refuse(socket, liveCloseCodes.unauthenticated, 'Your session has ended');
    } catch (error) {
      // Without the database the sockets stay; the next heartbeat asks again.
      app.log.warn({ err: error }, 'live connection: could not check sessions');
    } finally {
      isCheckingSessions = false;
    }
  }

  const heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (awaitingPong.has(socket)) {
        socket.terminate();
        continue;
      }
      awaitingPong.add(socket);
      socket.ping();
    }
    void closeEndedSessions();
  }, heartbeatMs);
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
