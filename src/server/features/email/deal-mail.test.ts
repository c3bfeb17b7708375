import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createUser } from '#test/support/factories.js';
import { CapturingMailer } from '#test/fakes/email.js';
import type { UserRow } from '#server/db/schema/users.js';
import { type DomainEvent, DomainEvents } from '#server/events/domain-events.js';
import type { Mailer } from '#server/integrations/email/mailer.js';
import { createMailComposer } from '#server/mail/mail-composer.js';
import { type DealMail, registerDealMail } from './deal-mail.js';
import { updateEmailPreferences } from './email.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://finishline.test' });
});
afterAll(() => t.close());

/** A deal-mail setup of its own: events recorded straight through a DomainEvents instance, mail captured. */
async function setUp(options: { operatorEmail?: string; mailer?: Mailer } = {}) {
  const warn = vi.fn();
  const error = vi.fn();
  const log = Object.assign(Object.create(t.app.log) as FastifyBaseLogger, { warn, error });
  const mailer = new CapturingMailer();
  const events = new DomainEvents(log);
  const setup = { db: t.database.db, config: { ...t.config, operatorEmail: options.operatorEmail }, log, mailer: options.mailer ?? mailer };
  const mail = createMailComposer(setup);
  const dealMail: DealMail = registerDealMail(events, { ...setup, mail });
  const owner = await createUser(t.database.db, { role: 'submitter' });
  const finisher = await createUser(t.database.db, { role: 'finisher' });
  /** Records the events in one transaction and waits until their mail is sent. */
  const emit = async (...list: DomainEvent[]) => {
    await events.transaction(t.database.db, async (_tx, record) => {
      for (const event of list) await record(event);
    });
    await dealMail.idle();
  };
  const deal = { projectId: 41, projectName: 'Habit <b>tracker</b>', ownerId: owner.id, finisherId: finisher.id };
  return { mailer, emit, owner, finisher, deal, warn, error, mail };
}

const headerToken = (headers: Record<string, string> | undefined) => /token=([^>]+)>$/.exec(headers?.['List-Unsubscribe'] ?? '')?.[1];

describe('deal mail', () => {
  it('asks the owner to review a delivery by its date, escaping what people wrote', async () => {
    const { mailer, emit, owner, deal } = await setUp();
    await emit({ type: 'work.delivered', ...deal, message: 'Done! <img src=x onerror=alert(1)>\nSee the README.', reviewDueAt: '2026-11-30T12:00:00.000Z' });
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.to(owner.email);
    expect(mail!.subject).toBe('Work delivered on "Habit <b>tracker</b>": please review');
    expect(mail!.text).toContain(`Hi ${owner.username},`);
    expect(mail!.text).toContain('Please review it by 30 Nov: accept it or ask for a revision.');
    expect(mail!.text).toContain('> Done! <img src=x onerror=alert(1)>\n> See the README.');
    expect(mail!.text).toContain('Review the delivery: https://finishline.test/projects/41');
    expect(mail!.html).toContain('<time datetime="2026-11-30T12:00:00.000Z">30 Nov</time>');
    expect(mail!.html).toContain('Habit &lt;b&gt;tracker&lt;/b&gt;');
    expect(mail!.html).toContain('Done! &lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.html).not.toMatch(/<img|<b>/);
    expect(mail!.html).toContain('href="https://finishline.test/projects/41"');
    expect(headerToken(mail!.headers)).toMatch(new RegExp(`^${owner.id}\\.dealUpdates\\.`));
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('tells the finisher the money is held and the owner that it arrived', async () => {
    const { mailer, emit, owner, finisher, deal } = await setUp();
    await emit({ type: 'payment.received', ...deal, amountCents: 150_050 });
    expect(mailer.to(finisher.email)[0]!.text).toContain('$1,500.50 is held safely until the work is accepted.');
    expect(mailer.to(finisher.email)[0]!.text).toContain('You can start the work now.');
    expect(mailer.to(owner.email)[0]!.subject).toBe('Receipt: your payment for "Habit <b>tracker</b>"');
  });

  it('tells the owner that money arriving after the deal ended was refunded in full, and why (decision 038)', async () => {
    const { mailer, emit, owner, deal } = await setUp();
    await emit({ type: 'payment.arrived_late', ...deal, paymentId: 3, changeOrderId: 4, reason: 'disputed', amountCents: 20_000 });
    expect(mailer.sent.map((m) => m.to)).toEqual([owner.email]);
    const [mail] = mailer.to(owner.email);
    expect(mail!.subject).toBe('Your late payment for "Habit <b>tracker</b>" was refunded');
    expect(mail!.text).toContain('Your payment of $200 for Habit <b>tracker</b> arrived after the deal had ended (a dispute was opened over its money).');
    expect(mail!.text).toContain('It was not held or paid out: the whole amount was refunded to your card.');
  });

  it('writes to both parties when the work is accepted automatically, to the finisher alone otherwise', async () => {
    const { mailer, emit, owner, finisher, deal } = await setUp();
    await emit({ type: 'work.accepted', ...deal, automatic: false });
    expect(mailer.sent.map((m) => m.to)).toEqual([finisher.email]);
    await emit({ type: 'work.accepted', ...deal, automatic: true });
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([finisher.email, finisher.email, owner.email].sort());
    expect(mailer.to(owner.email)[0]!.subject).toBe('"Habit <b>tracker</b>" was accepted automatically');
  });

  it('sends each event to the parties it concerns', async () => {
    const { mailer, emit, owner, finisher, deal } = await setUp();
    const milestone = { ...deal, milestoneId: 5, milestoneTitle: 'API <v2>' };
    const cases: [DomainEvent, string[]][] = [
      [{ type: 'bid.placed', bidId: 1, ...deal, finisherUsername: finisher.username, amountCents: 90_000, timelineDays: 7 }, [owner.email]],
      [{ type: 'bid.accepted', bidId: 1, ...deal }, [finisher.email]],
      [{ type: 'revision.requested', ...deal, reason: 'The login fails on <Safari>' }, [finisher.email]],
      [{ type: 'milestone.completed', ...milestone, note: 'Tested', reviewDueAt: '2026-12-02T00:00:00.000Z' }, [owner.email]],
      [{ type: 'milestone.approved', ...milestone, automatic: true }, [finisher.email, owner.email]],
      [{ type: 'milestone.sent_back', ...milestone, feedback: 'Needs tests' }, [finisher.email]],
      [{ type: 'cancellation.requested', ...deal, respondBy: '2026-12-05T09:00:00.000Z', refundCents: 90_000 }, [finisher.email]],
      [{ type: 'cancellation.agreed', ...deal, refundCents: 90_000 }, [owner.email]],
      [{ type: 'cancellation.refunding', ...deal, refundCents: 90_000 }, [owner.email]],
      [{ type: 'cancellation.timed_out', ...deal, refundCents: 90_000 }, [owner.email]],
      [{ type: 'delivery.deadline_passed', ...deal, dueAt: '2026-12-01T00:00:00.000Z' }, [owner.email, finisher.email]],
      // One settlement, one mail to each side it moved money for (issue 28, item 11); its single moves send none.
      [
        { type: 'money.moved', ...deal, cause: 'cancellation', payouts: [], refunds: [{ source: { kind: 'deal' }, amountCents: 90_000, paidCents: 90_000 }] },
        [owner.email],
      ],
      [
        { type: 'money.moved', ...deal, cause: 'release', payouts: [{ source: { kind: 'deal' }, amountCents: 81_000, paidCents: 0 }], refunds: [] },
        [finisher.email],
      ],
      [{ type: 'payment.refunded', ...deal, amountCents: 90_000 }, []],
      [{ type: 'payout.released', ...deal, amountCents: 81_000 }, []],
      [{ type: 'change_order.paid', ...deal, changeOrderId: 3, side: 'owner', amountCents: 30_000, number: 1 }, [owner.email, finisher.email]],
      [{ type: 'payment.arrived_late', ...deal, paymentId: 3, changeOrderId: 4, reason: 'cancelled', amountCents: 20_000 }, [owner.email]],
      [{ type: 'deal.reminder', ...deal, step: 'cancellation', recipientId: finisher.id, dueAt: '2026-12-05T09:00:00.000Z' }, [finisher.email]],
      // The payment window (decision 037): the owner is reminded; a lapse is told to both.
      [{ type: 'deal.reminder', ...deal, step: 'payment', recipientId: owner.id, dueAt: '2026-12-05T09:00:00.000Z' }, [owner.email]],
      [{ type: 'bid.lapsed', ...deal, bidId: 1, amountCents: 90_000 }, [owner.email, finisher.email]],
      // Disputes (decision 029): each step to the side that did not take it, the outcome to both.
      [
        {
          type: 'dispute.opened',
          ...deal,
          disputeId: 9,
          side: 'owner',
          reason: 'It <does> not build',
          finisherAmountCents: 0,
          respondBy: '2026-12-05T09:00:00.000Z',
        },
        [finisher.email],
      ],
      [
        {
          type: 'dispute.digest',
          ...deal,
          disputeId: 9,
          recipient: 'owner',
          offers: [60_000, 50_000],
          statements: [{ statement: 'It <does> build', hasFile: true }],
        },
        [owner.email],
      ],
      [{ type: 'dispute.escalated', ...deal, disputeId: 9, side: null }, [owner.email, finisher.email]],
      [
        { type: 'dispute.settled', ...deal, disputeId: 9, settlement: 'ruling', finisherAmountCents: 50_000, refundCents: 25_000, decision: 'Half <done>' },
        [owner.email, finisher.email],
      ],
      // Events without mail: a notification is enough (offers and statements reach the other side's mail in a digest).
      [{ type: 'dispute.evidence_added', ...deal, disputeId: 9, side: 'owner', hasFile: true }, []],
      [{ type: 'dispute.offered', ...deal, disputeId: 9, side: 'finisher', finisherAmountCents: 50_000 }, []],
      [{ type: 'milestone.added', ...milestone }, []],
      [{ type: 'bid.rejected', bidId: 1, projectId: 41, projectName: 'x', finisherId: finisher.id }, []],
    ];
    for (const [event, recipients] of cases) {
      mailer.sent.length = 0;
      await emit(event);
      expect(mailer.sent.map((m) => m.to).sort(), event.type).toEqual([...recipients].sort());
      for (const mail of mailer.sent) {
        expect(mail.html, event.type).toMatch(/^<!doctype html>/);
        expect(mail.text, event.type).toContain(
          event.type.startsWith('dispute.') ? 'https://finishline.test/disputes/9' : 'https://finishline.test/projects/41',
        );
        expect(mail.html, event.type).not.toMatch(/<b>|<v2>|<Safari>/);
      }
    }
  });

  it('asks the finisher to answer a cancellation by its date, and says silence refunds', async () => {
    const { mailer, emit, finisher, deal } = await setUp();
    await emit({ type: 'cancellation.requested', ...deal, respondBy: '2026-12-05T09:00:00.000Z', refundCents: 90_000 });
    const [mail] = mailer.to(finisher.email);
    expect(mail!.text).toContain('The client asked to cancel Habit <b>tracker</b> and have $900 refunded.');
    expect(mail!.text).toContain(
      'Please answer by 5 Dec: agree, or object if the work should be paid. If you do not answer by then, the payment is refunded to the client.',
    );
  });

  it('tells the owner and the operator of an objection, and logs a warning', async () => {
    const { mailer, emit, owner, deal, warn } = await setUp({ operatorEmail: 'ops@finishline.test' });
    const claim = { finisherAmountCents: 60_000, disputedCents: 90_000, respondBy: '2026-12-05T09:00:00.000Z' };
    await emit({ type: 'cancellation.objected', ...deal, reason: 'Delivered <everything>', heldCents: 90_000, claim });
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([owner.email, 'ops@finishline.test'].sort());
    // What the owner's silence does, with her deadline (issue 28, item 4): no "stays held until the operator settles it".
    const [toOwner] = mailer.to(owner.email);
    expect(toOwner!.text).toContain(
      'The developer asks for $600 of the $900 held. Without an answer from you by 5 Dec, the developer receives $600 (less the platform fee) and $300 goes back to you.',
    );
    expect(toOwner!.text).not.toContain('stays held');
    const [toOperator] = mailer.to('ops@finishline.test');
    expect(toOperator!.subject).toBe('Cancellation objected: "Habit <b>tracker</b>" (project 41)');
    expect(toOperator!.text).toContain('> Delivered <everything>');
    expect(toOperator!.html).toContain('Delivered &lt;everything&gt;');
    expect(toOperator!.headers).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ projectId: 41, heldCents: 90_000 }), expect.stringContaining('objected to a cancellation'));
  });

  it('logs an objection without an operator address, and mails only the owner', async () => {
    const { mailer, emit, owner, deal, warn } = await setUp();
    await emit({ type: 'cancellation.objected', ...deal, reason: 'No', heldCents: 90_000, claim: null });
    expect(mailer.sent.map((m) => m.to)).toEqual([owner.email]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('respects each category the recipient turned off, and nothing else', async () => {
    const { mailer, emit, owner, finisher, deal, mail } = await setUp();
    await updateEmailPreferences({ db: t.database.db, config: t.config, mail }, finisher as UserRow, finisher.id, { reminders: false, dealUpdates: false });
    await emit(
      { type: 'deal.reminder', ...deal, step: 'delivery', recipientId: finisher.id, dueAt: '2026-12-01T00:00:00.000Z' },
      { type: 'money.moved', ...deal, cause: 'release', payouts: [{ source: { kind: 'deal' }, amountCents: 81_000, paidCents: 0 }], refunds: [] },
      { type: 'bid.accepted', bidId: 1, ...deal },
      { type: 'deal.reminder', ...deal, step: 'review', recipientId: owner.id, dueAt: '2026-12-01T00:00:00.000Z' },
    );
    // Each event's mail is sent on its own, so they may arrive in any order.
    const sent = mailer.sent.map((m) => `${m.to} ${headerToken(m.headers)?.split('.')[1]}`);
    expect(sent.sort()).toEqual([`${finisher.email} bidUpdates`, `${owner.email} reminders`].sort());
  });

  it("says beside a delivery reminder's date the grace days it includes", async () => {
    const { mailer, emit, finisher, deal } = await setUp();
    await emit({ type: 'deal.reminder', ...deal, step: 'delivery', recipientId: finisher.id, dueAt: '2026-12-01T00:00:00.000Z', graceMs: 3 * 86_400_000 });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain('is due on 1 Dec (includes 3 grace days).');
  });

  it('logs a failing send and never fails the change that caused it', async () => {
    const failing: Mailer = { send: () => Promise.reject(new Error('SMTP is down')) };
    const { emit, deal, error } = await setUp({ mailer: failing });
    await expect(
      emit({ type: 'money.moved', ...deal, cause: 'release', payouts: [{ source: { kind: 'deal' }, amountCents: 81_000, paidCents: 0 }], refunds: [] }),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'money.moved' }), 'deal mail could not be sent');
  });
});
