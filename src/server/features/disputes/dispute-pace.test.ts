import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/email.js';
import { HOUR_MS } from '#test/support/clock.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { signIn } from '#test/support/factories.js';

// Issue 26, item 6: a side of a dispute makes at most DISPUTE_OFFERS_PER_HOUR offers and
// DISPUTE_STATEMENTS_PER_HOUR statements in any hour (counted in the database, so every instance
// agrees), and the other side hears of them in one mail per DISPUTE_MAIL_INTERVAL, fired by the
// deal clock: no sleeps, the test moves the clock.
let w: DealWorld;
beforeAll(async () => {
  w = await createDealWorld({ DISPUTE_OFFERS_PER_HOUR: '4', DISPUTE_STATEMENTS_PER_HOUR: '3', DISPUTE_MAIL_INTERVAL: '5m' });
  await w.onboardFinisher();
});
afterAll(() => w.t.close());

const MINUTE_MS = 60_000;
const offer = (id: number, cents: number, api = w.cast.finisher.api) => api.post(`/api/disputes/${id}/offers`, { finisherAmountCents: cents });
const state = (id: number, statement: string, api = w.cast.finisher.api) => api.post(`/api/disputes/${id}/evidence`, { statement });

/** A dispute the owner opened over a delivered $750 deal, offering the finisher $200. */
async function openedDispute(): Promise<{ id: number; projectId: number }> {
  const { disputeId, projectId } = await w.disputedDeal();
  return { id: disputeId, projectId };
}

/** The mail in the outbox to one address about one project, oldest first, once the mail in flight is sent. */
async function mailTo(email: string, projectName: string) {
  const read = () =>
    w.t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `%${projectName}%`)))
      .orderBy(asc(mailOutbox.id));
  // Mail goes out after the answer; a few turns of the event loop, never a wait on the clock.
  let last = -1;
  let rows = await read();
  for (let stable = 0; stable < 5; rows = await read()) {
    stable = rows.length === last ? stable + 1 : 0;
    last = rows.length;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return rows;
}

const projectName = async (projectId: number): Promise<string> => (await w.cast.owner.api.get(`/api/projects/${projectId}`)).json().name;

describe('the pace of a dispute', () => {
  it('refuses a side its offers past DISPUTE_OFFERS_PER_HOUR, with the time it may offer again, and counts each side apart', async () => {
    const dispute = await openedDispute();
    for (let i = 0; i < 4; i += 1) {
      w.clock.advance(MINUTE_MS);
      expect((await offer(dispute.id, 70_000 - i * 1_000)).statusCode).toBe(201);
    }
    const refused = await offer(dispute.id, 60_000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'You can make at most 4 offers an hour in a dispute. You can make the next one in 57 minutes.',
    });
    expect(refused.headers['retry-after']).toBe(String(57 * 60));
    // The owner's opening offer and this one are two of the owner's four.
    expect((await offer(dispute.id, 21_000, w.cast.owner.api)).statusCode).toBe(201);
    // Another instance counts the same rows.
    const other = await w.secondInstance();
    try {
      const elsewhere = await other.inject({
        method: 'POST',
        url: `/api/disputes/${dispute.id}/offers`,
        payload: { finisherAmountCents: 60_000 },
        headers: { cookie: await signIn(other, w.cast.finisher.user.email) },
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await other.close();
    }
    // An hour after the first, one more.
    w.clock.advance(57 * MINUTE_MS);
    expect((await offer(dispute.id, 60_000)).statusCode).toBe(201);
    expect((await offer(dispute.id, 59_000)).statusCode).toBe(429);
  });

  it('refuses statements past DISPUTE_STATEMENTS_PER_HOUR, and stores nothing of a refused one', async () => {
    const dispute = await openedDispute();
    for (let i = 0; i < 3; i += 1) expect((await state(dispute.id, `Statement number ${i + 1} about the build.`)).statusCode).toBe(201);
    const refused = await state(dispute.id, 'One statement too many about the build.');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You can add at most 3 statements an hour in a dispute. You can add the next one in 60 minutes.');
    const read = (await w.cast.owner.api.get(`/api/disputes/${dispute.id}`)).json();
    expect(read.evidence.filter((e: { side: string }) => e.side === 'finisher')).toHaveLength(3);
    expect((await state(dispute.id, 'The owner may still speak here.', w.cast.owner.api)).statusCode).toBe(201);
  });
});

describe('the dispute digest', () => {
  it('mails the other party once per interval with what arrived, and nothing after the dispute settled', async () => {
    const dispute = await openedDispute();
    const name = await projectName(dispute.projectId);
    const ownerEmail = w.cast.owner.user.email;
    const before = (await mailTo(ownerEmail, name)).length;

    expect((await offer(dispute.id, 70_000)).statusCode).toBe(201);
    expect((await offer(dispute.id, 65_000)).statusCode).toBe(201);
    expect((await state(dispute.id, 'The build passes on a clean clone; see the CI log.')).statusCode).toBe(201);
    // Nothing yet: the mail waits for the deal clock.
    expect(await mailTo(ownerEmail, name)).toHaveLength(before);

    await w.t.app.sweepDealTimers();
    const first = (await mailTo(ownerEmail, name)).slice(before);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(`New in the dispute on "${name}"`);
    expect(first[0]!.text).toContain('The developer made 2 new offers; the latest is that the developer receives $650.');
    expect(first[0]!.text).toContain('The developer added a statement.');
    expect(first[0]!.text).toContain('The build passes on a clean clone; see the CI log.');

    // Within the interval: kept for the next mail.
    w.clock.advance(MINUTE_MS);
    expect((await offer(dispute.id, 64_000)).statusCode).toBe(201);
    expect((await state(dispute.id, 'A second statement, with more detail.')).statusCode).toBe(201);
    await w.t.app.sweepDealTimers();
    expect((await mailTo(ownerEmail, name)).slice(before)).toHaveLength(1);
    w.clock.advance(4 * MINUTE_MS);
    await w.t.app.sweepDealTimers();
    const second = (await mailTo(ownerEmail, name)).slice(before);
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toContain('The developer made a new offer; the latest is that the developer receives $640.');
    expect(second[1]!.text).toContain('The developer added a statement.');
    expect(second[1]!.text).not.toContain('clean clone');

    // The finisher hears of the owner's steps the same way, on its own interval.
    expect((await state(dispute.id, 'The owner disagrees with the CI log.', w.cast.owner.api)).statusCode).toBe(201);
    await w.t.app.sweepDealTimers();
    expect((await mailTo(w.cast.finisher.user.email, name)).filter((m) => m.subject.startsWith('New in the dispute'))).toHaveLength(1);

    // A step mailed by the settlement itself is not mailed again.
    w.clock.advance(MINUTE_MS);
    expect((await offer(dispute.id, 63_000)).statusCode).toBe(201);
    const latest = (await w.cast.owner.api.get(`/api/disputes/${dispute.id}`)).json();
    const finisherOffer = latest.offers.filter((o: { side: string }) => o.side === 'finisher').at(-1);
    expect((await w.cast.owner.api.post(`/api/disputes/${dispute.id}/offers/${finisherOffer.id}/accept`)).statusCode).toBe(200);
    w.clock.advance(10 * MINUTE_MS);
    await w.t.app.sweepDealTimers();
    const after = (await mailTo(ownerEmail, name)).slice(before);
    expect(after.filter((m) => m.subject.startsWith('New in the dispute'))).toHaveLength(2);
    expect(after.filter((m) => m.subject.endsWith('is settled'))).toHaveLength(1);
  });

  it('holds a hundred offers and statements to a few mails', async () => {
    const { id, projectId } = await openedDispute();
    const name = await projectName(projectId);
    const before = (await mailTo(w.cast.owner.user.email, name)).length;
    let accepted = 0;
    for (let i = 0; i < 50; i += 1) {
      if ((await offer(id, 70_000 - i * 100)).statusCode === 201) accepted += 1;
      if ((await state(id, `Statement ${i} about the state of the build.`)).statusCode === 201) accepted += 1;
      w.clock.advance(6_000);
    }
    expect(accepted).toBe(4 + 3);
    await w.t.app.sweepDealTimers();
    expect((await mailTo(w.cast.owner.user.email, name)).length - before).toBe(1);
  });

  it('fires the digest once a restart later, from the database', async () => {
    const dispute = await openedDispute();
    w.clock.advance(HOUR_MS);
    expect((await offer(dispute.id, 70_000)).statusCode).toBe(201);
    const other = await w.secondInstance();
    try {
      expect(await other.sweepDealTimers()).toBeGreaterThanOrEqual(1);
      expect(await w.t.app.sweepDealTimers()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
