import { sql } from 'drizzle-orm';
import { checkStates, pullRequestStates } from '#shared/domain/repository-access.js';
import { repositoryProviders, repositoryReportStatuses } from '#shared/domain/repository-report.js';
import type { RepositoryReportFigures } from '#shared/domain/repository-report.js';
import { bigint, bigserial, boolean, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const repositoryProvider = pgEnum('repository_provider', repositoryProviders);
export const repositoryReportStatus = pgEnum('repository_report_status', repositoryReportStatuses);
export const pullRequestState = pgEnum('pull_request_state', pullRequestStates);
export const checkState = pgEnum('check_state', checkStates);

/**
 * A repository on a host (GitHub or the built-in sandbox) that someone connected to a project, or
 * created on the sandbox host. One row per repository on its host, whoever connects it.
 */
export const repositories = pgTable(
  'repositories',
  {
    id: serial('id').primaryKey(),
    provider: repositoryProvider('provider').notNull(),
    /** GitHub's repository id; on the sandbox, the row's own id as text. */
    externalId: text('external_id').notNull(),
    /** The sandbox repository's owner, or the person who connected a GitHub one. */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner/name as the host spells it. */
    fullName: text('full_name').notNull(),
    url: text('url').notNull(),
    cloneUrl: text('clone_url').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    defaultBranch: text('default_branch').notNull().default('main'),
    installationId: bigint('installation_id', { mode: 'number' }),
    /** The default branch's head as last seen. */
    headSha: text('head_sha'),
    latestReportId: bigint('latest_report_id', { mode: 'number' }),
    /** The host said it is gone (deleted, or the app lost access). */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('repositories_provider_external_key').on(t.provider, t.externalId),
    uniqueIndex('repositories_sandbox_name_key')
      .on(sql`lower(${t.fullName})`)
      .where(sql`${t.provider} = 'sandbox'`),
    index('repositories_owner_idx').on(t.ownerUserId),
  ],
);

/** The intake reports of a repository, newest last; one finished report per commit. */
export const repositoryReports = pgTable(
  'repository_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    commit: text('commit'),
    status: repositoryReportStatus('status').notNull(),
    figures: jsonb('figures').$type<RepositoryReportFigures>(),
    problems: text('problems')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Why a failed report failed, in a sentence for the owner. */
    reason: text('reason'),
    trigger: text('trigger').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('repository_reports_commit_key')
      .on(t.repositoryId, t.commit)
      .where(sql`${t.commit} IS NOT NULL AND ${t.status} IN ('ready', 'partial')`),
    index('repository_reports_repository_idx').on(t.repositoryId, t.id),
  ],
);

/** A person's account on GitHub, linked through the app's sign-in; tokens encrypted. */
export const repositoryAccounts = pgTable(
  'repository_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: repositoryProvider('provider').notNull(),
    externalId: text('external_id').notNull(),
    login: text('login').notNull(),
    tokenEnc: text('token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('repository_accounts_external_key').on(t.provider, t.externalId), uniqueIndex('repository_accounts_user_key').on(t.userId, t.provider)],
);

/** Installations of the GitHub App, as its webhooks tell them. */
export const githubInstallations = pgTable('github_installations', {
  installationId: bigint('installation_id', { mode: 'number' }).primaryKey(),
  accountLogin: text('account_login').notNull(),
  accountType: text('account_type').notNull(),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Personal tokens for git over HTTP on the sandbox host; only their sha256 is kept. */
export const sandboxGitTokens = pgTable(
  'sandbox_git_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_git_tokens_hash_key').on(t.tokenHash), index('sandbox_git_tokens_user_idx').on(t.userId)],
);

/** Pull requests on the sandbox host (GitHub keeps its own). */
export const sandboxPullRequests = pgTable(
  'sandbox_pull_requests',
  {
    id: serial('id').primaryKey(),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    head: text('head').notNull(),
    base: text('base').notNull(),
    title: text('title').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: pullRequestState('state').notNull().default('open'),
    headSha: text('head_sha').notNull(),
    mergeCommitSha: text('merge_commit_sha'),
    mergedById: integer('merged_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_pull_requests_number_key').on(t.repositoryId, t.number)],
);

/** Check states on a sandbox pull request's head, as a CI would set them. */
export const sandboxCheckRuns = pgTable(
  'sandbox_check_runs',
  {
    id: serial('id').primaryKey(),
    pullRequestId: integer('pull_request_id')
      .notNull()
      .references(() => sandboxPullRequests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: checkState('state').notNull(),
    headSha: text('head_sha').notNull(),
    summary: text('summary'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_check_runs_key').on(t.pullRequestId, t.name, t.headSha)],
);

export type RepositoryRow = typeof repositories.$inferSelect;
export type RepositoryReportRow = typeof repositoryReports.$inferSelect;
export type SandboxPullRequestRow = typeof sandboxPullRequests.$inferSelect;

/**
 * A GitHub sign-in under way (GET /api/github/authorize → GET /api/github/callback): the `state`
 * handed to GitHub, stored as its sha256 and bound to the session that started it. The callback
 * deletes the row as it reads it, so a state is good once, and only for ten minutes.
 */
export const githubSignInStates = pgTable(
  'github_sign_in_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the session cookie's token, as the sessions table keeps it. */
    sessionHash: text('session_hash').notNull(),
    /** Where the person goes back to afterwards: a path on this site. */
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('github_sign_in_states_user_idx').on(t.userId)],
);
