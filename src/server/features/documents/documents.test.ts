import { eq, sql } from 'drizzle-orm';
import { skipLedgerReconciliation } from '#test/support/database.js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.js';
import { documents } from '#server/db/schema/documents.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { projects } from '#server/db/schema/projects.js';
import { appendLedger, type LedgerMovement, type LedgerParties } from '#server/domain/ledger.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { CapturingMailer } from '#test/fakes/email.js';

// Numbering is tested on entries appended by hand, which no payment row follows.
skipLedgerReconciliation('documents are issued from hand-made ledger entries');
import { pdfText } from '#test/e2e/pdf-text.js';

// Issue 31, item 3 (decision 064): a receipt for each payment, a payout statement for each
// release, issued once in the entry's transaction, numbered without gaps per series and year,
// each its holder's alone.

let w: DealWorld;
let db: Db;
let paymentId: number;
let parties: LedgerParties;
let operator: Awaited<ReturnType<DealWorld['signInOperator']>>;
const mailer = new CapturingMailer();

beforeAll(async () => {
  w = await createDealWorld({}, { mailer });
  db = w.t.database.db;
  const deal = await w.paidDeal();
  paymentId = (await w.paymentOf(deal.bidId)).id;
  parties = { projectId: deal.projectId, ownerId: w.cast.owner.user.id, finisherId: w.cast.finisher.user.id };
  operator = await w.signInOperator();
});
afterAll(() => w.t.close());

let keys = 0;
const movement = (kind: LedgerMovement['kind'], amountCents: number, extra: Partial<LedgerMovement> = {}): LedgerMovement => ({
  kind,
  amountCents,
  key: `documents-test:${kind}:${++keys}`,
  ...extra,
});
const append = (at: Date, movements: LedgerMovement[]) => db.transaction((tx) => appendLedger(tx, paymentId, parties, at, movements));
const documentsOf = (userId: number) => db.select().from(documents).where(eq(documents.userId, userId)).orderBy(documents.id);
const numbersIn = async (series: string, year: number) =>
  (
    await db
      .select({ sequence: documents.sequence })
      .from(documents)
      .where(sql`${documents.series} = ${series} and ${documents.year} = ${year}`)
  )
    .map((row) => row.sequence)
    .sort((a, b) => a - b);
const download = async (api: DealWorld['cast']['owner']['api'], url: string) => api.get(url);
/** The document issued with the entry of a movement, by the movement's key. */
const documentOfMovement = async (movementKey: string) =>
  (
    await db
      .select({ id: documents.id, number: documents.number })
      .from(documents)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, documents.ledgerEntryId))
      .where(eq(ledgerEntries.movementKey, movementKey))
  )[0];

describe('issuing', () => {
  it('issues the owner a receipt for a payment, with the fee shown and what it was for', async () => {
    await append(new Date('2024-03-05T10:00:00Z'), [movement('payment_held', 75000, { providerId: 'pi_doc_1' })]);
    const [receipt] = (await documentsOf(parties.ownerId)).filter((d) => d.year === 2024);
    expect(receipt).toMatchObject({ kind: 'receipt', number: 'R-2024-0001', amountCents: 75000 });
    expect(receipt!.content.totals).toEqual([
      { label: "Included: Finishline's 10% platform fee", amountCents: 7500 },
      { label: "Included: the finisher's share", amountCents: 67500 },
      { label: 'Total paid', amountCents: 75000 },
    ]);
    expect(receipt!.content.owner.username).toBe(w.cast.owner.user.username);
    expect(receipt!.content.finisher.username).toBe(w.cast.finisher.user.username);
  });

  it('issues the finisher a payout statement for a release: gross settled, fee and net', async () => {
    await append(new Date('2024-03-09T10:00:00Z'), [
      movement('milestone_release', 27000, { note: "milestone 'API'", providerId: 'tr_doc_1' }),
      movement('platform_fee', 3000),
    ]);
    const [statement] = (await documentsOf(parties.finisherId)).filter((d) => d.year === 2024);
    expect(statement).toMatchObject({ kind: 'payout_statement', number: 'S-2024-0001', amountCents: 27000 });
    expect(statement!.content.totals).toEqual([
      { label: 'Gross settled', amountCents: 30000 },
      { label: "Finishline's 10% platform fee", amountCents: 3000 },
      { label: 'Net paid out to you', amountCents: 27000 },
    ]);
    expect(statement!.content.paidFor).toBe("milestone 'API'");
  });

  it('issues a change order and a late payment a receipt each, and nothing for fees, refunds or chargebacks', async () => {
    const before = (await db.select().from(documents)).length;
    await append(new Date('2024-04-01T10:00:00Z'), [movement('change_order_payment', 15000, { note: 'change order 1' })]);
    await append(new Date('2024-04-02T10:00:00Z'), [movement('late_payment', 5000), movement('late_refund', 5000)]);
    await append(new Date('2024-04-03T10:00:00Z'), [movement('refund', 100), movement('chargeback_freeze', 0), movement('platform_fee', 10)]);
    const added = (await db.select().from(documents)).slice(before);
    expect(added.map((d) => [d.kind, d.number, d.amountCents])).toEqual([
      ['receipt', 'R-2024-0002', 15000],
      ['receipt', 'R-2024-0003', 5000],
    ]);
    expect(added[1]!.content.notes.join(' ')).toContain('refunded to your card');
  });

  it('issues a final release without a fee entry beside it from the 90% split', async () => {
    await append(new Date('2024-05-01T10:00:00Z'), [movement('final_release', 67500)]);
    const statement = (await documentsOf(parties.finisherId)).at(-1)!;
    expect(statement.content.totals.map((line) => line.amountCents)).toEqual([75000, 7500, 67500]);
  });
});

describe('on the real flows', () => {
  const stripe = new Stripe('sk_test_x');
  const sendWebhook = (payload: string) =>
    w.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: w.sandbox.webhookSecret }),
      },
    });
  const documentsOfPayment = (id: number) =>
    db
      .select({ kind: documents.kind, number: documents.number })
      .from(documents)
      .where(sql`${documents.ledgerEntryId} in (select id from ledger_entries where payment_id = ${id})`);

  it('issues one receipt for a payment whose webhook is delivered again and again, and one statement when the work is accepted', async () => {
    const { bidId, projectId } = await w.acceptedDeal();
    const { checkoutUrl } = (await w.cast.owner.api.post(`/api/bids/${bidId}/pay`, {})).json();
    const sessionId = (checkoutUrl as string).replace('/sandbox/checkout/', '');
    const session = w.sandbox.readCheckout(sessionId)!;
    const result = w.sandbox.pay(sessionId, { cardNumber: '4242424242424242', expiry: '12/34' });
    if (!result.ok) throw new Error(result.message);
    const event = JSON.parse(result.event.rawBody.toString());
    const replays = ['evt_doc_a', 'evt_doc_a', 'evt_doc_b'].map((id) =>
      JSON.stringify({ ...event, id, data: { object: { ...event.data.object, metadata: session.metadata } } }),
    );
    expect((await Promise.all(replays.map(sendWebhook))).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const payment = await w.paymentOf(bidId);
    expect((await documentsOfPayment(payment.id)).map((d) => d.kind)).toEqual(['receipt']);

    await w.onboardFinisher();
    expect((await w.deliver(projectId)).statusCode).toBe(200);
    expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    await expect.poll(async () => (await documentsOfPayment(payment.id)).map((d) => d.kind).sort()).toEqual(['payout_statement', 'receipt']);
    const [statement] = await db
      .select()
      .from(documents)
      .where(sql`${documents.kind} = 'payout_statement' and ${documents.userId} = ${parties.finisherId}`)
      .orderBy(sql`${documents.id} desc`)
      .limit(1);
    expect(statement!.content.totals.map((line) => line.amountCents)).toEqual([75000, 7500, 67500]);
  });
});

describe('once and without gaps', () => {
  it('issues nothing for a movement appended twice, and the next number follows on', async () => {
    const repeated = movement('payment_held', 1000);
    await append(new Date('2025-01-02T10:00:00Z'), [repeated]);
    await expect(append(new Date('2025-01-02T10:00:00Z'), [{ ...repeated }])).rejects.toThrow();
    await append(new Date('2025-01-03T10:00:00Z'), [movement('payment_held', 2000)]);
    expect(await numbersIn('R', 2025)).toEqual([1, 2]);
    expect((await db.select().from(documents).where(eq(documents.number, 'R-2025-0001'))).length).toBe(1);
  });

  it('gives back the number of a transaction that rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await appendLedger(tx, paymentId, parties, new Date('2025-02-01T10:00:00Z'), [movement('payment_held', 3000)]);
        throw new Error('the change failed after its entry');
      }),
    ).rejects.toThrow('the change failed');
    await append(new Date('2025-02-02T10:00:00Z'), [movement('payment_held', 4000)]);
    expect(await numbersIn('R', 2025)).toEqual([1, 2, 3]);
  });

  it('numbers documents issued concurrently consecutively, some of them rolled back', async () => {
    const at = new Date('2023-06-01T10:00:00Z');
    const attempts = Array.from({ length: 24 }, (_, i) =>
      db.transaction(async (tx) => {
        await appendLedger(tx, paymentId, parties, at, [movement('milestone_release', 900 + i), movement('platform_fee', 100)]);
        // Every third one fails after taking its number, while others wait on the counter.
        if (i % 3 === 0) throw new Error('rolled back');
      }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'rejected').length).toBe(8);
    expect(await numbersIn('S', 2023)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('refuses to change or remove an issued document', async () => {
    const [first] = await documentsOf(parties.ownerId);
    await expect(db.update(documents).set({ amountCents: 1 }).where(eq(documents.id, first!.id))).rejects.toThrow();
    await expect(db.delete(documents).where(eq(documents.id, first!.id))).rejects.toThrow();
  });
});

describe('reading and downloading', () => {
  it("links the owner's very receipt from the mail that announces the payment", async () => {
    const receiptMail = () => mailer.to(w.cast.owner.user.email).find((m) => m.subject.startsWith('Receipt:'));
    await expect.poll(receiptMail).toBeDefined();
    const receipt = await documentOfMovement(`paid:${paymentId}`);
    expect(receipt).toBeDefined();
    expect(receiptMail()!.text).toContain(`Download your receipt: ${w.t.config.linkOrigin}/documents/${receipt!.id}`);
    expect(receiptMail()!.html).toContain(`href="${w.t.config.linkOrigin}/documents/${receipt!.id}"`);
  });

  it('reads one document for its holder, the one the mail links; to anyone else it does not exist', async () => {
    const receipt = await documentOfMovement(`paid:${paymentId}`);
    const url = `/api/documents/${receipt!.id}`;
    const response = await w.cast.owner.api.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: receipt!.id, kind: 'receipt', number: receipt!.number, url: `/api/documents/${receipt!.id}/pdf` });
    expect((await w.cast.finisher.api.get(url)).statusCode).toBe(404);
    expect((await w.cast.otherSubmitter.api.get(url)).statusCode).toBe(404);
    expect((await operator.api.get(url)).statusCode).toBe(404);
    expect((await w.cast.visitor.api.get(url)).statusCode).toBe(401);
    expect((await w.cast.owner.api.get('/api/documents/2147483647')).statusCode).toBe(404);
  });

  it("lists one's own documents, newest first, each with its PDF's address", async () => {
    const response = await w.cast.owner.api.get(`/api/users/${parties.ownerId}/documents`);
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number; kind: string; number: string; amountCents: number; createdAt: string; url: string }[];
    expect(list.length).toBe((await documentsOf(parties.ownerId)).length);
    expect(list.every((d) => d.kind === 'receipt' && d.url === `/api/documents/${d.id}/pdf`)).toBe(true);
    const times = list.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("refuses anyone else's list: the other party, a stranger, an operator and a visitor", async () => {
    const url = `/api/users/${parties.ownerId}/documents`;
    expect((await w.cast.finisher.api.get(url)).statusCode).toBe(403);
    expect((await w.cast.otherSubmitter.api.get(url)).statusCode).toBe(403);
    expect((await operator.api.get(url)).statusCode).toBe(403);
    expect((await w.cast.visitor.api.get(url)).statusCode).toBe(401);
  });

  it('downloads a receipt as a PDF attachment that says what was paid, by whom and for what', async () => {
    const receipt = (await documentsOf(parties.ownerId)).find((d) => d.number === 'R-2024-0001')!;
    const response = await download(w.cast.owner.api, `/api/documents/${receipt.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="R-2024-0001.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Finishline',
      'Receipt',
      'R-2024-0001',
      '5 March 2024',
      w.cast.owner.user.username,
      w.cast.finisher.user.username,
      '$750',
      '$75',
      '$675',
      'pi_doc_1',
    ])
      expect(text).toContain(expected);
  });

  it('downloads a payout statement with the gross, the fee and the net', async () => {
    const statement = (await documentsOf(parties.finisherId)).find((d) => d.number === 'S-2024-0001')!;
    const response = await download(w.cast.finisher.api, `/api/documents/${statement.id}/pdf`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of ['Payout statement', 'S-2024-0001', 'Gross settled', '$300', '$30', '$270', "milestone 'API'"]) expect(text).toContain(expected);
  });

  it('gives the PDF to its holder only: the other party, a stranger and an operator get 404, a visitor 401', async () => {
    const receipt = (await documentsOf(parties.ownerId))[0]!;
    const url = `/api/documents/${receipt.id}/pdf`;
    expect((await w.cast.finisher.api.get(url)).statusCode).toBe(404);
    expect((await w.cast.otherSubmitter.api.get(url)).statusCode).toBe(404);
    expect((await operator.api.get(url)).statusCode).toBe(404);
    expect((await w.cast.visitor.api.get(url)).statusCode).toBe(401);
    expect((await w.cast.owner.api.get('/api/documents/2147483647/pdf')).statusCode).toBe(404);
  });

  it('says what it said when issued, and draws any text a person typed', async () => {
    const hostile = `Zoë's Łódź café 😀 中文 \u202egnp.exe\u0007${'verylongword'.repeat(30)}`;
    await db.update(projects).set({ name: hostile }).where(eq(projects.id, parties.projectId));
    await append(new Date('2024-06-01T10:00:00Z'), [movement('payment_held', 12345)]);
    const fresh = (await documentsOf(parties.ownerId)).at(-1)!;
    const freshText = pdfText((await download(w.cast.owner.api, `/api/documents/${fresh.id}/pdf`)).rawPayload);
    expect(freshText).toContain("Zoë's Lódz café ? ?? gnp.exe");
    expect(freshText).toContain('$123.45');
    // The first receipt keeps the name the project had when it was issued.
    await db.update(projects).set({ name: 'Renamed later' }).where(eq(projects.id, parties.projectId));
    const first = (await documentsOf(parties.ownerId)).find((d) => d.number === 'R-2024-0001')!;
    const firstText = pdfText((await download(w.cast.owner.api, `/api/documents/${first.id}/pdf`)).rawPayload);
    expect(firstText).not.toContain('Renamed later');
    expect(firstText).toContain(first.content.project.name.slice(0, 20));
  });
});

describe('the payout mail', () => {
  it("links the finisher's very payout statement from the mail that announces the release", async () => {
    // The finisher was onboarded by an earlier test, whose deal's payout mail came before this one.
    const payoutMails = () => mailer.to(w.cast.finisher.user.email).filter((m) => m.subject.startsWith('Payout released'));
    const before = payoutMails().length;
    expect((await w.deliver(parties.projectId)).statusCode).toBe(200);
    expect((await w.cast.owner.api.post(`/api/projects/${parties.projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    await expect.poll(() => payoutMails().length).toBe(before + 1);
    const payoutMail = () => payoutMails().at(-1);
    const statement = await documentOfMovement(`final_release:${paymentId}`);
    expect(statement).toBeDefined();
    expect(payoutMail()!.text).toContain(`Download your payout statement: ${w.t.config.linkOrigin}/documents/${statement!.id}`);
    expect((await w.cast.finisher.api.get(`/api/documents/${statement!.id}`)).json()).toMatchObject({ kind: 'payout_statement', number: statement!.number });
  });
});
