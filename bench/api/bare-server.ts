// The API benchmark's baseline: node:http and a pg Pool answering the three benchmarked URLs as a
// visitor, with hand-written SQL that does the same work as Finishline's queries (same joins,
// bid-count, paid and rating subqueries, search expression, ordering, LIMIT, two queries for a detail)
// and the same JSON. No framework, no schemas, no caching.
//
//   node --import tsx bench/api/bare-server.ts <database-url>     prints {"port": n} when listening
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

const databaseUrl = process.argv[2];
if (!databaseUrl) {
  console.error('usage: bare-server.ts <database-url>');
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });

const PAGE_DEFAULT = 50;
const PAGE_MAX = 100;

// The submitter's rating: average stars received, when the schema has reviews (else always null).
const { rows: schemaRows } = await pool.query<{ hasReviews: boolean }>(`SELECT to_regclass('reviews') IS NOT NULL AS "hasReviews"`);
const submitterRating = schemaRows[0]?.hasReviews
  ? '(SELECT round(avg(r.rating), 1)::float FROM reviews r WHERE r.reviewee_id = p.submitter_id)'
  : 'NULL::float';

const projectColumns = `
  p.id, p.name, p.description, p.tech_stack, p.code_link, p.image_url, p.status, p.submitter_id, p.finisher_id,
  p.budget_cents, p.timeframe, p.delivery_message, p.completed_at, p.accepted_at, p.created_at, p.created_at::text AS cursor_time,
  u.username AS submitter_username, u.avatar_url AS submitter_avatar_url,
  f.username AS finisher_username, f.avatar_url AS finisher_avatar_url,
  (SELECT count(*)::int FROM bids b WHERE b.project_id = p.id) AS bid_count,
  EXISTS (SELECT 1 FROM bids b WHERE b.project_id = p.id AND b.status IN ('paid', 'completed')) AS is_paid,
  ${submitterRating} AS submitter_rating
  FROM projects p
  JOIN users u ON u.id = p.submitter_id
  LEFT JOIN users f ON f.id = p.finisher_id`;

interface ProjectRow {
  id: number;
  name: string;
  description: string;
  tech_stack: string[];
  code_link: string;
  image_url: string | null;
  status: string;
  submitter_id: number;
  finisher_id: number | null;
  budget_cents: number | null;
  timeframe: string | null;
  delivery_message: string | null;
  completed_at: Date | null;
  accepted_at: Date | null;
  created_at: Date;
  cursor_time: string;
  submitter_username: string;
  submitter_avatar_url: string | null;
  finisher_username: string | null;
  finisher_avatar_url: string | null;
  bid_count: number;
  is_paid: boolean;
  submitter_rating: number | null;
}

interface BidRow {
  id: number;
  project_id: number;
  finisher_id: number;
  amount_cents: number;
  timeline_days: number;
  message: string;
  status: string;
  payment_intent_id: string | null;
  created_at: Date;
  finisher_username: string;
  finisher_avatar_url: string | null;
  project_submitter_id: number;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

// Every request here is a visitor's: no delivery message, no bid details.
function toProject(row: ProjectRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    techStack: row.tech_stack,
    codeLink: row.code_link,
    imageUrl: row.image_url,
    status: row.status,
    submitterId: row.submitter_id,
    finisherId: row.finisher_id,
    budget: row.budget_cents === null ? null : Math.round(row.budget_cents / 100),
    budgetCents: row.budget_cents,
    timeframe: row.timeframe,
    deliveryMessage: null,
    completedAt: iso(row.completed_at),
    acceptedAt: iso(row.accepted_at),
    createdAt: row.created_at.toISOString(),
    bidCount: row.bid_count,
    submitter: { id: row.submitter_id, username: row.submitter_username, avatarUrl: row.submitter_avatar_url, rating: row.submitter_rating },
    finisher:
      row.finisher_id !== null && row.finisher_username !== null
        ? { id: row.finisher_id, username: row.finisher_username, avatarUrl: row.finisher_avatar_url }
        : null,
    isPaid: row.is_paid,
  };
}

function toBid(row: BidRow) {
  return {
    id: row.id,
    projectId: row.project_id,
    finisherId: row.finisher_id,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    developerUsername: row.finisher_username,
    finisher: { id: row.finisher_id, username: row.finisher_username, avatarUrl: row.finisher_avatar_url },
    detailsHidden: true,
  };
}

const encodeCursor = (time: string, id: number) => Buffer.from(JSON.stringify([time, id])).toString('base64url');

function decodeCursor(value: string): { time: string; id: number } | null {
  try {
    const [time, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    return typeof time === 'string' && Number.isSafeInteger(id) ? { time, id: id as number } : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), ...headers });
  res.end(json);
}

async function listProjects(res: ServerResponse, params: URLSearchParams) {
  const q = params.get('q')?.trim();
  const limit = params.has('limit') ? Number(params.get('limit')) : PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX || (q && q.length > 200))
    return send(res, 400, { code: 'VALIDATION_FAILED', message: 'Invalid request' });
  const cursorText = params.get('cursor');
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  if (cursorText && !cursor) return send(res, 400, { code: 'VALIDATION_FAILED', message: 'The cursor is not valid' });

  const values: unknown[] = [];
  const where = [`p.status IN ('open', 'active')`];
  if (q) {
    values.push(`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`lower(p.name || ' ' || p.description) LIKE $${values.length}`); // the trigram index's expression
  }
  if (cursor) {
    values.push(cursor.time, cursor.id);
    where.push(`(p.created_at, p.id) < ($${values.length - 1}::timestamptz, $${values.length})`);
  }
  values.push(limit + 1);
  const { rows } = await pool.query<ProjectRow>(
    `SELECT ${projectColumns} WHERE ${where.join(' AND ')} ORDER BY p.created_at DESC, p.id DESC LIMIT $${values.length}`,
    values,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const headers: Record<string, string> = {};
  if (rows.length > limit && last) {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    next.set('limit', String(limit));
    next.set('cursor', encodeCursor(last.cursor_time, last.id));
    headers.link = `</api/projects?${next.toString()}>; rel="next"`;
  }
  send(res, 200, page.map(toProject), headers);
}

async function getProject(res: ServerResponse, id: number) {
  const { rows } = await pool.query<ProjectRow>(`SELECT ${projectColumns} WHERE p.id = $1 LIMIT 1`, [id]);
  const project = rows[0];
  if (!project) return send(res, 404, { code: 'NOT_FOUND', message: 'Project not found' });
  const bids = await pool.query<BidRow>(
    `SELECT b.id, b.project_id, b.finisher_id, b.amount_cents, b.timeline_days, b.message, b.status, b.payment_intent_id, b.created_at,
            u.username AS finisher_username, u.avatar_url AS finisher_avatar_url, p.submitter_id AS project_submitter_id
       FROM bids b JOIN users u ON u.id = b.finisher_id JOIN projects p ON p.id = b.project_id
      WHERE b.project_id = $1
      ORDER BY b.created_at DESC, b.id DESC`,
    [id],
  );
  send(res, 200, { ...toProject(project), bids: bids.rows.map(toBid) });
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/api/projects') return listProjects(res, url.searchParams);
  const detail = req.method === 'GET' ? /^\/api\/projects\/(\d{1,10})$/.exec(url.pathname) : null;
  if (detail) {
    const id = Number(detail[1]);
    if (id < 1 || id > 2_147_483_647) return send(res, 400, { code: 'VALIDATION_FAILED', message: 'Invalid request' });
    return getProject(res, id);
  }
  send(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
}

let inFlight = 0;
const server = createServer((req, res) => {
  inFlight += 1;
  handle(req, res)
    .catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) send(res, 500, { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
      else res.destroy();
    })
    .finally(() => (inFlight -= 1));
});

// Requests whose client has gone still run to the end; the pool closes after them.
const stop = async () => {
  server.close();
  server.closeAllConnections();
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
