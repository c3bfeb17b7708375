import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jobStates } from '#shared/domain/jobs.js';

export const jobState = pgEnum('job_state', jobStates);

/**
 * Durable jobs of every feature (docs/decisions/042-durable-jobs.md): one row per job. The runner
 * (src/server/jobs/job-runner.ts) claims due rows with FOR UPDATE SKIP LOCKED, marks them running
 * under a lease, and runs each handler in a transaction that also marks its row done, so an effect
 * and its job's completion commit together, once across instances and restarts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What runs it: a handler registered with defineJobKind ('deal.review_due'). */
    kind: text('kind').notNull(),
    /** The idempotency key, unique per kind: enqueueing the same job twice leaves one row. */
    key: text('key').notNull(),
    /** What the job is about ('project:42'), so a feature finds and cancels the jobs of one thing. */
    subject: text('subject'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: jobState('state').notNull().default('due'),
    /** When it may run; after a failure, when it is tried again. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Claims so far; each claim counts (a lease that ran out included) and fences off older claimers. */
    attempts: integer('attempts').notNull().default(0),
    /** Null: JOB_MAX_ATTEMPTS. */
    maxAttempts: integer('max_attempts'),
    lastError: text('last_error'),
    /** While running: after this, the instance that claimed it is taken for gone and the job is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_kind_key').on(t.kind, t.key),
    // The claim: the earliest due rows. Partial, so done rows cost nothing.
    index('jobs_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'due'`),
    // Leases that ran out (a crashed instance's claims).
    index('jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_subject_idx').on(t.subject, t.kind),
    // The operators' list: recent failures.
    index('jobs_state_updated_idx').on(t.state, t.updatedAt),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
