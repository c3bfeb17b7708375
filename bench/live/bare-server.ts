// The live benchmark's floor: a bare relay that speaks just enough of Finishline's live protocol for
// bench/live/clients.ts, with node:http and ws and nothing else (no Fastify, no database, no session
// lookup). Its figures are what the machine, the loopback network and the benchmark's own client
// cost; Finishline's beside them are that plus the app.
//
//   node --expose-gc --import tsx bench/live/bare-server.ts <data.json>
//
// data.json: { "sessions": [[token, userId], ...], "bids": [[bidId, ownerId, finisherId], ...] }.
// - GET /ws upgrades when the fl_session cookie names a known session; `{type:'auth', userId}`
//   answers auth_success, `{type:'typing', bidId}` reaches the bid's other party as
//   `{type:'typing', bidId, userId}`, at most once a second per socket and bid (as the app does).
// - POST /api/bids/{bidId}/messages (JSON {content}) pushes `{type:'new_message', ...}` with the
//   content to the other party's sockets and answers 201.
// Prints {"port": n, "pid": n} when listening and answers {type:'stats'} over IPC as app-server.ts.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { answerStatsRequests } from './server-stats.js';

const [dataPath] = process.argv.slice(2);
if (!dataPath) {
  console.error('usage: bare-server.ts <data.json>');
  process.exit(2);
}
const data = JSON.parse(readFileSync(dataPath, 'utf8')) as { sessions: [string, number][]; bids: [number, number, number][] };
const userOfToken = new Map(data.sessions);
const partiesOf = new Map(data.bids.map(([bidId, ownerId, finisherId]) => [bidId, { ownerId, finisherId }]));
const socketsByUser = new Map<number, Set<WebSocket>>();
const TYPING_INTERVAL_MS = 1_000;

function userOf(request: IncomingMessage): number | undefined {
  const token = /(?:^|;\s*)fl_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  return token === undefined ? undefined : userOfToken.get(token);
}

function otherParty(bidId: number, userId: number): number | null {
  const parties = partiesOf.get(bidId);
  if (!parties) return null;
  if (userId === parties.ownerId) return parties.finisherId;
  return userId === parties.finisherId ? parties.ownerId : null;
}

function deliver(userId: number, text: string) {
  for (const socket of socketsByUser.get(userId) ?? []) if (socket.readyState === socket.OPEN) socket.send(text);
}

let messageId = 0;
const server = createServer((request, response) => {
  const match = /^\/api\/bids\/(\d+)\/messages$/.exec(request.url ?? '');
  const userId = userOf(request);
  if (request.method !== 'POST' || !match || userId === undefined) {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const bidId = Number(match[1]);
    const recipientId = otherParty(bidId, userId);
    if (recipientId === null) {
      response.writeHead(403).end();
      return;
    }
    const { content } = JSON.parse(Buffer.concat(chunks).toString()) as { content: string };
    const message = { id: ++messageId, content, senderId: userId, receiverId: recipientId, createdAt: new Date().toISOString() };
    deliver(recipientId, JSON.stringify({ type: 'new_message', bidId, thread: { id: bidId, title: '' }, message }));
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(message));
  });
});

const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
server.on('upgrade', (request, socket, head) => {
  const userId = userOf(request);
  if (request.url !== '/ws' || userId === undefined) {
    socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
    return;
  }
  wss.handleUpgrade(request, socket, head, (ws) => {
    const typingSentAt = new Map<number, number>();
    let isAuthenticated = false;
    ws.on('message', (raw: RawData) => {
      const event = JSON.parse((raw as Buffer).toString()) as { type: string; userId?: number; bidId?: number };
      if (event.type === 'auth' && event.userId === userId) {
        if (!isAuthenticated) {
          isAuthenticated = true;
          const sockets = socketsByUser.get(userId) ?? new Set<WebSocket>();
          sockets.add(ws);
          socketsByUser.set(userId, sockets);
        }
        ws.send(JSON.stringify({ type: 'auth_success', userId }));
      } else if (event.type === 'typing' && isAuthenticated && typeof event.bidId === 'number') {
        const now = Date.now();
        if (now - (typingSentAt.get(event.bidId) ?? 0) < TYPING_INTERVAL_MS) return;
        typingSentAt.set(event.bidId, now);
        const recipientId = otherParty(event.bidId, userId);
        if (recipientId !== null) deliver(recipientId, JSON.stringify({ type: 'typing', bidId: event.bidId, userId }));
      }
    });
    ws.on('close', () => socketsByUser.get(userId)?.delete(ws));
  });
});

answerStatsRequests(() => 0);
const stop = () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('disconnect', stop);

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, pid: process.pid }));
});
