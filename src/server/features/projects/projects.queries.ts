import { desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListProjectsQuery, Project } from '#shared/contracts/projects.js';
import { centsToDollars } from '#shared/domain/money.js';
import { canReadDelivery } from '#shared/domain/policies.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { projectIsPaid, qualified } from '#server/db/paid.js';
import { reviewCountsTowardsRating } from '#server/db/ratings.js';
import { type Criterion, projectCriteriaJson } from '#server/features/scope/scope.service.js';
import { mapRowsOnce, preparedPerDb } from '#server/db/prepared.js';
import { findPageIds, type PageRequest, type SearchCursor } from './projects.search.js';
import { projectColumns, type ProjectRow, projects, technologyCounts } from '#server/db/schema/projects.js';
import { repositories, repositoryReports } from '#server/db/schema/repositories.js';
import { reviews } from '#server/db/schema/reviews.js';
import { type UserRow, users } from '#server/db/schema/users.js';

const finishers = alias(users, 'finisher');

/** One row per project with what every project answer carries: people, bid count, paid flag. */
const projectSelection = {
  project: projectColumns,
  submitterUsername: users.username,
  submitterAvatarUrl: users.avatarUrl,
  finisherUsername: finishers.username,
  finisherAvatarUrl: finishers.avatarUrl,
  isPaid: projectIsPaid(projects.id),
  // The submitter's average stars from the finishers they worked with (revealed reviews); null before any.
  submitterRating: sql<
    number | null
  >`(select round(avg(${qualified(reviews.rating)}), 1)::float from ${reviews} where ${qualified(reviews.revieweeId)} = ${qualified(projects.submitterId)} and ${reviewCountsTowardsRating()})`,
  // The connected repository and the card's summary of its latest report (issue 29): two primary-key joins.
  // Flat, not nested: a nested object from a left join is what mapRowsOnce refuses (prepared.ts).
  repositoryProvider: repositories.provider,
  repositoryFullName: repositories.fullName,
  repositoryUrl: repositories.url,
  repositoryIsPrivate: repositories.isPrivate,
  reportStatus: repositoryReports.status,
  reportLanguages: sql<string[] | null>`jsonb_path_query_array(${repositoryReports.figures}, '$.languages[0 to 2].name')`,
  reportLinesOfCode: sql<number | null>`(${repositoryReports.figures}->>'linesOfCode')::int`,
  reportTestFiles: sql<number | null>`(${repositoryReports.figures}->>'testFiles')::int`,
};

function selectProjects(db: DbOrTx) {
  return db
    .select(projectSelection)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.submitterId))
    .leftJoin(finishers, eq(finishers.id, projects.finisherId))
    .leftJoin(repositories, eq(repositories.id, projects.repositoryId))
    .leftJoin(repositoryReports, eq(repositoryReports.id, repositories.latestReportId));
}

type ProjectQueryRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['execute']>>[number];

function repositoryOf(row: ProjectQueryRow): Project['repository'] {
  const { repositoryId } = row.project;
  if (repositoryId === null || row.repositoryProvider === null) return null;
  return { id: repositoryId, provider: row.repositoryProvider, fullName: row.repositoryFullName!, url: row.repositoryUrl!, private: row.repositoryIsPrivate! };
}

export function toProjectDto(row: ProjectQueryRow, viewer: UserRow | null): Project {
  const p = row.project;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    techStack: p.techStack,
    codeLink: p.codeLink,
    imageUrl: p.imageUrl,
    status: p.status,
    submitterId: p.submitterId,
    finisherId: p.finisherId,
    budget: p.budgetCents === null ? null : centsToDollars(p.budgetCents),
    budgetCents: p.budgetCents,
    timeframe: p.timeframe,
    deliveryMessage: canReadDelivery(viewer, p) ? p.deliveryMessage : null,
    completedAt: p.completedAt?.toISOString() ?? null,
    acceptedAt: p.acceptedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    bidCount: p.bidCount,
    submitter: { id: p.submitterId, username: row.submitterUsername, avatarUrl: row.submitterAvatarUrl, rating: row.submitterRating },
    finisher:
      p.finisherId !== null && row.finisherUsername !== null ? { id: p.finisherId, username: row.finisherUsername, avatarUrl: row.finisherAvatarUrl } : null,
    isPaid: row.isPaid,
    repository: repositoryOf(row),
    repositorySummary: row.repositoryProvider && {
      status: row.reportStatus ?? 'pending',
      languages: row.reportLanguages ?? [],
      linesOfCode: row.reportLinesOfCode ?? 0,
      testFiles: row.reportTestFiles ?? 0,
    },
    grantRepositoryAccess: p.grantRepositoryAccess,
    mergeAcceptsDelivery: p.mergeAcceptsDelivery,
  };
}

// The project page's query runs on every view: prepared once per database handle.
const selectProjectById = preparedPerDb(
  (db) =>
    mapRowsOnce(
      selectProjects(db)
        .where(eq(projects.id, sql.placeholder('id')))
        .limit(1)
        .prepare('project_by_id'),
    ),
  (db, params: { id: number }) => selectProjects(db).where(eq(projects.id, params.id)).limit(1),
);

export async function findProjectView(db: DbOrTx, id: number, viewer: UserRow | null): Promise<Project | null> {
  const [row] = await selectProjectById(db, { id });
  return row ? toProjectDto(row, viewer) : null;
}

// The project page: the same row with its acceptance criteria (issue 18) as a json column, one
// statement instead of a second one beside it.
function selectProjectPages(db: DbOrTx) {
  return db
    .select({ ...projectSelection, acceptanceCriteria: projectCriteriaJson(projects.id) })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.submitterId))
    .leftJoin(finishers, eq(finishers.id, projects.finisherId))
    .leftJoin(repositories, eq(repositories.id, projects.repositoryId))
    .leftJoin(repositoryReports, eq(repositoryReports.id, repositories.latestReportId));
}

const selectProjectPageById = preparedPerDb(
  (db) =>
    mapRowsOnce(
      selectProjectPages(db)
        .where(eq(projects.id, sql.placeholder('id')))
        .limit(1)
        .prepare('project_page_by_id'),
    ),
  (db, params: { id: number }) => selectProjectPages(db).where(eq(projects.id, params.id)).limit(1),
);

/** The project page's project: its answer with the acceptance criteria in the owner's order. */
export async function findProjectPage(db: DbOrTx, id: number, viewer: UserRow | null): Promise<(Project & { acceptanceCriteria: Criterion[] }) | null> {
  const [row] = await selectProjectPageById(db, { id });
  // What a DTO adds goes before the spread, not after it (decision 084).
  return row ? { acceptanceCriteria: row.acceptanceCriteria, ...toProjectDto(row, viewer) } : null;
}

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor.key === null ? [cursor.time, cursor.id] : [cursor.time, cursor.id, cursor.key])).toString('base64url');
}

// PostgreSQL's text form of a timestamptz, e.g. 2026-11-21 05:40:59.123456+00.
const timestampText = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
// A sort key: a whole number (budget, bids) or a rank (a real, as PostgreSQL writes it).
const sortKeyText = /^-?\d{1,19}(\.\d{1,20})?(e[+-]?\d{1,3})?$/;

export function decodeCursor(value: string): SearchCursor | null {
  try {
    const [time, id, key = null] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (typeof time !== 'string' || !timestampText.test(time) || !Number.isSafeInteger(id)) return null;
    if (key !== null && (typeof key !== 'string' || !sortKeyText.test(key))) return null;
    // Out-of-range fields (month 13) would make PostgreSQL fail the cast: refuse them here.
    const isoForm = time.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
    if (Number.isNaN(Date.parse(isoForm))) return null;
    return { key, time, id: id as number };
  } catch {
    return null;
  }
}

// The rows of a page's ids, with everything a card shows: one statement, prepared once.
const selectProjectsByIds = preparedPerDb(
  (db) =>
    mapRowsOnce(
      selectProjects(db)
        .where(sql`${projects.id} = any(${sql.placeholder('ids')}::int[])`)
        .prepare('projects_by_ids'),
    ),
  (db, params: { ids: number[] }) => selectProjects(db).where(inArray(projects.id, params.ids)),
);

/**
 * Browse (issue 30, items 1 and 2): the page's ids in their order from projects.search, then their
 * rows. Everyone sees projects open for bids; a signed-in user also sees their own in any status.
 */
export async function findProjectsPage(
  db: Db,
  viewer: UserRow | null,
  query: ListProjectsQuery,
  text: Pick<PageRequest, 'tsquery' | 'wholeWordTsquery'>,
  cursor: SearchCursor | null,
): Promise<{ items: Project[]; next: SearchCursor | null }> {
  const page = await findPageIds(db, { viewerId: viewer?.id ?? null, query, ...text, cursor });
  if (page.ids.length === 0) return { items: [], next: null };
  const rows = await selectProjectsByIds(db, { ids: page.ids });
  const byId = new Map(rows.map((row) => [row.project.id, row]));
  const items = page.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProjectDto(row, viewer)] : [];
  });
  return { items, next: page.next };
}

/** A user's own projects (submitted by them or assigned to them), with their rows for the deal's reading. */
export async function findProjectsOfUser(db: DbOrTx, user: UserRow): Promise<{ project: Project; row: ProjectRow }[]> {
  const rows = await selectProjects(db)
    .where(or(eq(projects.submitterId, user.id), eq(projects.finisherId, user.id)))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => ({ project: toProjectDto(row, user), row: row.project }));
}

/** Every technology on a project open for bids, for the browse filter: technology_counts, kept by a trigger (migration 0025). */
export async function findTechnologies(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: technologyCounts.name }).from(technologyCounts).where(gt(technologyCounts.listed, 0)).orderBy(technologyCounts.name);
  return rows.map((row) => row.name);
}
