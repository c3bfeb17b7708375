// The API benchmark's baseline: node:http and a pg Pool answering the three benchmarked URLs as a
// visitor with the same JSON as Finishline, sending Finishline's exact SQL: the statements the app
// sent (captured by app-server.ts into a JSON file), under the same names, so prepared where the app
// prepares and planned the same way. No framework, no schemas, no caching; rows as arrays, as the
// app's driver reads them.
//
//   node --import tsx bench/api/bare-server.ts <database-url> <statements.json>     prints {"port": n} when listening
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { postgresTimeouts } from '#server/db/client.js';

const [databaseUrl, statementsFile] = process.argv.slice(2);
if (!databaseUrl || !statementsFile) {
  console.error('usage: bare-server.ts <database-url> <statements.json>');
  process.exit(2);
}
// The app's pool size and idle timeout (src/server/db/client.ts), so neither refills its pool more often.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, idleTimeoutMillis: postgresTimeouts.idleTimeoutMillis });

const PAGE_DEFAULT = 50;

const captured = JSON.parse(readFileSync(statementsFile, 'utf8')) as Record<string, { text: string; values: unknown[] }>;
/**
 * The app's statement, with the values it first sent: by its name, or else the one whose text
 * contains `marker` among those sent unnamed or named `<name>_<n>` (a family named by text, decision 080).
 */
function statement(name: string, marker?: string): { name?: string; text: string; values: unknown[] } {
  if (captured[name]) return { name, ...captured[name] };
  const found = Object.entries(captured).filter(
    ([key, { text }]) => (key.startsWith('unnamed: ') || key.startsWith(`${name}_`)) && marker && text.includes(marker),
  );
  if (found.length !== 1) throw new Error(`${statementsFile} has no statement ${name}${marker ? ` nor one unnamed or ${name}_<n> with ${marker}` : ''}`);
  const [key, captive] = found[0]!;
  return key.startsWith('unnamed: ') ? captive : { name: key, ...captive };
}
// Browse (issue 30, decision 062): the page's ids from one statement, then their rows from
// projects_by_ids; a text first goes through the word lookup. Looked up on the first request: a run
// of the detail scenario alone (BENCH_API_SCENARIOS=detail) needs none of them.
let listStatement: ReturnType<typeof statement> | undefined;
let searchStatement: ReturnType<typeof statement> | undefined;
let wordsStatement: ReturnType<typeof statement> | undefined;
let rowsStatement: ReturnType<typeof statement> | undefined;
// The project page's statement: project_page_by_id carries the criteria since decision 031's third part.
const projectStatement = statement(captured.project_page_by_id ? 'project_page_by_id' : 'project_by_id');
const bidsStatement = statement('bids_of_project');
// The project page's acceptance criteria (issue 18): a statement of their own, sent beside the
// bids after the project, or, when the app's project statement carries them, its last column (a
// json array), and then the bids go out at the same time as the project, as the app sends them.
const criteriaInProjectStatement = projectStatement.text.includes('"project_criteria"');
const criteriaStatement = criteriaInProjectStatement ? null : statement('project_criteria', 'from "project_criteria"');

/** A project row as the app's select writes it: the project's columns, then eight computed ones. */
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
  /** bigint (decision 040): node-postgres returns it as text. */
  budget_cents: string | null;
  timeframe: string | null;
  delivery_message: string | null;
  completed_at: Date | null;
  accepted_at: Date | null;
  created_at: Date;
  submitter_username: string;
  submitter_avatar_url: string | null;
  finisher_username: string | null;
  finisher_avatar_url: string | null;
  bid_count: number;
  is_paid: boolean;
  submitter_rating: number | null;
  grant_repository_access: boolean;
  merge_accepts_delivery: boolean;
  repository_id: number | null;
  repository_provider: string | null;
  repository_full_name: string | null;
  repository_url: string | null;
  repository_is_private: boolean | null;
  report_status: string | null;
  report_languages: string[] | null;
  report_lines_of_code: number | null;
  report_test_files: number | null;
}

const computedColumns = [
  'submitter_username',
  'submitter_avatar_url',
  'finisher_username',
  'finisher_avatar_url',
  // bid_count is a column of projects since issue 30 (kept by a trigger), among the own columns.
  'is_paid',
  'submitter_rating',
  // The connected repository and its latest report's summary (issue 29): two primary-key joins.
  'repository_provider',
  'repository_full_name',
  'repository_url',
  'repository_is_private',
  'report_status',
  'report_languages',
  'report_lines_of_code',
  'report_test_files',
] as const;

async function queryProjects(query: { name?: string; text: string }, values: unknown[], extraColumns: string[] = []): Promise<ProjectRow[]> {
  const result = await pool.query<unknown[]>({ ...query, values, rowMode: 'array' });
  const computed = [...computedColumns, ...extraColumns];
  const own = result.fields.length - computed.length;
  const names = result.fields.map((field, i) => (i < own ? field.name : computed[i - own]!));
  return result.rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])) as unknown as ProjectRow);
}

interface BidRow {
  id: number;
  project_id: number;
  finisher_id: number;
  status: string;
  created_at: Date;
  finisher_username: string;
  finisher_avatar_url: string | null;
}

async function queryBids(projectId: number): Promise<BidRow[]> {
  const result = await pool.query<unknown[]>({ ...bidsStatement, values: [projectId], rowMode: 'array' });
  // The bid's columns, then the finisher's username, avatar and sign-up time and the project's submitter.
  const computed = ['finisher_username', 'finisher_avatar_url', 'finisher_created_at', 'project_submitter_id'];
  const own = result.fields.length - computed.length;
  const names = result.fields.map((field, i) => (i < own ? field.name : computed[i - own]!));
  return result.rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])) as unknown as BidRow);
}

interface Criterion {
  id: number;
  text: string;
}

async function queryCriteria(statement: { name?: string; text: string }, projectId: number): Promise<Criterion[]> {
  const result = await pool.query<[number, string]>({ ...statement, values: [projectId], rowMode: 'array' });
  return result.rows.map(([id, text]) => ({ id, text }));
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
    budget: row.budget_cents === null ? null : Math.round(Number(row.budget_cents) / 100),
    budgetCents: row.budget_cents === null ? null : Number(row.budget_cents),
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
    repository:
      row.repository_id !== null && row.repository_provider !== null
        ? {
            id: row.repository_id,
            provider: row.repository_provider,
            fullName: row.repository_full_name,
            url: row.repository_url,
            private: row.repository_is_private,
          }
        : null,
    repositorySummary: row.repository_provider
      ? {
          status: row.report_status ?? 'pending',
          languages: row.report_languages ?? [],
          linesOfCode: row.report_lines_of_code ?? 0,
          testFiles: row.report_test_files ?? 0,
        }
      : null,
    grantRepositoryAccess: row.grant_repository_access,
    mergeAcceptsDelivery: row.merge_accepts_delivery,
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

/** The app's cursor: the last row's time and id, and its sort key after them when the order has one (relevance's rank). */
const encodeCursor = (time: string, id: number, key: string | null) =>
  Buffer.from(JSON.stringify(key === null ? [time, id] : [time, id, key])).toString('base64url');

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), ...headers });
  res.end(json);
}

/** A row of browse's page statement: an id in the page's order, its sort key and time, and (relevance) how many were ranked. */
interface PageRow {
  id: number | null;
  key: string | null;
  time: string;
  total?: number;
}

/**
 * The benchmark's two browse URLs, as a visitor, first page: the list (newest first) and one word
 * (relevance). The app's statements with the values it sent for these URLs; the rows by the page's ids.
 */
async function listProjects(res: ServerResponse, params: URLSearchParams) {
  const q = params.get('q')?.trim();
  if ([...params.keys()].some((key) => key !== 'q')) return send(res, 400, { code: 'VALIDATION_FAILED', message: 'The bare server answers first pages only' });
  const limit = PAGE_DEFAULT;
  let page: PageRow[];
  if (q) {
    // The word lookup goes first, as in the app; its answer for this word is in the page statement's values.
    wordsStatement ??= statement('search_words_of_text');
    await pool.query(wordsStatement);
    searchStatement ??= statement('projects_page', 'with candidates');
    if (!searchStatement.values.includes(limit + 1) && !searchStatement.values.includes(String(limit + 1)))
      throw new Error('the captured search statement is not for this page size');
    page = (await pool.query<PageRow>(searchStatement)).rows;
    // The capped scan found enough to rank (projects.search.ts): what the app's first try answers.
    if ((page[0]?.total ?? 0) < 200) throw new Error(`the bare server answers a word with 200 matches among the newest listed projects; ${q} has fewer`);
  } else {
    listStatement ??= statement('projects_page', 'null as key');
    page = (await pool.query<PageRow>(listStatement)).rows;
  }
  const found = page.filter((row): row is PageRow & { id: number } => row.id !== null);
  const ids = found.slice(0, limit).map((row) => row.id);
  rowsStatement ??= statement('projects_by_ids');
  const rows = ids.length === 0 ? [] : await queryProjects(rowsStatement, [ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const headers: Record<string, string> = {};
  const last = found[limit - 1];
  if (found.length > limit && last) {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    next.set('limit', String(limit));
    next.set('cursor', encodeCursor(last.time, last.id, last.key));
    headers.link = `</api/projects?${next.toString()}>; rel="next"`;
  }
  send(
    res,
    200,
    ids.flatMap((id) => (byId.has(id) ? [toProject(byId.get(id)!)] : [])),
    headers,
  );
}

async function getProject(res: ServerResponse, id: number) {
  if (!criteriaStatement) {
    const [[project], bids] = await Promise.all([queryProjects(projectStatement, [id, 1], ['acceptance_criteria']), queryBids(id)]);
    if (!project) return send(res, 404, { code: 'NOT_FOUND', message: 'Project not found' });
    const criteria = (project as ProjectRow & { acceptance_criteria: Criterion[] }).acceptance_criteria;
    return send(res, 200, { ...toProject(project), bids: bids.map(toBid), acceptanceCriteria: criteria, deal: null });
  }
  const [project] = await queryProjects(projectStatement, [id, 1]);
  if (!project) return send(res, 404, { code: 'NOT_FOUND', message: 'Project not found' });
  const [bids, criteria] = await Promise.all([queryBids(id), queryCriteria(criteriaStatement, id)]);
  // A visitor is no party to a deal (issue 27): the machine's verdicts are for the owner and finisher only.
  send(res, 200, { ...toProject(project), bids: bids.map(toBid), acceptanceCriteria: criteria, deal: null });
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
