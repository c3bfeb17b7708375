import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { CreateSavedSearchInput, SavedSearch } from '#shared/contracts/saved-searches.js';
import { savedSearchLimits } from '#shared/domain/limits.js';
import { centsToDollars, dollarsToCents } from '#shared/domain/money.js';
import { describeSavedSearch, MATCH_SAVED_SEARCHES_JOB, nextDigestAt, SAVED_SEARCH_DIGEST_JOB } from '#shared/domain/saved-searches.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import { projects } from '#server/db/schema/projects.js';
import { savedSearches, savedSearchMatches, type SavedSearchRow } from '#server/db/schema/saved-searches.js';
import { users, type UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { type DomainEvents, runAfterCommit } from '#server/events/domain-events.js';
import { qualified as q } from '#server/db/paid.js';
import { selectRows } from '#server/db/raw-rows.js';
import { sqlList } from '#server/db/sql-list.js';
import { openForBidsStatuses } from '#shared/domain/project-lifecycle.js';
import { searchQueryText } from '#server/db/search-query.js';
import { defineJobKind, enqueueJob } from '#server/jobs/job-queue.js';

// ---------------------------------------------------------------- reading and writing

// Named with their tables: inside a select list drizzle leaves columns unqualified.
// Matches of projects still there (a deleted project's match stays until its search goes, migration 0027).
const matchCount = sql<number>`(select count(*)::int from ${savedSearchMatches} join ${projects} on ${q(projects.id)} = ${q(savedSearchMatches.projectId)} where ${q(savedSearchMatches.savedSearchId)} = ${q(savedSearches.id)})`;

function toSavedSearch(row: Omit<SavedSearchRow, 'anchor'> & { matchCount: number }): SavedSearch {
  return {
    id: row.id,
    q: row.q,
    tech: row.tech,
    minBudget: row.minBudgetCents === null ? null : centsToDollars(row.minBudgetCents),
    minBudgetCents: row.minBudgetCents,
    maxBudget: row.maxBudgetCents === null ? null : centsToDollars(row.maxBudgetCents),
    maxBudgetCents: row.maxBudgetCents,
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
    matchCount: row.matchCount,
  };
}

const selectSavedSearches = (db: DbOrTx) =>
  db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      q: savedSearches.q,
      query: savedSearches.query,
      tech: savedSearches.tech,
      minBudgetCents: savedSearches.minBudgetCents,
      maxBudgetCents: savedSearches.maxBudgetCents,
      frequency: savedSearches.frequency,
      createdAt: savedSearches.createdAt,
      matchCount,
    })
    .from(savedSearches);

/** GET /api/users/{id}/saved-searches: one's own, newest first. */
export async function listSavedSearches(ctx: AppContext, actor: UserRow, userId: number): Promise<SavedSearch[]> {
  requireAccess(actor, 'manageOwnSavedSearches', userId);
  const rows = await selectSavedSearches(ctx.db).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/**
 * POST /api/users/{id}/saved-searches: a developer saves the browse filters. The limit is counted
 * under the person's row lock, so searches saved at once cannot pass it together.
 */
export async function createSavedSearch(ctx: AppContext, actor: UserRow, userId: number, input: CreateSavedSearchInput): Promise<SavedSearch> {
  requireAccess(actor, 'saveProjectSearch', userId);
  // The browse search's own query (prefix on the last word, typo correction, decision 062): a new
  // project matches the saved search exactly when browsing would find it.
  const query = input.q ? await searchQueryText(ctx.db, input.q) : null;
  if (input.q && query === null && input.tech.length === 0 && input.minBudget === undefined && input.maxBudget === undefined)
    throw new AppError('VALIDATION_FAILED', 'Search for a word that is not too common, or add a technology or a budget');
  const id = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((held?.n ?? 0) >= savedSearchLimits.perUser)
      throw new AppError('CONFLICT', `You can keep at most ${savedSearchLimits.perUser} saved searches: delete one to save another`);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        q: input.q ?? null,
        query,
        tech: input.tech,
        minBudgetCents: input.minBudget === undefined ? null : dollarsToCents(input.minBudget),
        maxBudgetCents: input.maxBudget === undefined ? null : dollarsToCents(input.maxBudget),
        frequency: input.frequency,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: savedSearches.id });
    return row!.id;
  });
  const [row] = await selectSavedSearches(ctx.db).where(eq(savedSearches.id, id));
  return toSavedSearch(row!);
}

/** DELETE /api/users/{id}/saved-searches/{searchId}: its matches go with it. */
export async function deleteSavedSearch(ctx: AppContext, actor: UserRow, userId: number, searchId: number): Promise<void> {
  requireAccess(actor, 'manageOwnSavedSearches', userId);
  const gone = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, searchId), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', 'Saved search not found');
}

// ---------------------------------------------------------------- matching a new project

interface MatchPayload {
  projectId: number;
}
interface DigestPayload {
  userId: number;
}

/**
 * Tests a project open for bids against the saved searches that can match it, but its owner's, in
 * one statement (decision 060: the cheap filters first, the text's `@@` against the stored query
 * last), and writes one match per search; the unique key drops the ones a replay or another
 * instance wrote. Answers the new matches.
 */
async function matchProject(tx: Tx, projectId: number, now: Date) {
  return selectRows<{ savedSearchId: number; userId: number }>(tx, matchProjectStatement(projectId, now));
}

/**
 * The matching statement itself (bench/saved-search-match.ts times it). A search is read only when
 * it can match (decision 060, addendum; migration 0036): with text, when its anchor (a word every
 * match has) is one of the project's words or starts one; with text and no anchor, always; without
 * text, when one of its technologies is the project's, or always when it names none. The four sets
 * do not overlap, and each comes from its own index.
 */
export function matchProjectStatement(projectId: number, now: Date) {
  const at = now.toISOString();
  // The project's side is read once (a one-row subquery), with every prefix of its words.
  return sql`
    insert into saved_search_matches (saved_search_id, project_id, user_id, created_at, told_at)
    select s.id, p.id, s.user_id, ${at}::timestamptz, case when s.frequency = 'instant' then ${at}::timestamptz end
    from (
      select ${q(projects.id)} as id, ${q(projects.submitterId)} as owner_id, ${q(projects.techStack)} as tech,
        ${q(projects.budgetCents)} as budget_cents, ${q(projects.searchVector)} as vector,
        array(select distinct left(word, n) from unnest(tsvector_to_array(${q(projects.searchVector)})) as word,
          generate_series(1, length(word)) as n) as prefixes
      from ${projects}
      where ${q(projects.id)} = ${projectId} and ${q(projects.status)} in ${sqlList(openForBidsStatuses)}
      -- offset 0 keeps the planner from pulling the subquery up into the join: the project's row is read once.
      offset 0
    ) p
    cross join lateral (
      select * from saved_searches where anchor = any(p.prefixes)
      union all
      select * from saved_searches where query is not null and anchor is null
      union all
      select * from saved_searches where query is null and tech && p.tech
      union all
      select * from saved_searches where query is null and tech = '{}'::text[]
    ) s
    where s.user_id <> p.owner_id
      and (cardinality(s.tech) = 0 or s.tech && p.tech)
      and (s.min_budget_cents is null or p.budget_cents >= s.min_budget_cents)
      and (s.max_budget_cents is null or p.budget_cents <= s.max_budget_cents)
      and (s.query is null or p.vector @@ s.query)
    on conflict (saved_search_id, project_id) do nothing
    returning saved_search_id as "savedSearchId", user_id as "userId"`;
}

/** Matches a newly posted project against the saved searches (durable: it commits with the project). */
export const matchSavedSearchesJobKind = defineJobKind<MatchPayload>(MATCH_SAVED_SEARCHES_JOB, async ({ ctx, tx, record, job, now }) => {
  const matches = await matchProject(tx, job.payload.projectId, now);
  if (matches.length === 0) return;
  const [project] = await tx
    .select({ id: projects.id, name: projects.name, budgetCents: projects.budgetCents })
    .from(projects)
    .where(eq(projects.id, job.payload.projectId));
  const searches = await tx
    .select()
    .from(savedSearches)
    .where(
      inArray(
        savedSearches.id,
        matches.map((m) => m.savedSearchId),
      ),
    );
  for (const search of searches) {
    await record({
      type: 'saved_search.matched',
      userId: search.userId,
      savedSearchId: search.id,
      search: describeSavedSearch(search),
      frequency: search.frequency,
      projectId: project!.id,
      projectName: project!.name,
      budgetCents: project!.budgetCents,
    });
    // A daily search's mail waits for the person's digest: one job per person and day.
    if (search.frequency === 'daily') {
      const dueAt = nextDigestAt(now, ctx.config.savedSearches.digestAtMs);
      await enqueueJob(tx, {
        kind: SAVED_SEARCH_DIGEST_JOB,
        key: `user:${search.userId}:${dueAt.toISOString()}`,
        subject: `user:${search.userId}`,
        dueAt,
        payload: { userId: search.userId } satisfies DigestPayload,
      });
    }
  }
});

/**
 * A person's daily digest: the matches of their daily searches not told yet, up to now, in one mail.
 * Marked told in the same transaction, so a replay or another instance sends nothing twice.
 */
export const savedSearchDigestJobKind = defineJobKind<DigestPayload>(SAVED_SEARCH_DIGEST_JOB, async ({ tx, record, job, now }) => {
  const untold = await tx
    .update(savedSearchMatches)
    .set({ toldAt: now })
    .where(and(eq(savedSearchMatches.userId, job.payload.userId), isNull(savedSearchMatches.toldAt), lte(savedSearchMatches.createdAt, now)))
    .returning({ savedSearchId: savedSearchMatches.savedSearchId, projectId: savedSearchMatches.projectId, createdAt: savedSearchMatches.createdAt });
  if (untold.length === 0) return;
  const searches = new Map(
    (
      await tx
        .select()
        .from(savedSearches)
        .where(inArray(savedSearches.id, [...new Set(untold.map((m) => m.savedSearchId))]))
    ).map((row) => [row.id, row]),
  );
  const matched = new Map(
    (
      await tx
        .select({ id: projects.id, name: projects.name, budgetCents: projects.budgetCents })
        .from(projects)
        .where(inArray(projects.id, [...new Set(untold.map((m) => m.projectId))]))
    ).map((row) => [row.id, row]),
  );
  // Oldest first; a match whose search or project went meanwhile is left out (migration 0027).
  const matches = [...untold]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.projectId - b.projectId || a.savedSearchId - b.savedSearchId)
    .flatMap((m) => {
      const search = searches.get(m.savedSearchId);
      const project = matched.get(m.projectId);
      return search && project
        ? [{ projectId: project.id, projectName: project.name, budgetCents: project.budgetCents, search: describeSavedSearch(search) }]
        : [];
    });
  if (matches.length === 0) return;
  await record({ type: 'saved_search.digest', userId: job.payload.userId, matches });
});

export const savedSearchJobKinds = [matchSavedSearchesJobKind, savedSearchDigestJobKind];

/** A posted project is matched by a job in its own transaction: the post answers at once, and a restart forgets nothing. */
export function registerSavedSearchMatching(ctx: AppContext, events: DomainEvents): void {
  events.onRecord('project.posted', async (e, tx) => {
    await enqueueJob(tx, {
      kind: MATCH_SAVED_SEARCHES_JOB,
      key: `project:${e.projectId}`,
      subject: `project:${e.projectId}`,
      dueAt: ctx.clock.now(),
      payload: { projectId: e.projectId } satisfies MatchPayload,
    });
    // The runner takes it once the post commits, not at its next poll: an instant alert is instant.
    runAfterCommit(tx, () => ctx.jobs.nudge('default'));
  });
}
