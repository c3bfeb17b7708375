import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DeveloperListItem, ListDevelopersQuery } from '#shared/contracts/finishers.js';
import type { DeveloperSort } from '#shared/domain/developer-directory.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { projectIsCompletedDeal, qualified as q } from '#server/db/paid.js';
import { ratingsByReviewee, roundRating } from '#server/db/ratings.js';
import { projects } from '#server/db/schema/projects.js';
import { developerSearch } from '#server/db/schema/developer-search.js';
import { type UserRow, users } from '#server/db/schema/users.js';

/**
 * The directory's search as a tsquery text: each word quoted (so nothing in it is tsquery syntax),
 * every word required, the last one as a prefix. Null when q has no word to search for.
 */
export function directoryTsquery(text: string | undefined): string | null {
  const words = (text ?? '')
    .split(/\s+/)
    // Letters, digits and the joiners skill names use (node.js, c++, c#, objective-c); the rest is space.
    .map((word) => word.replace(/[^\p{L}\p{N}.+#_-]/gu, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, 10);
  if (words.length === 0) return null;
  return words.map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** The cursor: the sort it belongs to and the last row's sort keys (numeric text, exact), the id last. */
interface DirectoryCursor {
  sort: DeveloperSort;
  keys: string[];
  id: number;
}

function encodeDirectoryCursor(cursor: DirectoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.keys, cursor.id])).toString('base64url');
}

const numericText = /^-?\d{1,20}(\.\d{1,30})?$/;

function decodeDirectoryCursor(value: string, sort: DeveloperSort, keyCount: number): DirectoryCursor {
  try {
    const [cursorSort, keys, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (
      cursorSort === sort &&
      Array.isArray(keys) &&
      keys.length === keyCount &&
      keys.every((key) => typeof key === 'string' && numericText.test(key)) &&
      Number.isSafeInteger(id)
    )
      return { sort, keys: keys as string[], id: id as number };
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
 * (every key ordered descending, numeric, never null) and the id. The text search reads the GIN index
 * users_directory_search_idx; the ratings (through the one helper, ratings.ts) and completed deals are
 * joined per developer.
 */
export async function findDirectoryPage(
  ctx: AppContext,
  listed: SQL,
  query: ListDevelopersQuery,
): Promise<{ items: DeveloperListItem[]; nextCursor: string | null }> {
  const tsquery = directoryTsquery(query.q);
  const sort: DeveloperSort = query.sort ?? 'best_match';
  const ratings = ratingsByReviewee(ctx.db);
  const completed = ctx.db
    .select({ finisherId: projects.finisherId, total: sql<number>`count(*)::int`.as('completed_total') })
    .from(projects)
    .where(projectIsCompletedDeal(projects))
    .groupBy(projects.finisherId)
    .as('completed');

  // The stored words (developer_search, kept by a trigger): ranking reads them, never builds them again.
  const vector = q(developerSearch.vector);
  const search = tsquery === null ? null : sql`to_tsquery('simple', ${tsquery})`;
  const rating = sql`coalesce(${ratings.average}, 0)`;
  const reviewCount = sql`coalesce(${ratings.reviewCount}, 0)`;
  const completedCount = sql`coalesce(${completed.total}, 0)`;
  const hasRate = sql`(${q(users.hourlyRate)} is not null)::int`;
  // Username above skills above bio: 4, 2 and 1, so one username match outranks skills and bio together.
  const match =
    search === null
      ? null
      : sql`(4 * (ts_filter(${vector}, '{a}') @@ ${search})::int + 2 * (ts_filter(${vector}, '{b}') @@ ${search})::int + (ts_filter(${vector}, '{c}') @@ ${search})::int)`;
  const keysBySort: Record<DeveloperSort, SQL[]> = {
    best_match: match === null ? [rating, completedCount] : [match, rating, completedCount],
    rating: [rating, reviewCount, completedCount],
    completed: [completedCount, rating],
    rate_asc: [hasRate, sql`-coalesce(${q(users.hourlyRate)}, 0)`, rating],
    rate_desc: [hasRate, sql`coalesce(${q(users.hourlyRate)}, 0)`, rating],
  };
  const keys = keysBySort[sort].map((key) => sql`(${key})::numeric`);
  const cursor = query.cursor ? decodeDirectoryCursor(query.cursor, sort, keys.length) : null;

  const conditions: (SQL | undefined)[] = [listed];
  if (search) conditions.push(sql`${vector} @@ ${search}`);
  const skills = skillsOf(query.skills);
  if (skills.length > 0)
    conditions.push(
      sql`array(select lower(s) from unnest(${q(users.skills)}) s) && array[${sql.join(
        skills.map((skill) => sql`${skill}`),
        sql`, `,
      )}]::text[]`,
    );
  if (query.available) conditions.push(eq(users.onboardingComplete, query.available === 'true'));
  if (cursor)
    conditions.push(
      sql`(${sql.join([...keys, q(users.id)], sql`, `)}) < (${sql.join([...cursor.keys.map((key) => sql`${key}::numeric`), sql`${cursor.id}::int`], sql`, `)})`,
    );

  const rows = await ctx.db
    .select({
      user: users,
      averageRating: ratings.average,
      reviewCount: ratings.reviewCount,
      completedProjects: completed.total,
      sortKeys: sql<string[]>`array[${sql.join(
        keys.map((key) => sql`${key}::text`),
        sql`, `,
      )}]`,
    })
    .from(users)
    .innerJoin(developerSearch, eq(developerSearch.userId, users.id))
    .leftJoin(ratings, eq(ratings.revieweeId, users.id))
    .leftJoin(completed, eq(completed.finisherId, users.id))
    .where(and(...conditions))
    .orderBy(...keys.map((key) => sql`${key} desc`), sql`${q(users.id)} desc`)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) =>
      toDirectoryItem(row.user, { averageRating: row.averageRating, reviewCount: row.reviewCount ?? 0, completedProjects: row.completedProjects ?? 0 }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeDirectoryCursor({ sort, keys: last.sortKeys, id: last.user.id }) : null,
  };
}

/** A directory card: the profile's public fields with the record it is sorted by. */
export function toDirectoryItem(
  u: UserRow,
  record: { averageRating: string | number | null; reviewCount: number; completedProjects: number },
): DeveloperListItem {
  return {
    id: u.id,
    username: u.username,
    avatarUrl: u.avatarUrl,
    bio: u.bio,
    location: u.location,
    yearsOfExperience: u.yearsOfExperience,
    hourlyRate: u.hourlyRate,
    skills: u.skills,
    onboardingComplete: u.onboardingComplete,
    averageRating: roundRating(record.averageRating),
    reviewCount: record.reviewCount,
    completedProjects: record.completedProjects,
  };
}
