// The floor of a cold start (issue 33): a bare node process that opens the same PGlite directory as
// the app (DATA_DIR/pglite, with the pg_trgm extension the app's schema uses) and answers requests
// with node:http, reading the signed-in user from the session row the way GET /api/user does (the
// cookie token's SHA-256, the session joined to its user). bench/cold-start.ts alternates it with
// the app's start; nothing else runs it.
//
//   DATA_DIR=... PORT=... HOST=127.0.0.1 node bench/cold-start-bare.mjs
//
// Plain JavaScript, so that node starts it without a loader, as `npm start` starts the built app.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });

const sessionToken = (cookieHeader = '') => {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'fl_session') return decodeURIComponent(value.join('='));
  }
  return undefined;
};

const server = createServer(async (request, response) => {
  try {
    const token = sessionToken(request.headers.cookie);
    const tokenHash = token ? createHash('sha256').update(token).digest('hex') : '';
    const { rows } = await db.query(
      'select u.*, s.last_seen_at, s.expires_at from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.expires_at > now() limit 1',
      [tokenHash],
    );
    const user = rows[0];
    response.writeHead(user ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(user ? { id: user.id, email: user.email, username: user.username, role: user.role } : { code: 'UNAUTHENTICATED' }));
  } catch (error) {
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end(String(error));
  }
});

const shutdown = () => server.close(() => void db.close().then(() => process.exit(0)));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
