import { repositoryAccessStatuses } from '#shared/domain/repository-access.js';
import type { CheckState } from '#shared/domain/repository-access.js';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { pullRequestState, repositories } from './repositories.js';
import { users } from './users.js';

export const repositoryAccessStatus = pgEnum('repository_access_status', repositoryAccessStatuses);

/**
 * The finisher's push access to a deal's repository: one row per project and finisher, locked while
 * access changes, so a grant or a removal happens once whatever retries or instances do (decision 056).
 */
export const repositoryAccess = pgTable(
  'repository_access',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    finisherId: integer('finisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: repositoryAccessStatus('status').notNull().default('none'),
    /** GitHub's collaborator invitation, withdrawn if the deal ends before it is accepted. */
    invitationId: text('invitation_id'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('repository_access_project_finisher_key').on(t.projectId, t.finisherId)],
);

export interface PullRequestFile {
  path: string;
  additions: number;
  deletions: number;
  status: string;
}

/** A pull request a finisher delivered a project with, as last read from its host. */
export const pullRequestDeliveries = pgTable(
  'pull_request_deliveries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    state: pullRequestState('state').notNull(),
    headSha: text('head_sha').notNull(),
    headRef: text('head_ref').notNull(),
    baseRef: text('base_ref').notNull(),
    commits: integer('commits').notNull().default(0),
    additions: integer('additions').notNull().default(0),
    deletions: integer('deletions').notNull().default(0),
    changedFiles: integer('changed_files').notNull().default(0),
    files: jsonb('files').$type<PullRequestFile[]>().notNull().default([]),
    checks: jsonb('checks').$type<{ name: string; state: CheckState }[]>().notNull().default([]),
    /** Finishline's own check on the pull request, updated as the deal moves. */
    checkRunId: text('check_run_id'),
    mergedBy: text('merged_by'),
    mergeCommitSha: text('merge_commit_sha'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /** Set once, when a merge accepted the delivery: the guard against a replayed webhook. */
    acceptedByMergeAt: timestamp('accepted_by_merge_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pull_request_deliveries_project_number_key').on(t.projectId, t.number),
    index('pull_request_deliveries_repository_idx').on(t.repositoryId, t.number),
  ],
);

export type RepositoryAccessRow = typeof repositoryAccess.$inferSelect;
export type PullRequestDeliveryRow = typeof pullRequestDeliveries.$inferSelect;
