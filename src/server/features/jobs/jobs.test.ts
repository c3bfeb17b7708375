import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '#server/jobs/job-queue.js';
import { type JobRow, jobs } from '#server/db/schema/jobs.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';

// GET /api/operator/jobs (decision 042): operators see what is due, running and failed; nobody else does.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;

describe('GET /api/operator/jobs', () => {
  it('refuses a visitor, an owner and a finisher', async () => {
    expect((await client(t.app).get('/api/operator/jobs')).statusCode).toBe(401);
    for (const role of ['submitter', 'finisher'] as const) {
      const user = await createUser(t.database.db, { role });
      const response = await client(t.app, await signIn(t.app, user.email)).get('/api/operator/jobs');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'Only Finishline operators can do this' });
    }
  });

  it('shows an operator the counts and the latest due, running and failed jobs', async () => {
    const now = Date.now();
    await enqueueJob(t.database.db, { kind: 'test.report', key: 'due', dueAt: new Date(now - HOUR_MS), payload: {} });
    await enqueueJob(t.database.db, { kind: 'test.report', key: 'later', dueAt: new Date(now + HOUR_MS), payload: {} });
    const values: Partial<JobRow>[] = [
      { key: 'running', state: 'running', attempts: 1, lockedUntil: new Date(now + 5 * 60_000) },
      { key: 'failed', state: 'failed', attempts: 10, lastError: 'Error: the database refused it', finishedAt: new Date(now) },
    ];
    for (const row of values) await t.database.db.insert(jobs).values({ kind: 'test.report', key: row.key!, dueAt: new Date(now - HOUR_MS), ...row });
    const operator = await createUser(t.database.db, { role: 'operator' });
    const response = await client(t.app, await signIn(t.app, operator.email)).get('/api/operator/jobs');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual({ due: 1, scheduled: 1, running: 1, failed: 1 });
    expect(body.upcoming.map((job: { key: string }) => job.key)).toEqual(['due', 'later']);
    expect(body.running).toMatchObject([{ kind: 'test.report', key: 'running', state: 'running', attempts: 1, maxAttempts: 10 }]);
    expect(body.failed).toMatchObject([
      { kind: 'test.report', key: 'failed', state: 'failed', attempts: 10, maxAttempts: 10, lastError: 'Error: the database refused it' },
    ]);
    expect(body.failed[0].dueAt).toBe(new Date(now - HOUR_MS).toISOString());
  });
});
