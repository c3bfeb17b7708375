import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { projectStatuses } from '#shared/domain/project-status.js';
import { openForBidsStatuses } from '#shared/domain/project-lifecycle.js';
import { sqlList } from '#server/db/sql-list.js';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector } from './text-search.js';
import { centsColumn } from '#server/db/cents.js';
import { repositories } from './repositories.js';
import { users } from './users.js';

/** The statuses browse shows to everyone ('Open for Bids'): the partial indexes below cover exactly these. */
const listed = sql`status IN ${sqlList(openForBidsStatuses)}`;

export const projectStatus = pgEnum('project_status', projectStatuses);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    techStack: text('tech_stack')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    codeLink: text('code_link').notNull(),
    imageUrl: text('image_url'),
    status: projectStatus('status').notNull().default('open'),
    submitterId: integer('submitter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    finisherId: integer('finisher_id').references(() => users.id, { onDelete: 'set null' }),
    /** The submitter's budget in cents; optional. */
    budgetCents: centsColumn('budget_cents'),
    timeframe: text('timeframe'),
    deliveryMessage: text('delivery_message'),
    /** The connected repository (issue 29); codeLink stays the link everyone else reads. */
    repositoryId: integer('repository_id').references(() => repositories.id, { onDelete: 'set null' }),
    /** The owner's per-project choice: the finisher gets push access once the deal is paid. */
    grantRepositoryAccess: boolean('grant_repository_access').notNull().default(true),
    /** The owner's per-project choice: merging the delivered pull request accepts the delivery. */
    mergeAcceptsDelivery: boolean('merge_accepts_delivery').notNull().default(true),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bids ever made on the project, kept by a trigger on bids (migration 0022): browse shows and sorts by it. */
    bidCount: integer('bid_count').notNull().default(0),
    /**
     * What text search matches and ranks (issue 30, item 2): the name (weight A), the technologies (B)
     * and the description (C) as English lexemes, stored so that ranking a candidate reads it instead of
     * parsing the text again. project_search_vector() is the immutable function migration 0022 defines.
     * Never selected for an answer (projectColumns).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`project_search_vector(${projects.name}, ${projects.techStack}, ${projects.description})`),
  },
  (t) => [
    // Browse: listed projects in each order, paged by (key, created_at, id) (decision 062). Partial on
    // the listed statuses: an IN list on a leading status column would keep the scan from reading in
    // order. Ascending on purpose: scanned backwards they serve ORDER BY ... DESC.
    index('projects_listed_created_idx').on(t.createdAt, t.id).where(listed),
    index('projects_listed_budget_desc_idx')
      .on(sql`(coalesce(${t.budgetCents}, -1))`, t.createdAt, t.id)
      .where(listed),
    index('projects_listed_budget_asc_idx')
      .on(sql`(-coalesce(${t.budgetCents}, 1000000000000000))`, t.createdAt, t.id)
      .where(listed),
    index('projects_listed_bids_idx')
      .on(sql`(-${t.bidCount})`, t.createdAt, t.id)
      .where(listed),
    // An owner's own projects in any other status, and a status filter.
    index('projects_status_created_idx').on(t.status, t.createdAt, t.id),
    index('projects_created_idx').on(t.createdAt, t.id),
    // My Projects and per-user lists.
    index('projects_submitter_idx').on(t.submitterId, t.createdAt),
    index('projects_finisher_idx').on(t.finisherId, t.createdAt),
    // Completed deals per finisher (the directory, records): the accepted ones are few.
    index('projects_accepted_finisher_idx')
      .on(t.finisherId)
      .where(sql`accepted_at IS NOT NULL`),
    index('projects_repository_idx').on(t.repositoryId),
    // Technology filter.
    index('projects_tech_stack_idx').using('gin', t.techStack),
    // Text search (decision 062).
    index('projects_search_vector_idx').using('gin', t.searchVector),
    // Words and technologies of the listed projects in one GIN index: their conjunction is found inside
    // the index (a few thousand ids at a million projects), not as a BitmapAnd of a common technology's
    // every project (lossy past work_mem, then each page's rows tested again).
    index('projects_listed_search_tech_idx').using('gin', t.searchVector, t.techStack).where(listed),
    check('projects_budget_check', sql`${t.budgetCents} IS NULL OR ${t.budgetCents} > 0`),
  ],
);

/** Every column but the search vector, which only search reads: what a project answer selects. */
const { searchVector: _searchVector, ...answerColumns } = getTableColumns(projects);
export const projectColumns = answerColumns;

export type ProjectRow = Omit<typeof projects.$inferSelect, 'searchVector'>;
export type NewProjectRow = typeof projects.$inferInsert;

/**
 * Every lexeme of every project's search vector (issue 30, item 2), kept by a trigger on projects
 * (migration 0022): a search word with no exact match is replaced by its nearest word here, found
 * through the trigram index (typo tolerance), and a last word is looked up as a prefix (the key is
 * in the "C" collation, so a prefix is a range of the primary key).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * How many listed projects ('Open for Bids') use each technology, kept by a trigger on projects
 * (migration 0025): the browse filter's list of technologies reads it instead of unnesting every
 * listed project's stack on each page view (decision 062).
 */
export const technologyCounts = pgTable('technology_counts', {
  name: text('name').primaryKey(),
  listed: integer('listed').notNull(),
});
