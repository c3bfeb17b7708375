import { z } from 'zod';
import { jobStates } from '#shared/domain/jobs.js';

/** One durable job as operators see it (docs/decisions/042-durable-jobs.md). */
export const operatorJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string(),
  state: z.enum(jobStates),
  /** When it may run (after a failure: when it is tried again). */
  dueAt: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  /** While running: until when the instance that claimed it holds it. */
  lockedUntil: z.string().nullable(),
  updatedAt: z.string(),
});
export type OperatorJob = z.infer<typeof operatorJobSchema>;

export const operatorJobsSchema = z.object({
  counts: z.object({
    /** Waiting, their time come: the runners take them at their next poll. */
    due: z.number().int(),
    /** Waiting for a later time. */
    scheduled: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
  }),
  /** The earliest waiting jobs (due or scheduled), earliest first. */
  upcoming: z.array(operatorJobSchema),
  running: z.array(operatorJobSchema),
  /** The latest failures, latest first. */
  failed: z.array(operatorJobSchema),
});
export type OperatorJobs = z.infer<typeof operatorJobsSchema>;
