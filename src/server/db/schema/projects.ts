import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { projectStatuses } from '#shared/domain/project-status.js';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { centsColumn } from '#server/db/cents.js';
import { repositories } from './repositories.js';
import { users } from './users.js';

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
    /**
     * What search matches (`like '%word%'`): name and description lowercased, stored, with its own
     * trigram index and statistics. Computing the expression on each row a newest-first search
     * walks cost about 6 us a row (decision 031). Never selected for an answer (projectColumns).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${projects.name} || ' ' || ${projects.description})`),
  },
  (t) => [
    // Browse: open projects newest first, paged by (created_at, id). Ascending indexes on purpose:
    // scanned backwards they serve ORDER BY ... DESC (NULLS FIRST); a DESC NULLS LAST index would not.
    index('projects_status_created_idx').on(t.status, t.createdAt, t.id),
    index('projects_created_idx').on(t.createdAt, t.id),
    // My Projects and per-user lists.
    index('projects_submitter_idx').on(t.submitterId, t.createdAt),
    index('projects_finisher_idx').on(t.finisherId, t.createdAt),
    index('projects_repository_idx').on(t.repositoryId),
    // Technology filter.
    index('projects_tech_stack_idx').using('gin', t.techStack),
    // Case-insensitive search over name and description (pg_trgm).
    index('projects_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('projects_budget_check', sql`${t.budgetCents} IS NULL OR ${t.budgetCents} > 0`),
  ],
);

/** Every column but the search text, which only search reads: what a project answer selects. */
const { searchText: _searchText, ...answerColumns } = getTableColumns(projects);
export const projectColumns = answerColumns;

export type ProjectRow = Omit<typeof projects.$inferSelect, 'searchText'>;
export type NewProjectRow = typeof projects.$inferInsert;
