import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { TestClock } from '#test/support/clock.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import type { FinisherEarnings, OwnerSpending } from '#shared/contracts/earnings.js';
import { type LedgerEntryKind, ledgerTotals } from '#shared/domain/ledger.js';
import { splitPayment } from '#shared/domain/money.js';
import { bids } from '#server/db/schema/bids.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { payments } from '#server/db/schema/payments.js';
import { appendLedger } from '#server/domain/ledger.js';
import { lastMonths } from './earnings.service.js';
import { centsAsDecimal, csvCell } from './statement.js';

let t: TestApp;
let cast: Cast;
let operatorApi: Cast['owner']['api'];
const OPERATOR_EMAIL = 'ops-earnings@example.test';
const clock = new TestClock('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAILS: OPERATOR_EMAIL }, { clock });
  cast = await createCast(t.app, t.database.db);
  const operator = await createUser(t.database.db, { role: 'submitter', email: OPERATOR_EMAIL });
  operatorApi = client(t.app, await signIn(t.app, operator.email));
  expect((await operatorApi.get('/api/session')).json()).toMatchObject({ user: { role: 'operator' } });
});
afterAll(() => t.close());

let movement = 0;
/** A paid deal between `ownerId` and `finisherId`, its payment held for `amountCents`. */
async function deal(ownerId: number, finisherId: number, amountCents: number, project: { name?: string; acceptedAt?: Date } = {}) {
  const row = await createProject(t.database.db, { submitterId: ownerId, finisherId, status: project.acceptedAt ? 'accepted' : 'in_progress', ...project });
  const [bid] = await t.database.db
    .insert(bids)
    .values({ projectId: row.id, finisherId, amountCents, timelineDays: 5, message: 'x'.repeat(20), status: 'paid' })
    .returning();
  const [payment] = await t.database.db
    .insert(payments)
    .values({ bidId: bid!.id, ...splitPayment(amountCents), status: 'held' })
    .returning();
  /** Appends an entry through the ledger's one writer, as the payments code does. */
  const add = async (kind: LedgerEntryKind, amount: number, at: string, extra: { note?: string; providerId?: string } = {}) => {
    movement += 1;
    const key = `test-${movement}`;
    await t.database.db.transaction((tx) =>
      appendLedger(tx, payment!.id, { projectId: row.id, ownerId, finisherId }, new Date(at), [{ kind, amountCents: amount, key, ...extra }]),
    );
    // The payment's row says what its entries say, as the payments code keeps it (the reconciliation checks it after the run).
    const totals = ledgerTotals(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment!.id)));
    await t.database.db
      .update(payments)
      .set({
        releasedCents: totals.releasedCents,
        settledCents: totals.releasedCents + totals.feeCents,
        refundedCents: totals.refundedCents,
        status: totals.heldCents > 0 ? 'held' : totals.refundedCents >= totals.paidCents ? 'refunded' : 'released',
      })
      .where(eq(payments.id, payment!.id));
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.movementKey, key));
    return entry!;
  };
  return { project: row, payment: payment!, add };
}

type Api = Cast['owner']['api'];
const csv = (api: Api, userId: number, query: string) => api.get(`/api/users/${userId}/ledger.csv?${query}`);
/** The CSV's lines without the line ends (a trailing empty line dropped). */
const lines = (body: string) => body.split('\r\n').filter((line, i, all) => i < all.length - 1 || line !== '');

describe('helpers', () => {
  it('counts the last 12 months in the reader’s zone, oldest first', () => {
    expect(lastMonths(new Date('2026-11-23T12:00:00Z'), 'UTC')).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    // 1 Jan 03:00 UTC is still 31 Dec in Los Angeles.
    expect(lastMonths(new Date('2027-01-01T03:00:00Z'), 'America/Los_Angeles', 2)).toEqual(['2026-11', '2026-12']);
  });

  it('writes dollars from the digits and guards cells a spreadsheet would run', () => {
    expect([centsAsDecimal(0), centsAsDecimal(5), centsAsDecimal(123_456), centsAsDecimal(1_000_000_000_01)]).toEqual([
      '0.00',
      '0.05',
      '1234.56',
      '1000000000.01',
    ]);
    expect(['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx', 'plain', 'a,b', 'say "hi"', 'two\nlines'].map(csvCell)).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2",
      "'@cmd",
      "'\tx",
      `"'\rx"`,
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
    ]);
    expect([csvCell(null), csvCell(-5), csvCell(42)]).toEqual(['', '-5', '42']);
  });
});

describe('GET /api/users/{id}/earnings', () => {
  let owner: { id: number; api: Api };
  let finisher: { id: number; api: Api };

  beforeAll(async () => {
    const ownerRow = await createUser(t.database.db, { role: 'submitter' });
    const finisherRow = await createUser(t.database.db, { role: 'finisher' });
    owner = { id: ownerRow.id, api: client(t.app, await signIn(t.app, ownerRow.email)) };
    finisher = { id: finisherRow.id, api: client(t.app, await signIn(t.app, finisherRow.email)) };
    // Paid in March, a milestone in April, the rest on acceptance in May: nothing held.
    const done = await deal(owner.id, finisher.id, 500_000, { acceptedAt: new Date('2026-05-05T10:00:00Z') });
    await done.add('payment_held', 500_000, '2026-03-10T10:00:00Z');
    await done.add('milestone_release', 180_000, '2026-04-02T10:00:00Z', { note: "milestone 'API'" });
    await done.add('platform_fee', 20_000, '2026-04-02T10:00:00Z');
    await done.add('final_release', 270_000, '2026-05-05T10:00:00Z');
    await done.add('platform_fee', 30_000, '2026-05-05T10:00:00Z');
    // Accepted this month, the finisher has no payout account: 90% of it is due and waits.
    const waiting = await deal(owner.id, finisher.id, 200_000, { acceptedAt: new Date('2026-11-20T10:00:00Z') });
    await waiting.add('payment_held', 200_000, '2026-11-01T10:00:00Z');
    // Refunded more than a year ago: in the totals, before the months.
    const cancelled = await deal(owner.id, finisher.id, 100_000);
    await cancelled.add('payment_held', 100_000, '2025-06-15T10:00:00Z');
    await cancelled.add('refund', 100_000, '2025-07-01T10:00:00Z');
  });

  it('gives a finisher held, released, pending payout, the fee and 12 months, from the ledger', async () => {
    const response = await finisher.api.get(`/api/users/${finisher.id}/earnings`);
    expect(response.statusCode).toBe(200);
    const earnings = response.json() as FinisherEarnings;
    expect(earnings.role).toBe('finisher');
    expect(earnings.timeZone).toBe('UTC');
    expect(earnings.totals).toEqual({ heldCents: 200_000, releasedCents: 450_000, pendingPayoutCents: 180_000, feeCents: 50_000 });
    expect(earnings.hasPayoutAccount).toBe(false);
    expect(earnings.months).toHaveLength(12);
    expect(earnings.months[0]!.month).toBe('2025-12');
    const byMonth = Object.fromEntries(earnings.months.map(({ month, ...rest }) => [month, rest]));
    expect(byMonth['2026-03']).toEqual({ paidCents: 500_000, releasedCents: 0, feeCents: 0 });
    expect(byMonth['2026-04']).toEqual({ paidCents: 0, releasedCents: 180_000, feeCents: 20_000 });
    expect(byMonth['2026-05']).toEqual({ paidCents: 0, releasedCents: 270_000, feeCents: 30_000 });
    expect(byMonth['2026-11']).toEqual({ paidCents: 200_000, releasedCents: 0, feeCents: 0 });
    expect(byMonth['2026-07']).toEqual({ paidCents: 0, releasedCents: 0, feeCents: 0 });
  });

  it('says nothing waits once the finisher has a payout account', async () => {
    const ready = await createUser(t.database.db, { role: 'finisher', onboardingComplete: true, stripeConnectAccountId: `acct_earnings_${Date.now()}` });
    const other = await deal(owner.id, ready.id, 100_000, { acceptedAt: new Date('2026-11-21T10:00:00Z') });
    await other.add('payment_held', 100_000, '2026-11-02T10:00:00Z');
    const earnings = (await client(t.app, await signIn(t.app, ready.email)).get(`/api/users/${ready.id}/earnings`)).json() as FinisherEarnings;
    expect(earnings.totals).toEqual({ heldCents: 100_000, releasedCents: 0, pendingPayoutCents: 0, feeCents: 0 });
    expect(earnings.hasPayoutAccount).toBe(true);
  });

  it('gives an owner Total Spending (paid less refunded) with its items and 12 months', async () => {
    const mine = await createUser(t.database.db, { role: 'submitter' });
    const api = client(t.app, await signIn(t.app, mine.email));
    const paid = await deal(mine.id, finisher.id, 300_000);
    await paid.add('payment_held', 300_000, '2026-02-10T10:00:00Z');
    await paid.add('dispute_release', 90_000, '2026-06-01T10:00:00Z');
    await paid.add('platform_fee', 10_000, '2026-06-01T10:00:00Z');
    await paid.add('dispute_refund', 200_000, '2026-06-01T10:00:00Z');
    const changeOrder = await deal(mine.id, finisher.id, 50_000);
    await changeOrder.add('change_order_payment', 50_000, '2026-10-31T23:59:59Z', { note: 'change order 1' });
    const response = await api.get(`/api/users/${mine.id}/earnings`);
    expect(response.statusCode).toBe(200);
    const spending = response.json() as OwnerSpending;
    expect(spending.role).toBe('owner');
    expect(spending.totals).toEqual({ paidCents: 350_000, refundedCents: 200_000, netCents: 150_000, heldCents: 50_000 });
    const byMonth = Object.fromEntries(spending.months.map(({ month, ...rest }) => [month, rest]));
    expect(byMonth['2026-02']).toEqual({ paidCents: 300_000, refundedCents: 0, netCents: 300_000 });
    expect(byMonth['2026-06']).toEqual({ paidCents: 0, refundedCents: 200_000, netCents: -200_000 });
    expect(byMonth['2026-10']).toEqual({ paidCents: 50_000, refundedCents: 0, netCents: 50_000 });
    expect(byMonth['2026-11']).toEqual({ paidCents: 0, refundedCents: 0, netCents: 0 });
  });

  it('counts the months in the person’s own time zone', async () => {
    const west = await createUser(t.database.db, { role: 'submitter', timeZone: 'America/Los_Angeles' });
    const api = client(t.app, await signIn(t.app, west.email));
    const late = await deal(west.id, finisher.id, 70_000);
    // 1 Nov 03:00 UTC is the evening of 31 Oct in Los Angeles.
    await late.add('payment_held', 70_000, '2026-11-01T03:00:00Z');
    const spending = (await api.get(`/api/users/${west.id}/earnings`)).json() as OwnerSpending;
    expect(spending.timeZone).toBe('America/Los_Angeles');
    expect(spending.months.find((m) => m.month === '2026-10')?.paidCents).toBe(70_000);
    expect(spending.months.find((m) => m.month === '2026-11')?.paidCents).toBe(0);
  });

  it('answers only the person themself', async () => {
    expect((await owner.api.get(`/api/users/${owner.id}/earnings`)).statusCode).toBe(200);
    for (const api of [finisher.api, cast.otherFinisher.api, operatorApi]) {
      const refused = await api.get(`/api/users/${owner.id}/earnings`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only view your own earnings and statements' });
    }
    expect((await cast.visitor.api.get(`/api/users/${owner.id}/earnings`)).statusCode).toBe(401);
    // An account with no ledger yet reads zeros.
    const empty = (await cast.otherFinisher.api.get(`/api/users/${cast.otherFinisher.user.id}/earnings`)).json() as FinisherEarnings;
    expect(empty.totals).toEqual({ heldCents: 0, releasedCents: 0, pendingPayoutCents: 0, feeCents: 0 });
    expect(empty.months.every((m) => m.paidCents === 0 && m.releasedCents === 0)).toBe(true);
  });
});

describe('GET /api/users/{id}/ledger.csv', () => {
  let owner: { id: number; api: Api; email: string };
  let finisher: { id: number; api: Api };
  let ids: number[];

  beforeAll(async () => {
    const ownerRow = await createUser(t.database.db, { role: 'submitter', timeZone: 'America/Los_Angeles' });
    const finisherRow = await createUser(t.database.db, { role: 'finisher' });
    owner = { id: ownerRow.id, api: client(t.app, await signIn(t.app, ownerRow.email)), email: ownerRow.email };
    finisher = { id: finisherRow.id, api: client(t.app, await signIn(t.app, finisherRow.email)) };
    const risky = await deal(owner.id, finisher.id, 240_050, { name: '=HYPERLINK("http://evil.example","Open")' });
    ids = [
      (await risky.add('payment_held', 240_050, '2026-04-30T20:00:00Z', { providerId: 'pi_123' })).id,
      (await risky.add('milestone_release', 90_000, '2026-05-01T03:00:00Z', { note: "+milestone 'API, v2'", providerId: 'tr_456' })).id,
      (await risky.add('platform_fee', 10_000, '2026-05-01T03:00:00Z')).id,
      (await risky.add('refund', 5, '2026-06-15T12:00:00Z', { note: '@refund "partial"', providerId: 're_789' })).id,
    ];
  });

  it('streams the person’s entries in the range, oldest first, as an attachment', async () => {
    const response = await finisher.api.get(`/api/users/${finisher.id}/ledger.csv?from=2026-01-01&to=2026-12-31`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="finishline-ledger-2026-01-01-to-2026-12-31.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [header, ...rows] = lines(response.body);
    expect(header).toBe('id,date,time,kind,description,effect,project_id,project,payment_id,amount,amount_cents,currency,provider_id,note,recorded_at');
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => Number(row.split(',')[0]))).toEqual(ids);
    // The finisher reads in UTC; the project name and the notes are guarded and quoted.
    expect(rows[0]).toMatch(
      new RegExp(
        `^${ids[0]},2026-04-30,20:00:00,payment_held,Held,paid,\\d+,"'=HYPERLINK\\(""http://evil.example"",""Open""\\)",\\d+,2400.50,240050,usd,pi_123,,2026-04-30T20:00:00.000000Z$`,
      ),
    );
    expect(rows[1]).toContain(`,900.00,90000,usd,tr_456,"'+milestone 'API, v2'",2026-05-01T03:00:00.000000Z`);
    expect(rows[2]).toContain(',platform_fee,Platform fee,fee,');
    expect(rows[3]).toContain(`,0.05,5,usd,re_789,"'@refund ""partial""",`);
  });

  it('gives the owner the same entries, with days in their own zone; both days of the range are included', async () => {
    // Los Angeles: the first three entries fall on 30 Apr, the refund on 15 Jun.
    const april = await csv(owner.api, owner.id, 'from=2026-04-30&to=2026-04-30');
    const rows = lines(april.body).slice(1);
    expect(rows.map((row) => Number(row.split(',')[0]))).toEqual(ids.slice(0, 3));
    expect(rows[1]).toContain(',2026-04-30,20:00:00,milestone_release,Released,released,');
    const june = lines((await csv(owner.api, owner.id, 'from=2026-06-15&to=2026-06-15')).body);
    expect(june.slice(1).map((row) => Number(row.split(',')[0]))).toEqual([ids[3]]);
  });

  it('answers the header alone for a range without entries', async () => {
    const response = await csv(finisher.api, finisher.id, 'from=2021-01-01&to=2021-12-31');
    expect(response.statusCode).toBe(200);
    expect(lines(response.body)).toEqual([
      'id,date,time,kind,description,effect,project_id,project,payment_id,amount,amount_cents,currency,provider_id,note,recorded_at',
    ]);
  });

  it('answers only the person themself: not the other party, a stranger, an operator or a visitor', async () => {
    const query = 'from=2026-01-01&to=2026-12-31';
    expect((await csv(finisher.api, finisher.id, query)).statusCode).toBe(200);
    for (const api of [owner.api, cast.otherFinisher.api, cast.otherSubmitter.api, operatorApi]) {
      const refused = await csv(api, finisher.id, query);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only view your own earnings and statements' });
      expect(refused.body).not.toContain('pi_123');
    }
    expect((await csv(cast.visitor.api, finisher.id, query)).statusCode).toBe(401);
  });

  it('refuses a bad range with a 400 that says what to fix', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01&to=2026-12-31', 'from must be a date written YYYY-MM-DD, e.g. 2026-01-31'],
      ['from=2026-02-30&to=2026-12-31', 'from must be a date written YYYY-MM-DD, e.g. 2026-01-31'],
      ['from=2026-01-01&to=31/12/2026', 'to must be a date written YYYY-MM-DD, e.g. 2026-01-31'],
      ['from=&to=2026-12-31', 'from must be a date written YYYY-MM-DD, e.g. 2026-01-31'],
      ['to=2026-12-31', 'from is required (a date written YYYY-MM-DD)'],
      ['from=2026-12-31&to=2026-01-01', 'from is after to: the range must start before it ends'],
      ['from=2020-01-01&to=2025-01-01', 'A statement covers at most 5 years: choose a later from or an earlier to'],
    ];
    for (const [query, message] of cases) {
      const response = await csv(finisher.api, finisher.id, query);
      expect({ query, status: response.statusCode, body: response.json() }).toEqual({ query, status: 400, body: { code: 'VALIDATION_FAILED', message } });
    }
    // Five years less a day is allowed.
    expect((await csv(finisher.api, finisher.id, 'from=2020-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('pages through thousands of entries, ties in time included, each once and in order', async () => {
    const busy = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, busy.email));
    const { payment, project, add } = await deal(owner.id, busy.id, 100_000);
    // Paid before the range; the entries that page move no money (a chargeback's freeze), so the payment still adds up.
    await add('payment_held', 100_000, '2025-06-01T10:00:00Z');
    const total = 2_345;
    const rows = Array.from({ length: total }, (_, i) => ({
      paymentId: payment.id,
      projectId: project.id,
      ownerId: owner.id,
      finisherId: busy.id,
      kind: 'chargeback_freeze' as const,
      amountCents: i + 1,
      // Ten entries share each moment, so pages end inside a tie.
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 10) * 60_000),
      movementKey: `paging-${busy.id}-${i}`,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(ledgerEntries).values(rows.slice(i, i + 500));
    const body = lines((await csv(api, busy.id, 'from=2026-01-01&to=2026-12-31')).body).slice(1);
    expect(body).toHaveLength(total);
    const cents = body.map((row) => Number(row.split(',')[10]));
    expect(cents).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });
});
