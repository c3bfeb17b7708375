import { type SQL, sql } from 'drizzle-orm';
import type { ListProjectsQuery } from '#shared/contracts/projects.js';
import { dollarsToCents } from '#shared/domain/money.js';
import { effectiveSort, type ProjectSort, projectSearchLimits } from '#shared/domain/project-search.js';
import type { DbOrTx } from '#server/db/client.js';
import { selectRows } from '#server/db/raw-rows.js';

/**
 * Browse's search (issue 30, items 1 and 2; decision 062). A page is found in two steps: this module
 * picks the ids of the page's projects in their order, from indexes, and projects.queries reads
 * those rows with everything a card shows.
 */

// ---------------------------------------------------------------- the page

/** Where a page starts: the sort key (none for newest), the time and the id of the last row before it. */
export interface SearchCursor {
  key: string | null;
  time: string;
  id: number;
}

export interface PageIds {
  ids: number[];
  next: SearchCursor | null;
}

interface CandidateRow {
  id: number;
  key: string | null;
  time: string;
}

/** Projects browse lists for everyone: 'Open for Bids' (the partial indexes cover exactly these). */
const listed = sql.raw(`p.status in ('open', 'active')`);

/** The sort key of each indexed order, as its index in migration 0022 spells it. */
const sortKeys: Record<Exclude<ProjectSort, 'relevance' | 'newest'>, SQL> = {
  budget_desc: sql.raw('coalesce(p.budget_cents, -1)'),
  budget_asc: sql.raw('-coalesce(p.budget_cents, 1000000000000000)'),
  fewest_bids: sql.raw('-p.bid_count'),
};

export interface PageRequest {
  viewerId: number | null;
  query: ListProjectsQuery;
  tsquery: string | null;
  cursor: SearchCursor | null;
}

function filtersOf({ query, tsquery }: PageRequest): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(sql`p.status = ${query.status}::project_status`);
  if (query.tech && query.tech.length > 0) filters.push(sql`p.tech_stack && ${sql.param(query.tech)}::text[]`);
  if (query.minBudget !== undefined) filters.push(sql`p.budget_cents >= ${dollarsToCents(query.minBudget)}`);
  if (query.maxBudget !== undefined) filters.push(sql`p.budget_cents <= ${dollarsToCents(query.maxBudget)}`);
  if (tsquery !== null) filters.push(sql`p.search_vector @@ ${tsquery}::tsquery`);
  return filters;
}

/**
 * The two sets a page draws from, each as its own ordered, limited scan: the listed projects, and
 * (for a signed-in viewer) their own projects in any other status. An OR of the two would keep
 * PostgreSQL from reading the listed ones in index order.
 */
function branches(request: PageRequest, select: SQL, after: SQL | null, order: SQL, limit: number): SQL {
  const conditions = [...filtersOf(request), ...(after ? [after] : [])];
  const where = (scope: SQL) => sql.join([scope, ...conditions], sql` and `);
  const listedBranch = sql`(select ${select} from projects p where ${where(listed)} order by ${order} limit ${limit})`;
  if (request.viewerId === null) return listedBranch;
  const own = sql`p.submitter_id = ${request.viewerId} and not (${listed})`;
  return sql`${listedBranch} union all (select ${select} from projects p where ${where(own)} order by ${order} limit ${limit})`;
}

/**
 * The ids of one page and where the next starts. Every order ends in newest first (created_at, id),
 * so a page boundary is exact; relevance ranks the newest rankedCandidates matches (decision 062).
 */
export async function findPageIds(db: DbOrTx, request: PageRequest): Promise<PageIds> {
  const limit = request.query.limit + 1;
  const sort = effectiveSort(request.query.sort, request.tsquery !== null);
  const { cursor } = request;
  let statement: SQL;
  if (sort === 'relevance') {
    const candidates = branches(
      request,
      sql.raw('p.id, p.created_at, p.search_vector'),
      null,
      sql.raw('p.created_at desc, p.id desc'),
      projectSearchLimits.rankedCandidates,
    );
    const after = cursor ? sql`where (k, created_at, id) < (${cursor.key}::real, ${cursor.time}::timestamptz, ${cursor.id})` : sql``;
    statement = sql`
      select id, k::text as key, created_at::text as time
      from (select id, created_at, ts_rank(search_vector, ${request.tsquery}::tsquery) as k from (${candidates}) as candidates) as ranked
      ${after}
      order by k desc, created_at desc, id desc
      limit ${limit}`;
  } else if (sort === 'newest') {
    const after = cursor ? sql`(p.created_at, p.id) < (${cursor.time}::timestamptz, ${cursor.id})` : null;
    const scans = branches(request, sql.raw('p.id, p.created_at'), after, sql.raw('p.created_at desc, p.id desc'), limit);
    statement = sql`select id, null as key, created_at::text as time from (${scans}) as page order by created_at desc, id desc limit ${limit}`;
  } else {
    const key = sortKeys[sort];
    const after = cursor ? sql`(${key}, p.created_at, p.id) < (${cursor.key}::bigint, ${cursor.time}::timestamptz, ${cursor.id})` : null;
    const scans = branches(request, sql`p.id, p.created_at, ${key} as k`, after, sql`${key} desc, p.created_at desc, p.id desc`, limit);
    statement = sql`select id, k::text as key, created_at::text as time from (${scans}) as page order by k desc, created_at desc, id desc limit ${limit}`;
  }
  const rows = await selectRows<CandidateRow>(db, statement);
  const page = rows.slice(0, request.query.limit);
  const last = page.at(-1);
  return {
    ids: page.map((row) => row.id),
    next: rows.length > request.query.limit && last ? { key: last.key, time: last.time, id: last.id } : null,
  };
}
