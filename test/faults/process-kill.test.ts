// The server process is SIGKILLed in the middle of many whole deals running in parallel. A new
// process on the same database must find every acknowledged write and no half-done deal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '#test/support/postgres-admin.js';
import { type ApiClient, apiClient, type Exchange, isSuccess } from './api-client.js';
import { type Acknowledged, findViolations, noneAcknowledged } from './invariants.js';
import { bidBody, describeExchanges, faultServerEnv, projectBody, sleep, uniqueName, waitUntil } from './load.js';
import { findPostgresBinaries, type PrivatePostgres, startPrivatePostgres } from './private-postgres.js';
import { type ServerProcess, startServerProcess, stopServerProcess } from '#test/support/server-process.js';

const postgres = findPostgresBinaries();
const skipReason = 'missing' in postgres ? postgres.missing : undefined;

const LANES = 6;
/** Whole deals done before the kill, so the kill lands with lanes at every step of a deal. */
const DEALS_BEFORE_KILL = 4;
/** The new process settles what the killed one left (payouts); everything else must hold at once. */
const RECOVERY_BOUND_MS = 10_000;

/** A step of a deal failed: the lane stops, as a user would after an error page. */
class DealStopped extends Error {}

/**
 * One whole deal, as its people click through it: an owner and three finishers sign up, the owner
 * posts a project, everyone bids, two finishers finish payout onboarding, the owner accepts two bids
 * at once (one wins), they talk, the owner pays through the sandbox's checkout and webhook, the
 * winner delivers and the owner accepts the work, which releases the payout.
 */
async function runDeal(url: string, log: Exchange[], ack: Acknowledged, confirmEmail: (userId: number) => Promise<void>): Promise<void> {
  const expectOk = (response: Exchange) => {
    if (!isSuccess(response)) throw new DealStopped(describeExchanges([response]).join());
    return response.body;
  };
  const signUp = async (role: 'creator' | 'developer') => {
    const client = apiClient(url, log);
    const user = expectOk(await client.register(uniqueName(role), role));
    ack.users.push(user.id);
    return { client, id: user.id as number };
  };
  const visitor = apiClient(url, log);
  const owner = await signUp('creator');
  const finishers = [await signUp('developer'), await signUp('developer'), await signUp('developer')];

  const project = expectOk(await owner.client.request('POST', '/api/projects', projectBody(uniqueName('Deal '))));
  ack.projects.push(project.id);
  const bids: number[] = [];
  for (const [index, finisher] of finishers.entries()) {
    const bid = expectOk(await finisher.client.request('POST', `/api/projects/${project.id}/bids`, bidBody(700 + index * 50)));
    ack.bids.push(bid.id);
    bids.push(bid.id);
  }
  const onboard = async (finisher: { client: ApiClient; id: number }) => {
    await confirmEmail(finisher.id);
    const { url: link } = expectOk(await finisher.client.request('POST', '/api/stripe/create-connect-account', { userId: finisher.id }));
    expectOk(await visitor.request('POST', `/api/sandbox/onboarding/${link.replace('/sandbox/onboarding/', '')}/complete`));
    ack.onboardedUsers.push(finisher.id);
  };
  await Promise.all([onboard(finishers[0]!), onboard(finishers[1]!)]);

  // Two accepts at once: exactly one may win, the other is refused.
  const accepts = await Promise.all([bids[0], bids[1]].map((bidId) => owner.client.request('POST', `/api/bids/${bidId}/accept`, {})));
  const won = accepts.filter(isSuccess);
  if (won.length !== 1 || accepts.some((a) => !isSuccess(a) && a.status !== 409)) throw new DealStopped(describeExchanges(accepts).join('; '));
  const winningBid = won[0]!.body.id as number;
  ack.acceptedBids.push(winningBid);
  const winner = finishers[bids.indexOf(winningBid)]!;

  ack.messages.push(expectOk(await winner.client.request('POST', `/api/bids/${winningBid}/messages`, { content: 'Thanks! I will start today.' })).id);
  ack.messages.push(expectOk(await owner.client.request('POST', `/api/bids/${winningBid}/messages`, { content: 'Great, paying now.' })).id);

  const { checkoutUrl } = expectOk(await owner.client.request('POST', `/api/bids/${winningBid}/pay`, {}));
  ack.checkouts.push(winningBid);
  const session = checkoutUrl.replace('/sandbox/checkout/', '');
  expectOk(await visitor.request('POST', `/api/sandbox/checkout-sessions/${session}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }));
  ack.paidBids.push(winningBid);

  expectOk(await winner.client.request('POST', `/api/projects/${project.id}/complete`, { deliveryMessage: 'Everything is delivered and deployed.' }));
  ack.deliveredProjects.push(project.id);
  expectOk(await owner.client.request('POST', `/api/projects/${project.id}/accept`, { accepted: true }));
  ack.acceptedProjects.push(project.id);
}

describe.skipIf(skipReason !== undefined)(`a server process killed mid-load${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: PrivatePostgres;
  let databaseUrl: string;
  const servers: ServerProcess[] = [];
  // Both processes must accept the same sandbox checkout sessions and webhook signatures.
  const env = () => ({ ...faultServerEnv(databaseUrl), SANDBOX_SECRET: 'faults-sandbox-secret-0123456789' });
  // Payout setup needs a confirmed address (decision 036). This test is about crashes, not mail:
  // the finisher's address is marked confirmed in the database, as opening the link would.
  const confirmEmail = (userId: number) =>
    withDatabase(databaseUrl, async (client) => {
      await client.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);
    });

  beforeAll(async () => {
    if (!('bin' in postgres)) return;
    cluster = await startPrivatePostgres(postgres.bin);
    await withDatabase(cluster.url(), (admin) => admin.query('CREATE DATABASE finishline'));
    databaseUrl = cluster.url('finishline');
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) await stopServerProcess(server);
    await cluster?.destroy();
  }, 30_000);

  it('loses no acknowledged write and leaves no half-done deal', async () => {
    const first = await startServerProcess(env());
    servers.push(first);
    const log: Exchange[] = [];
    const ack = noneAcknowledged();
    let isKilled = false;
    let dealsDone = 0;
    const lane = async () => {
      while (!isKilled) {
        try {
          await runDeal(first.url, log, ack, confirmEmail);
          dealsDone += 1;
        } catch (error) {
          if (!(error instanceof DealStopped)) throw error;
          if (!isKilled) throw error;
        }
      }
    };
    const lanes = Promise.all(Array.from({ length: LANES }, lane));

    await waitUntil(`${DEALS_BEFORE_KILL} whole deals`, () => dealsDone >= DEALS_BEFORE_KILL, 40_000);
    // Somewhere in the next deal steps, not right at a deal boundary.
    await sleep(150 + Math.floor(Math.random() * 300));
    isKilled = true;
    const killedAt = Date.now();
    // SIGKILL: no shutdown hook, no draining, like an OOM kill or a pulled plug.
    first.signal('SIGKILL');
    await first.exited;
    await lanes;

    // Until the kill every answer was what a deal expects (a 2xx, or 409 for the losing accept);
    // the kill itself cut deals off mid-way (requests with no answer).
    const beforeKill = log.filter((e) => e.endedAt < killedAt);
    expect(describeExchanges(beforeKill.filter((e) => !isSuccess(e) && e.status !== 409))).toEqual([]);
    expect(log.filter((e) => e.status === 0).length).toBeGreaterThan(0);

    const second = await startServerProcess(env());
    servers.push(second);
    let violations: string[] = [];
    await waitUntil(
      'every invariant to hold after the restart',
      async () => (violations = await findViolations(databaseUrl, ack)).length === 0,
      RECOVERY_BOUND_MS,
    ).catch(() => undefined);
    expect(violations).toEqual([]);

    // The new process carries on: a whole deal goes through.
    await runDeal(second.url, log, ack, confirmEmail);
    expect(await findViolations(databaseUrl, ack)).toEqual([]);
    expect(ack.acceptedProjects.length).toBeGreaterThan(DEALS_BEFORE_KILL);
    // About 15 s on an idle machine, most of it two server start-ups; room for a loaded CI box.
  }, 120_000);
});
