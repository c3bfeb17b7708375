import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { createProject } from '#test/support/factories.js';
import { CapturingMailer } from '#test/fakes/email.js';
import { notifications } from '#server/db/schema/notifications.js';
import { replaceProjectCriteria } from '#server/features/scope/project-criteria.js';

// Issue 28, items 2, 6 and 11: what the notifications and the mail of a deal say about its money
// and its revisions, read for real deals (the sandbox provider, the mail the app sends).

let w: DealWorld;
const mailer = new CapturingMailer();
beforeAll(async () => {
  // The finisher has no payout account until a test sets one up.
  w = await createDealWorld({ PUBLIC_URL: 'https://finishline.test' }, { mailer });
});
afterAll(() => w.t.close());

const notificationsOf = (userId: number, projectId: number, title?: string) =>
  w.t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, projectId), ...(title ? [eq(notifications.title, title)] : [])));
const mailAbout = (address: string, subject: string) => mailer.to(address).filter((m) => m.subject.includes(subject));
const projectName = async (projectId: number): Promise<string> => (await w.cast.owner.api.get(`/api/projects/${projectId}`)).json().name;
/** Mail goes out after the response: waits until the app has sent what it started. */
const mailSettled = () => new Promise((resolve) => setTimeout(resolve, 150));

async function payChangeOrder(projectId: number, amount: number) {
  const proposed = await w.cast.finisher.api.post(`/api/projects/${projectId}/change-orders`, {
    description: 'Add CSV export of the orders.',
    amount,
    extraDays: 2,
  });
  expect(proposed.statusCode).toBe(201);
  const id = proposed.json().id as number;
  expect((await w.cast.owner.api.post(`/api/change-orders/${id}/accept`, {})).statusCode).toBe(200);
  const { checkoutUrl } = (await w.cast.owner.api.post(`/api/change-orders/${id}/pay`, {})).json();
  const paid = await w.cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode).toBe(200);
}

describe('a bid', () => {
  it('tells the owner its price and timeline, in the notification and the mail', async () => {
    const project = await createProject(w.t.database.db, { submitterId: w.cast.owner.user.id, name: 'Price tag' });
    const bid = await w.cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
      amount: 1250,
      timeline: 12,
      message: 'Ready to finish this in twelve days.',
    });
    expect(bid.statusCode, bid.body).toBe(201);
    const [notice] = await notificationsOf(w.cast.owner.user.id, project.id, 'New bid received');
    expect(notice!.content).toBe(`${w.cast.finisher.user.username} placed a bid on "Price tag": $1,250, to deliver in 12 days.`);
    const mail = await mailer.waitFor(w.cast.owner.user.email);
    expect(mail.subject).toBe('New bid on "Price tag": $1,250');
    expect(mail.text).toContain(`${w.cast.finisher.user.username} placed a bid on Price tag: $1,250, to deliver in 12 days.`);
  });
});

describe('money that waits for the payout account, then moves', () => {
  it('says what an approved milestone’s share waits for, and the deal page agrees', async () => {
    const { cast } = w;
    const { projectId } = await w.paidDeal();
    const milestone = (await cast.owner.api.post(`/api/projects/${projectId}/milestones`, { title: 'Reports', amount: 300 })).json();
    expect((await cast.finisher.api.post(`/api/milestones/${milestone.id}/complete`, { note: 'Reports are done.' })).statusCode).toBe(200);
    expect((await cast.owner.api.post(`/api/milestones/${milestone.id}/approve`, {})).statusCode).toBe(200);
    await mailSettled();
    const [approved] = await notificationsOf(cast.finisher.user.id, projectId, 'Milestone Approved');
    expect(approved).toMatchObject({ type: 'payout_setup' });
    expect(approved!.content).toContain('was approved. $270 waits for your payout account');
    const [mail] = mailAbout(cast.finisher.user.email, 'Milestone "Reports"');
    expect(mail!.text).toContain('$270 waits for your payout account');
    expect(mail!.text).toContain('Set up payouts: https://finishline.test/profile?tab=skills');
    expect((await w.deal(projectId, cast.finisher.api)).payoutWaiting).toEqual({ amountCents: 27_000 });
  });

  it('says how much waits and links the setup; once the account is set up one payout names each part', async () => {
    const { cast } = w;
    const { projectId } = await w.paidDeal();
    await payChangeOrder(projectId, 200);
    await mailSettled();

    // The change order's receipt, like the deal payment's.
    const [receipt] = mailAbout(cast.owner.user.email, 'Receipt: your payment for change order 1');
    expect(receipt!.text).toContain('We received your payment of $200 for change order 1 of');
    expect(receipt!.text).toContain('It is held until you accept the delivered work.');
    expect(receipt!.text).toContain(`https://finishline.test/projects/${projectId}?tab=change-orders`);
    expect(mailAbout(cast.finisher.user.email, 'Change order 1 of')).toHaveLength(1);

    expect((await w.deliver(projectId)).statusCode).toBe(200);
    expect((await cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
    await mailSettled();

    // 90% of $750 and of $200 waits: the notification opens the payout setup.
    const [accepted] = await notificationsOf(cast.finisher.user.id, projectId, 'Work accepted');
    expect(accepted).toMatchObject({ type: 'payout_setup' });
    expect(accepted!.content).toContain(
      '$855 waits for your payout account: set up payouts (Payment Settings in your profile) and Finishline sends it at once.',
    );
    expect(await notificationsOf(cast.finisher.user.id, projectId, 'Payout released')).toHaveLength(0);
    const [acceptedMail] = mailAbout(cast.finisher.user.email, 'Your work on');
    expect(acceptedMail!.text).toContain('$855 waits for your payout account');
    expect(acceptedMail!.text).toContain('Set up payouts: https://finishline.test/profile?tab=skills');
    expect(acceptedMail!.text).not.toContain('Your payout is released next.');

    // The deal page says the same to the finisher, and nothing to the owner.
    expect((await w.deal(projectId, cast.finisher.api)).payoutWaiting).toEqual({ amountCents: 85_500 });
    expect((await w.deal(projectId)).payoutWaiting).toBeNull();

    await w.onboardFinisher();
    // Asking again (the return page, a webhook) moves nothing twice.
    expect((await cast.finisher.api.post('/api/stripe/check-onboarding-status', { userId: cast.finisher.user.id })).statusCode).toBe(200);
    await mailSettled();
    const payouts = await notificationsOf(cast.finisher.user.id, projectId, 'Payout released');
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.content).toBe(
      `Your payout account is set up, so the money that waited for it is paid out: $855 for "${await projectName(projectId)}" is on its way to your payout account: $675 for the deal and $180 for change order 1.`,
    );
    const payoutMail = mailAbout(cast.finisher.user.email, `Payout released for "${await projectName(projectId)}"`);
    expect(payoutMail).toHaveLength(1);
    expect(payoutMail[0]!.subject).toMatch(/: \$855$/);
    expect(payoutMail[0]!.text).toContain('$675 for the deal and $180 for change order 1.');
    expect((await w.deal(projectId, cast.finisher.api)).payoutWaiting).toBeNull();
  });

  it('releases an approved milestone with its title and amount, and a later cancellation refunds the rest as a partial refund', async () => {
    const { cast } = w;
    const { projectId } = await w.paidDeal();
    const milestone = (await cast.owner.api.post(`/api/projects/${projectId}/milestones`, { title: 'Auth flow', amount: 300 })).json();
    expect((await cast.finisher.api.post(`/api/milestones/${milestone.id}/complete`, { note: 'Auth is done and tested.' })).statusCode).toBe(200);
    expect((await cast.owner.api.post(`/api/milestones/${milestone.id}/approve`, {})).statusCode).toBe(200);
    await mailSettled();
    const [payout] = await notificationsOf(cast.finisher.user.id, projectId, 'Payout released');
    expect(payout!.content).toMatch(/^\$270 for the milestone "Auth flow" on ".+" is on its way to your payout account\.$/);

    expect((await w.cancel(projectId)).statusCode).toBe(200);
    expect((await cast.finisher.api.post(`/api/projects/${projectId}/cancellation/agree`)).statusCode).toBe(200);
    await mailSettled();
    const refunds = await notificationsOf(cast.owner.user.id, projectId, 'Partial refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.content).toMatch(
      /^The project was cancelled: a partial refund of \$450 of your \$750 payment for the deal on ".+" is on its way back to your card\.$/,
    );
    expect(await notificationsOf(cast.owner.user.id, projectId, 'Payment refunded')).toHaveLength(0);
    const [refundMail] = mailAbout(cast.owner.user.email, 'Partial refund for');
    expect(refundMail!.subject).toMatch(/: \$450$/);
    const [toFinisher] = await notificationsOf(cast.finisher.user.id, projectId, 'Project cancelled');
    expect(toFinisher!.content).toMatch(/was cancelled: \$450 of the client's payment went back to them\.$/);
  });
});

describe('a revision request naming unmet criteria', () => {
  it('names them in the notification, the mail and the deal history', async () => {
    const { cast, t } = w;
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, name: 'Criteria deal' });
    await replaceProjectCriteria(t.database.db, project.id, ['The login works on mobile', 'Exports are <CSV>']);
    const criteria = (await cast.owner.api.get(`/api/projects/${project.id}`)).json().acceptanceCriteria as { id: number }[];
    const criteriaAnswers = criteria.map((c) => ({ criterionId: c.id, answer: 'agree' }));
    const bid = (
      await cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
        amount: 500,
        timeline: 5,
        message: 'Ready to finish this in five days.',
        criteriaAnswers,
      })
    ).json();
    expect((await cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
    expect((await w.payBid(bid.id)).statusCode).toBe(200);
    const evidence = criteria.map((c) => ({ criterionId: c.id, note: 'https://example.com/demo' }));
    expect((await cast.finisher.api.post(`/api/projects/${project.id}/complete`, { deliveryMessage: 'All done, see the README.', evidence })).statusCode).toBe(
      200,
    );
    const revision = await cast.owner.api.post(`/api/projects/${project.id}/accept`, {
      accepted: false,
      reason: 'Both still fail on my phone.',
      unmetCriteria: [criteria[1]!.id, criteria[0]!.id],
    });
    expect(revision.statusCode).toBe(200);
    await mailSettled();

    const [notice] = await notificationsOf(cast.finisher.user.id, project.id, 'Revision requested');
    expect(notice!.content).toBe(
      'The client requested a revision of "Criteria deal". Not met: "The login works on mobile"; "Exports are <CSV>". Reason: Both still fail on my phone.',
    );
    const [mail] = mailAbout(cast.finisher.user.email, 'Revision requested on "Criteria deal"');
    expect(mail!.text).toContain('The acceptance criteria they name as not met:\n\n- The login works on mobile\n\n- Exports are <CSV>');
    expect(mail!.html).toContain('- <strong>Exports are &lt;CSV&gt;</strong>');
    expect(mail!.text).toContain('> Both still fail on my phone.');
    const history = (await w.deal(project.id, cast.finisher.api)).history as { kind: string; unmetCriteriaTexts?: string[] }[];
    expect(history.find((h) => h.kind === 'revision_request')!.unmetCriteriaTexts).toEqual(['The login works on mobile', 'Exports are <CSV>']);
  });
});
