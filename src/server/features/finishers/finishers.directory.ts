import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DeveloperListItem, ListDevelopersQuery } from '#shared/contracts/finishers.js';
import type { DeveloperSort } from '#shared/domain/developer-directory.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { qualified as q } from '#server/db/paid.js';
import { developerRecords } from '#server/db/schema/developer-records.js';
import { users } from '#server/db/schema/users.js';
import { toDirectoryItem } from './finishers.fields.js';

/**
 * The directory's search as a tsquery text: each word quoted (so nothing in it is tsquery syntax),
 * every word required, the last one as a prefix. Null when q has no word to search for. With a
 * weight, every word must match with that weight (the username is A, the skills B, the bio C).
 */
export function directoryTsquery(text: string | undefined, weight: '' | 'A' | 'B' | 'C' = ''): string | null {
  const words = (text ?? '')
    .split(/\s+/)
    // Letters, digits and the joiners skill names use (node.js, c++, c#, objective-c); the rest is space.
    .map((word) => word.replace(/[^\p{L}\p{N}.+#_-]/gu, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, 10);
  if (words.length === 0) return null;
  return words
    .map((word, index) => {
      // Not a prefix when written out whole: 'c++' and 'c#' would read 'c':*, every word that starts with c.
      const isPrefix = index === words.length - 1 && !/[+#]$/.test(word);
      const modifiers = `${isPrefix ? '*' : ''}${weight}`;
      return `'${word}'${modifiers ? `:${modifiers}` : ''}`;
    })
    .join(' & ');
}

/**
 * The ids best match with words can show from (decision 066), in at most three ordered, limited scans
 * of developer_records, each testing `conditions` (listed, the words anywhere, skills, availability):
 * - the words in the username and skills (weights A and B, their own GIN index on
 *   ts_filter(vector, '{a,b}')): every one ranked, the only ones that can score 2 or more (every word
 *   a username word, or every word a skill);
 * - the others score 1 when every word is in the bio, else 0 (two words split between fields): two
 *   backward scans of developer_records_best_idx (rating, completed deals, id), each stopping at `limit`
 *   rows (a word in one bio of five: about five rows a result). One word never scores 0.
 * The cursor's match score decides each constant-score branch: after it, before it, or the rest of
 * the rating order from the cursor's rating on.
 */
function bestMatchBranches(conditions: (SQL | undefined)[], text: string | undefined, match: SQL, cursor: DirectoryCursor | null, limit: number): SQL {
  const vector = q(developerRecords.searchVector);
  const id = q(developerRecords.userId);
  const rating = q(developerRecords.averageRating);
  const completed = q(developerRecords.completedDeals);
  const words = directoryTsquery(text)!;
  const inHead = sql`ts_filter(${vector}, '{a,b}'::"char"[]) @@ to_tsquery('simple', ${words})`;
  const allInBio = sql`${vector} @@ to_tsquery('simple', ${directoryTsquery(text, 'C')})`;
  const oneWord = !words.includes(' & ');
  const where = (extra: SQL[]) => and(...conditions, ...extra)!;
  const head = sql`(select ${id} from ${developerRecords} where ${where([
    inHead,
    ...(cursor
      ? [
          sql`(${match}, ${rating}, ${completed}, ${id}) < (${cursor.keys[0]}::integer, ${cursor.keys[1]}::numeric, ${cursor.keys[2]}::integer, ${cursor.id}::int)`,
        ]
      : []),
  ])} order by ${match} desc, ${rating} desc, ${completed} desc, ${id} desc limit ${limit})`;
  const constantScore = (score: number, test: SQL[]): SQL | null => {
    const from = cursor ? Number(cursor.keys[0]) : Number.POSITIVE_INFINITY;
    if (score > from) return null;
    const after =
      score === from ? [sql`(${rating}, ${completed}, ${id}) < (${cursor!.keys[1]}::numeric, ${cursor!.keys[2]}::integer, ${cursor!.id}::int)`] : [];
    return sql`(select ${id} from ${developerRecords} where ${where([sql`not (${inHead})`, ...test, ...after])} order by ${rating} desc, ${completed} desc, ${id} desc limit ${limit})`;
  };
  const branches = [head, constantScore(1, oneWord ? [] : [allInBio]), oneWord ? null : constantScore(0, [sql`not (${allInBio})`])];
  return sql.join(
    branches.filter((branch) => branch !== null),
    sql` union all `,
  );
}

/** The cursor: the sort it belongs to and the last row's sort keys (numeric text, exact), the id last. */
interface DirectoryCursor {
  sort: DeveloperSort;
  keys: string[];
  id: number;
}

/** A sort key: its expression and its type, which the cursor's value is read as (so the index serves the comparison). */
interface SortKey {
  sql: SQL;
  type: 'integer' | 'numeric';
}

function encodeDirectoryCursor(cursor: DirectoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.keys, cursor.id])).toString('base64url');
}

const keyText: Record<SortKey['type'], RegExp> = { numeric: /^-?\d{1,20}(\.\d{1,30})?$/, integer: /^-?\d{1,9}$/ };

function decodeDirectoryCursor(value: string, sort: DeveloperSort, keys: SortKey[]): DirectoryCursor {
  try {
    const [cursorSort, values, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (
      cursorSort === sort &&
      Array.isArray(values) &&
      values.length === keys.length &&
      values.every((key, index) => typeof key === 'string' && keyText[keys[index]!.type].test(key)) &&
      Number.isSafeInteger(id) &&
      Math.abs(id as number) < 2 ** 31
    )
      return { sort, keys: values as string[], id: id as number };
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError('VALIDATION_FAILED', 'The cursor is not valid for this search; start again from the first page');
}

function skillsOf(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((skill) => skill.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/**
 * GET /api/developers (issue 30, item 4): one page of the directory, keyset-paged on the sort's keys
 * (every key ordered descending, numeric, never null) and the id. Everything the listing filters,
 * searches and sorts by is in each developer's kept record (developer_records, decision 066): the
 * words (GIN), the rating, review count and completed deals, the rate, the role, the skills and
 * availability. Every order without q (and a skills or text filter on top) is one backward index
 * scan that stops at the page's end; best match with words ranks only the rows of bestMatchBranches
 * (the username and skills matches, then the bio's in rating order). Only the page's rows are joined
 * to users, for the cards.
 */
export async function findDirectoryPage(
  ctx: AppContext,
  listed: SQL,
  query: ListDevelopersQuery,
): Promise<{ items: DeveloperListItem[]; nextCursor: string | null }> {
  const tsquery = directoryTsquery(query.q);
  const sort: DeveloperSort = query.sort ?? 'best_match';

  const vector = q(developerRecords.searchVector);
  const search = tsquery === null ? null : sql`to_tsquery('simple', ${tsquery})`;
  // Written as the indexes on developer_records are (schema/developer-records.ts), so they serve the order.
  const integer = (key: SQL): SortKey => ({ sql: key, type: 'integer' });
  const rating: SortKey = { sql: q(developerRecords.averageRating), type: 'numeric' };
  const reviewCount = integer(q(developerRecords.reviewCount));
  const completedCount = integer(q(developerRecords.completedDeals));
  const hasRate = integer(sql`((${q(developerRecords.hourlyRate)} is not null)::int)`);
  // Username above skills above bio: 4, 2 and 1, so one username match outranks skills and bio together.
  // Each weight's test is the query with every word labelled by it (what ts_filter(vector, '{a}') @@
  // search answers, without building three filtered vectors per match: half the ranking's cost).
  const matchesWith = (weight: 'A' | 'B' | 'C') => sql`(${vector} @@ to_tsquery('simple', ${directoryTsquery(query.q, weight)}))::int`;
  const match = search === null ? null : integer(sql`(4 * ${matchesWith('A')} + 2 * ${matchesWith('B')} + ${matchesWith('C')})`);
  const keysBySort: Record<DeveloperSort, SortKey[]> = {
    best_match: match === null ? [rating, completedCount] : [match, rating, completedCount],
    rating: [rating, reviewCount, completedCount],
    completed: [completedCount, rating],
    rate_asc: [hasRate, integer(sql`(-coalesce(${q(developerRecords.hourlyRate)}, 0))`), rating],
    rate_desc: [hasRate, integer(sql`(coalesce(${q(developerRecords.hourlyRate)}, 0))`), rating],
  };
  const keys = keysBySort[sort];
  const id = q(developerRecords.userId);
  const cursor = query.cursor ? decodeDirectoryCursor(query.cursor, sort, keys) : null;

  const conditions: (SQL | undefined)[] = [listed];
  if (search) conditions.push(sql`${vector} @@ ${search}`);
  const skills = skillsOf(query.skills);
  if (skills.length > 0)
    conditions.push(
      sql`${q(developerRecords.skills)} && array[${sql.join(
        skills.map((skill) => sql`${skill}`),
        sql`, `,
      )}]::text[]`,
    );
  if (query.available) conditions.push(eq(developerRecords.available, query.available === 'true'));
  // Best match with words ranks a bounded set (decision 066): the page's rows are among the first
  // rows of each branch (bestMatchBranches), each one ordered scan or one GIN read, so a word in every
  // bio costs a page's worth of rows, not a rank per match. This query ranks only the branches' rows.
  if (match !== null && sort === 'best_match')
    conditions.push(sql`${id} = any(array(${bestMatchBranches([...conditions], query.q, match.sql, cursor, query.limit + 1)}))`);
  if (cursor)
    conditions.push(
      sql`(${sql.join([...keys.map((key) => key.sql), id], sql`, `)}) < (${sql.join(
        [...cursor.keys.map((value, index) => sql`${value}::${sql.raw(keys[index]!.type)}`), sql`${cursor.id}::int`],
        sql`, `,
      )})`,
    );

  // The page from developer_records alone (its indexes and the words), then its rows' users.
  const page = ctx.db
    .select({
      userId: developerRecords.userId,
      averageRating: developerRecords.averageRating,
      reviewCount: developerRecords.reviewCount,
      completedDeals: developerRecords.completedDeals,
      sortKeys: sql<string[]>`array[${sql.join(
        keys.map((key) => sql`${key.sql}::text`),
        sql`, `,
      )}]`.as('sort_keys'),
      // Each key again by name, for the outer order (the join keeps no order of its own).
      ...Object.fromEntries(keys.map((key, index) => [`k${index}`, sql`${key.sql}`.as(`k${index}`)])),
    })
    .from(developerRecords)
    .where(and(...conditions))
    .orderBy(...keys.map((key) => sql`${key.sql} desc`), sql`${id} desc`)
    .limit(query.limit + 1)
    .as('page');
  const rows = await ctx.db
    .select({
      user: users,
      averageRating: page.averageRating,
      reviewCount: page.reviewCount,
      completedProjects: page.completedDeals,
      sortKeys: page.sortKeys,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .orderBy(...keys.map((_, index) => sql.raw(`"page"."k${index}" desc`)), sql`${page.userId} desc`);

  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) =>
      toDirectoryItem(row.user, {
        averageRating: row.reviewCount === 0 ? null : row.averageRating,
        reviewCount: row.reviewCount,
        completedProjects: row.completedProjects,
      }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeDirectoryCursor({ sort, keys: last.sortKeys, id: last.user.id }) : null,
  };
}
