import { type SQL, sql } from 'drizzle-orm';
import type { ListProjectsQuery } from '#shared/contracts/projects.js';
import { dollarsToCents } from '#shared/domain/money.js';
import { effectiveSort, type ProjectSort, projectSearchLimits } from '#shared/domain/project-search.js';
import { openForBidsStatuses } from '#shared/domain/project-lifecycle.js';
import { sqlList } from '#server/db/sql-list.js';
import type { DbOrTx } from '#server/db/client.js';
import { namedByText } from '#server/db/prepared.js';
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
const listed = sql`p.status in ${sqlList(openForBidsStatuses)}`;

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
  /**
   * Relevance only: the text with its last word whole (searchQueries' exact), tried first when the
   * prefix adds other words; its matches are the candidates when they are rankedCandidates or more.
   */
  wholeWordTsquery?: string | null;
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
 * The columns the capped scan passes on: what the filters, orders and ranking read. Not the whole
 * row: deforming every column (the description above all) of each scanned row cost as much as testing it.
 */
const cappedColumns = sql.raw('p.id, p.created_at, p.status, p.search_vector, p.tech_stack, p.budget_cents, p.bid_count');

/**
 * The two sets a page draws from, each as its own ordered, limited scan: the listed projects, and
 * (for a signed-in viewer) their own projects in any other status. An OR of the two would keep
 * PostgreSQL from reading the listed ones in index order.
 *
 * With a cap, the listed projects are read in the page's order, at most `cap` rows from the cursor on,
 * and the filters (the text's above all) test those: a word in one project of forty then costs the
 * rows it takes to find a page, whatever the catalogue's size. PostgreSQL would otherwise choose from
 * its estimates, and it takes two words of one product name ("invoice generator") for independent
 * and rare, reading all their matches (decision 062).
 */
function branches(request: PageRequest, select: SQL, after: SQL | null, order: SQL, limit: number, cap: number | null): SQL {
  const filters = filtersOf(request);
  const where = (scope: SQL, conditions: SQL[]) => sql.join([scope, ...conditions], sql` and `);
  const scoped = [...filters, ...(after ? [after] : [])];
  const listedBranch =
    cap === null
      ? sql`(select ${select} from projects p where ${where(listed, scoped)} order by ${order} limit ${limit})`
      : sql`(select ${select} from (select ${cappedColumns} from projects p where ${where(listed, after ? [after] : [])} order by ${order} limit ${cap}) as p
          where ${sql.join(filters, sql` and `)} order by ${order} limit ${limit})`;
  if (request.viewerId === null) return listedBranch;
  const own = sql`p.submitter_id = ${request.viewerId} and not (${listed})`;
  return sql`${listedBranch} union all (select ${select} from projects p where ${where(own, scoped)} order by ${order} limit ${limit})`;
}

interface PageRow extends CandidateRow {
  /** Relevance only: how many listed projects were ranked. */
  total?: number;
  /** Other orders: the row is a listed project (not one of the viewer's others). */
  listed_row?: boolean;
}

/** The statement of one page, its listed projects read with or without a cap (branches). */
function pageStatement(request: PageRequest, sort: ProjectSort, cap: number | null): SQL {
  const limit = request.query.limit + 1;
  const { cursor } = request;
  if (sort === 'relevance') {
    const candidates = branches(
      request,
      sql`p.id, p.created_at, p.search_vector, ${listed} as listed_row`,
      null,
      sql.raw('p.created_at desc, p.id desc'),
      projectSearchLimits.rankedCandidates,
      cap,
    );
    const after = cursor ? sql`where (k, created_at, id) < (${cursor.key}::real, ${cursor.time}::timestamptz, ${cursor.id})` : sql``;
    // The candidates' count comes with the page, also when the page is empty (the last one).
    return sql`
      with candidates as (${candidates}),
      ranked as (select id, created_at, ts_rank(search_vector, ${request.tsquery}::tsquery) as k from candidates)
      select page.id, page.key, page.time, counted.total::int as total
      from (select count(*) filter (where listed_row) as total from candidates) as counted
      left join lateral (
        select id, k::text as key, created_at::text as time from ranked ${after}
        order by k desc, created_at desc, id desc limit ${limit}
      ) as page on true`;
  }
  if (sort === 'newest') {
    const after = cursor ? sql`(p.created_at, p.id) < (${cursor.time}::timestamptz, ${cursor.id})` : null;
    const scans = branches(request, sql`p.id, p.created_at, ${listed} as listed_row`, after, sql.raw('p.created_at desc, p.id desc'), limit, cap);
    return sql`select id, null as key, created_at::text as time, listed_row from (${scans}) as page order by created_at desc, id desc limit ${limit}`;
  }
  const key = sortKeys[sort];
  const after = cursor ? sql`(${key}, p.created_at, p.id) < (${cursor.key}::bigint, ${cursor.time}::timestamptz, ${cursor.id})` : null;
  const scans = branches(
    request,
    sql`p.id, p.created_at, ${key} as k, ${listed} as listed_row`,
    after,
    sql`${key} desc, p.created_at desc, p.id desc`,
    limit,
    cap,
  );
  return sql`select id, k::text as key, created_at::text as time, listed_row from (${scans}) as page order by k desc, created_at desc, id desc limit ${limit}`;
}

/**
 * A page's statement, named by its text, where its plan is set by its shape: relevance's capped scan
 * reads the listed projects newest first and its full read takes the text's matches from the GIN
 * index; an order over every listed project reads that order's index. Planning it per request cost
 * 0.5 to 2 ms, as much as a common word's capped scan (decision 080).
 */
const selectPageByText = namedByText('projects_page');

/**
 * The ids of one page and where the next starts. Every order ends in newest first (created_at, id),
 * so a page boundary is exact; relevance ranks the newest rankedCandidates matches (decision 062).
 * A text search first reads a capped stretch of the listed projects in order; only when that finds
 * too few (a rare word, the last page) does it read every match. Both find the same rows.
 */
export async function findPageIds(db: DbOrTx, request: PageRequest, scanCap?: number): Promise<PageIds> {
  const limit = request.query.limit + 1;
  const sort = effectiveSort(request.query.sort, request.tsquery !== null);
  const needed = sort === 'relevance' ? projectSearchLimits.rankedCandidates : limit;
  const cap = scanCap ?? needed * projectSearchLimits.orderedScanPerResult;
  // Enough when the capped listed scan filled its part: then it found what reading every match would.
  const enough = (rows: PageRow[]) => (sort === 'relevance' ? (rows[0]?.total ?? 0) >= needed : rows.filter((row) => row.listed_row).length >= needed);
  // Words with a technology: one GIN index finds their projects (projects_listed_search_tech_idx), few
  // enough at a million to read them all; an ordered scan would test hundreds of rows per match.
  const capFirst = scanCap !== undefined || !request.query.tech?.length;
  // Named by their text when their plan follows from it (decision 080): relevance's, and an order's
  // over every listed project. A technology, a budget range or a status keeps a custom plan per
  // request: how many projects the values select chooses the index.
  const { tech, minBudget, maxBudget, status } = request.query;
  const valuesChooseThePlan = Boolean(tech?.length) || minBudget !== undefined || maxBudget !== undefined || status !== undefined;
  const select = (statement: SQL) =>
    sort === 'relevance' || !valuesChooseThePlan ? selectPageByText<PageRow>(db, statement) : selectRows<PageRow>(db, statement);
  const find = async (tsquery: string | null): Promise<PageRow[]> => {
    const asked = { ...request, tsquery };
    let rows: PageRow[] = [];
    if (tsquery !== null && capFirst) rows = await select(pageStatement(asked, sort, cap));
    if (tsquery === null || !capFirst || !enough(rows)) rows = await select(pageStatement(asked, sort, null));
    return rows;
  };
  let rows: PageRow[] | null = null;
  if (sort === 'relevance' && request.wholeWordTsquery) {
    // The whole word's matches are the candidates when there are enough of them (decision 062).
    const whole = await find(request.wholeWordTsquery);
    if (enough(whole)) rows = whole;
  }
  rows ??= await find(request.tsquery);
  const found = rows.filter((row) => row.id !== null);
  const page = found.slice(0, request.query.limit);
  const last = page.at(-1);
  return {
    ids: page.map((row) => row.id),
    next: found.length > request.query.limit && last ? { key: last.key, time: last.time, id: last.id } : null,
  };
}
