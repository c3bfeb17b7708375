// PostgreSQL stops in the middle of a load of reads and writes and comes back: the server keeps
// answering (503, fast, with a clear message), recovers by itself and loses no acknowledged write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '#test/support/postgres-admin.js';
import { type ApiClient, apiClient, durationOf, type Exchange, isSuccess } from './api-client.js';
import { findViolations, noneAcknowledged } from './invariants.js';
import { bidBody, describeExchanges, faultServerEnv, projectBody, repeat, sleep, uniqueName, waitUntil } from './load.js';
import { findPostgresBinaries, type PrivatePostgres, type StopMode, startPrivatePostgres } from './private-postgres.js';
import { type ServerProcess, startServerProcess, stopServerProcess } from '#test/support/server-process.js';

const postgres = findPostgresBinaries();
const skipReason = 'missing' in postgres ? postgres.missing : undefined;

/**
 * While PostgreSQL is down a connect is refused at once, so an answer takes milliseconds; the
 * slowest legitimate path is a request queued for a pool connection, which gives up after the
 * pool's 2 s connectionTimeoutMillis. Half a second more covers a busy two-core machine.
 */
const OUTAGE_ANSWER_BOUND_MS = 2_500;
/** No request ever hangs, whatever the phase: even a registration's argon2 hash fits well within this. */
const ANY_ANSWER_BOUND_MS = 5_000;
/** The pool opens fresh connections on the next request, so the first success follows the restart closely. */
const RECOVERY_BOUND_MS = 5_000;
const OUTAGE_MS = 3_000;
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

describe.skipIf(skipReason !== undefined)(`a PostgreSQL outage under load${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: PrivatePostgres;
  let server: ServerProcess;
  let databaseUrl: string;

  beforeAll(async () => {
    if (!('bin' in postgres)) return;
    cluster = await startPrivatePostgres(postgres.bin);
    await withDatabase(cluster.url(), (admin) => admin.query('CREATE DATABASE finishline'));
    databaseUrl = cluster.url('finishline');
    server = await startServerProcess(faultServerEnv(databaseUrl));
  }, 90_000);

  afterAll(async () => {
    await stopServerProcess(server);
    await cluster?.destroy();
  }, 30_000);

  it('answers 503 fast while it is down, recovers by itself and keeps every acknowledged write', async () => {
    const log: Exchange[] = [];
    const acknowledged = noneAcknowledged();
    const signUp = async (role: 'creator' | 'developer') => {
      const client = apiClient(server.url, log);
      const response = await client.register(uniqueName(role), role);
      expect(response.status, describeExchanges([response]).join()).toBe(201);
      acknowledged.users.push(response.body.id);
      return Object.assign(client, { id: response.body.id as number });
    };
    const owner = await signUp('creator');
    const finishers = await Promise.all([1, 2, 3].map(() => signUp('developer')));
    const newcomer = apiClient(server.url, log);
    const visitor = apiClient(server.url, log);

    /** A finisher bids once on each acknowledged project, never twice (a 503 may hide a commit). */
    const bidder = (finisher: ApiClient) => {
      const tried = new Set<number>();
      return async () => {
        const projectId = acknowledged.projects.find((id) => !tried.has(id));
        if (projectId === undefined) return finisher.request('GET', '/api/projects?limit=20');
        tried.add(projectId);
        const response = await finisher.request('POST', `/api/projects/${projectId}/bids`, bidBody(500 + projectId));
        if (isSuccess(response)) acknowledged.bids.push(response.body.id);
      };
    };
    const steps = [
      async () => {
        const response = await newcomer.register(uniqueName('newcomer'), 'developer');
        if (isSuccess(response)) acknowledged.users.push(response.body.id);
      },
      async () => {
        const response = await owner.request('POST', '/api/projects', projectBody(uniqueName('Outage project ')));
        if (isSuccess(response)) acknowledged.projects.push(response.body.id);
      },
      ...finishers.map(bidder),
      () => visitor.request('GET', '/api/projects?limit=20'),
      // Reads a project only once one is acknowledged: id 1 may not exist yet (or ever, if its insert failed).
      () => {
        const projectId = acknowledged.projects.at(-1);
        return owner.request('GET', projectId === undefined ? '/api/projects?limit=20' : `/api/projects/${projectId}`);
      },
      () => finishers[0]!.request('GET', `/api/users/${finishers[0]!.id}/notifications`),
    ];
    let isRunning = true;
    const load = Promise.all(steps.map((step) => repeat(() => isRunning, step)));

    /** Stops PostgreSQL under the running load, starts it again after OUTAGE_MS and waits until writes succeed again. */
    const outage = async (mode: StopMode) => {
      await cluster.stop(mode);
      const downSince = Date.now();
      const healthWhileDown = await visitor.request('GET', '/api/health');
      await sleep(OUTAGE_MS);
      const downUntil = Date.now();
      await cluster.start();
      const upSince = Date.now();
      const isWriteAfterRestart = (e: Exchange) => e.method === 'POST' && e.startedAt >= upSince && isSuccess(e);
      await waitUntil(`a successful write after the ${mode} stop`, () => log.some(isWriteAfterRestart), RECOVERY_BOUND_MS);
      const recoveredAt = Math.min(...log.filter(isWriteAfterRestart).map((e) => e.endedAt));
      const bidsBefore = acknowledged.bids.length;
      await waitUntil(`more bids after the ${mode} stop`, () => acknowledged.bids.length >= bidsBefore + 3, 10_000);
      return { mode, downSince, downUntil, upSince, recoveredAt, healthWhileDown };
    };
    await waitUntil('writes before the outage', () => acknowledged.bids.length >= 5, 20_000);
    // A clean shutdown ends sessions with 57P01; an immediate one drops them like a crash (and
    // PostgreSQL replays its WAL on the next start).
    const outages = [await outage('fast'), await outage('immediate')];
    isRunning = false;
    await load;

    // Every answer was a success or the outage's 503; never a 500, a dropped connection or a hang.
    const unexpected = log.filter((e) => !isSuccess(e) && !(e.status === 503 && e.body?.code === 'SERVICE_UNAVAILABLE'));
    expect(describeExchanges(unexpected)).toEqual([]);
    // /api/health words its own 503 for operators; every other route gives users the same sentence.
    const unavailable = log.filter((e) => e.status === 503 && e.path !== '/api/health');
    expect(new Set(unavailable.map((e) => `${e.body.message} / retry-after ${e.retryAfter}`))).toEqual(new Set([`${UNAVAILABLE_MESSAGE} / retry-after 5`]));
    expect(describeExchanges(log.filter((e) => durationOf(e) >= ANY_ANSWER_BOUND_MS))).toEqual([]);

    for (const { mode, downSince, downUntil, upSince, recoveredAt, healthWhileDown } of outages) {
      // While it was down: only 503s, each within the bound.
      const duringOutage = log.filter((e) => e.startedAt >= downSince && e.endedAt <= downUntil);
      expect(duringOutage.length, mode).toBeGreaterThan(20);
      expect(describeExchanges(duringOutage.filter((e) => e.status !== 503 || durationOf(e) >= OUTAGE_ANSWER_BOUND_MS)), mode).toEqual([]);
      expect(healthWhileDown.status, mode).toBe(503);
      expect(healthWhileDown.body.code, mode).toBe('SERVICE_UNAVAILABLE');
      // Back by itself, the same process, without a restart.
      expect(recoveredAt - upSince, mode).toBeLessThan(RECOVERY_BOUND_MS);
    }
    expect((await visitor.request('GET', '/api/health')).status).toBe(200);

    // Nothing acknowledged is lost, nothing is half done (a bid without its owner's notification).
    expect(acknowledged.projects.length).toBeGreaterThan(3);
    expect(await findViolations(databaseUrl, acknowledged)).toEqual([]);
    // About 15 s of load and two outages; the rest is room for a loaded CI box.
  }, 60_000);
});
