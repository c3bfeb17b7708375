import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiGet, apiPost, confirmEmailFromMail, newApiUser, payThroughSandbox } from './helpers.js';
import { readMailTo } from './mail.js';
import { expectAccessibleAtBothWidths } from './page-checks.js';

// Issue 28, item 1 (decision 047): one money view of the deal feeds every card and dialog. One deal
// ($1,750 with a paid $300 change order, a $1,200 milestone approved and paid out, then a dispute the
// operator rules) is read on every screen that shows its money, by the owner, the finisher and the
// operator, at desktop width and at 320 px: each figure is the server's, and all of them agree.

test.describe.configure({ timeout: 240_000 });

interface Parts {
  paidCents: number;
  heldCents: number;
  releasedCents: number;
  feeCents: number;
  refundedCents: number;
}
interface Money extends Parts {
  payments: (Parts & { label: string; changeOrderId: number | null })[];
  onAcceptance: { finisherCents: number; feeCents: number };
}
interface Deal {
  money: Money;
  nextStep: { description: string } | null;
  history: { kind: string; amountCents?: number; milestoneTitle?: string }[];
}
interface Notice {
  title: string;
  content: string;
  relatedId: number | null;
}

/** The one money formatter's rule (src/shared/domain/money.ts, showCents): '$1,845', '$382.50'. */
const usd = (cents: number) => {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    cents / 100,
  );
};
const partNames = { paidCents: 'paid', heldCents: 'held', releasedCents: 'released', feeCents: 'fee', refundedCents: 'refunded' } as const;
const card = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

/** The demo data's operator, signed in through the API in a context of its own. */
async function signInOperator(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await apiPost(page, '/api/login', { email: 'ops@demo.finishline.dev', password: 'finishline' });
  return page;
}

/** The money list (src/client/components/deal-money-list.tsx) shows exactly the server's view: totals, each payment, the acceptance line. */
async function expectMoneyList(list: Locator, money: Money, options: { acceptance: boolean }) {
  const total = list.getByTestId('deal-money-total');
  for (const [part, name] of Object.entries(partNames)) {
    await expect(total.locator(`[data-money="${name}"]`)).toHaveText(usd(money[part as keyof Parts]));
  }
  const items = list.getByTestId('deal-money-payment');
  await expect(items).toHaveCount(money.payments.length);
  for (const [index, payment] of money.payments.entries()) {
    const item = items.nth(index);
    await expect(item.locator('[data-money="label"]')).toHaveText(payment.label);
    for (const [part, name] of Object.entries(partNames)) {
      const cents = payment[part as keyof Parts];
      const cell = item.locator(`[data-money="${name}"]`);
      if (cents === 0 && part !== 'paidCents') await expect(cell).toHaveCount(0);
      else await expect(cell).toHaveText(usd(cents));
    }
  }
  const acceptance = list.getByTestId('deal-money-on-acceptance');
  if (options.acceptance && money.heldCents > 0) {
    await expect(acceptance.locator('[data-money="acceptance-finisher"]')).toHaveText(usd(money.onAcceptance.finisherCents));
    await expect(acceptance.locator('[data-money="acceptance-fee"]')).toHaveText(usd(money.onAcceptance.feeCents));
  } else {
    await expect(acceptance).toHaveCount(0);
  }
}

/** Reads the check at desktop width and again at 320 px, where the page must not scroll sideways. */
async function atBothWidths(page: Page, check: () => Promise<void>) {
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const paymentCard = (page: Page) => page.getByRole('region', { name: 'Payment', exact: true });
const nextStep = (page: Page) => page.getByTestId('deal-next-step');

test('one deal with a change order, a milestone and a ruling shows the same money on every card and dialog, to everyone', async ({ browser }) => {
  const owner = await newApiUser(browser, 'moneyowner', 'creator');
  const finisher = await newApiUser(browser, 'moneydev', 'developer');
  const operator = await signInOperator(browser);
  const errors: string[] = [];
  for (const page of [owner.page, finisher.page, operator]) page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));

  // The finisher can be paid out: address confirmed, sandbox onboarding done.
  await confirmEmailFromMail(finisher.page, finisher.account.email);
  const { url: onboardingUrl } = await apiPost<{ url: string }>(finisher.page, '/api/stripe/create-connect-account', {});
  await finisher.page.goto(onboardingUrl);
  await finisher.page.getByRole('button', { name: 'Submit' }).click();
  await finisher.page.waitForURL(/\/onboarding-redirect\?outcome=success$/);

  // A $1,750 deal, paid; a $300 change order, accepted and paid.
  const projectName = `Money view ${Date.now().toString(36)}`;
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: projectName,
    description: 'A half-built shop: the catalogue works, the checkout flow and the order emails still need to be finished.',
    techStack: ['React', 'TypeScript'],
    codeLink: 'https://github.com/finishline-demo/shop',
  });
  const url = `/projects/${project.id}`;
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 1750,
    timeline: 21,
    message: 'I will finish the checkout flow and the order emails within three weeks.',
  });
  await apiPost(owner.page, `/api/bids/${bid.id}/accept`);
  await payThroughSandbox(owner.page, bid.id);
  const change = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/change-orders`, {
    description: 'Add a CSV export of the orders.',
    amount: 300,
    extraDays: 3,
  });
  await apiPost(owner.page, `/api/change-orders/${change.id}/accept`);
  const { checkoutUrl } = await apiPost<{ checkoutUrl: string }>(owner.page, `/api/change-orders/${change.id}/pay`);
  await apiPost(owner.page, `/api/sandbox/checkout-sessions/${new URL(checkoutUrl, 'http://localhost').pathname.split('/').pop()}/pay`, card);
  // Every figure the server's answers name for this deal: a notification or mail may name only these.
  const figures = new Set<number>([175_000, 30_000, 120_000, 20_000, 40_000]);
  const deal = async () => {
    const read = await apiGet<Deal>(owner.page, `/api/projects/${project.id}/deal`);
    for (const parts of [read.money, ...read.money.payments]) for (const part of Object.keys(partNames)) figures.add(parts[part as keyof Parts]);
    figures.add(read.money.onAcceptance.finisherCents).add(read.money.onAcceptance.feeCents);
    for (const entry of read.history) if (entry.amountCents !== undefined) figures.add(entry.amountCents);
    return read;
  };

  // Paid, nothing released: accepting would pay $1,575 + $270 = $1,845 to the finisher, $205 fee.
  await expect.poll(async () => (await deal()).money.paidCents).toBe(205_000);
  let money = (await deal()).money;
  expect(money.onAcceptance).toEqual({ finisherCents: 184_500, feeCents: 20_500 });
  expect(money.payments.map((p) => p.label)).toEqual(['Original price', 'Change order 1']);
  for (const page of [owner.page, finisher.page]) {
    await page.goto(url);
    await atBothWidths(page, () => expectMoneyList(paymentCard(page), money, { acceptance: true }));
  }

  // A $1,200 milestone, delivered and approved: $1,080 paid out at once, $120 fee; held drops to $850.
  const milestone = await apiPost<{ id: number }>(owner.page, `/api/projects/${project.id}/milestones`, { title: 'Checkout flow', amount: 1200 });
  await apiPost(finisher.page, `/api/milestones/${milestone.id}/complete`, { note: 'The checkout flow is done.' });
  await apiPost(owner.page, `/api/milestones/${milestone.id}/approve`);
  await expect.poll(async () => (await deal()).money.releasedCents).toBe(108_000);
  let answer = await deal();
  money = answer.money;
  expect(money).toMatchObject({ paidCents: 205_000, heldCents: 85_000, releasedCents: 108_000, feeCents: 12_000, refundedCents: 0 });
  expect(money.onAcceptance).toEqual({ finisherCents: 76_500, feeCents: 8_500 });
  expect(answer.history.filter((h) => h.kind === 'payout')).toEqual([expect.objectContaining({ amountCents: 108_000, milestoneTitle: 'Checkout flow' })]);
  for (const page of [owner.page, finisher.page]) {
    await page.goto(url);
    await atBothWidths(page, async () => {
      await expectMoneyList(paymentCard(page), money, { acceptance: true });
      // Nobody asked for a revision: the finisher still has the rest of the work to deliver.
      await expect(nextStep(page)).toHaveText(answer.nextStep!.description);
      await expect(nextStep(page)).not.toContainText('revising');
      const payout = page.getByRole('region', { name: 'Deal history' }).getByRole('listitem', { name: 'Paid out to the developer: Checkout flow' });
      await expect(payout).toContainText(usd(108_000));
    });
  }

  // Delivered: the deal clock, the accept-work dialog and the payment card name the same release.
  await apiPost(finisher.page, `/api/projects/${project.id}/complete`, { deliveryMessage: 'The order emails and the CSV export are done; see the README.' });
  answer = await deal();
  const release = `${usd(76_500)} is released to ${finisher.account.username}`;
  expect(answer.nextStep!.description).toContain(release);
  for (const page of [owner.page, finisher.page]) {
    await page.goto(url);
    await atBothWidths(page, async () => {
      await expect(nextStep(page)).toContainText(release);
      await expectMoneyList(paymentCard(page), answer.money, { acceptance: true });
    });
  }
  await owner.page.getByRole('button', { name: 'Accept Work' }).click();
  const dialog = owner.page.getByRole('alertdialog', { name: 'Accept this work?' });
  await atBothWidths(owner.page, () => expect(dialog).toContainText(`${usd(76_500)} is released to the developer (the platform fee is ${usd(8_500)})`));
  await expectAccessibleAtBothWidths(owner.page, 'the accept-work dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A dispute over the $850 held, ruled by the operator: $400 to the finisher ($360 paid out, $40 fee), $450 back.
  const dispute = await apiPost<{ id: number; disputedCents: number }>(owner.page, `/api/projects/${project.id}/disputes`, {
    reason: 'The CSV export leaves out the tax column the brief asked for; half of the work is missing.',
    finisherAmountCents: 20_000,
  });
  expect(dispute.disputedCents).toBe(85_000);
  await apiPost(finisher.page, `/api/disputes/${dispute.id}/escalate`);
  await apiPost(operator, `/api/operator/disputes/${dispute.id}/ruling`, {
    finisherAmountCents: 40_000,
    decision: 'The export works but misses the tax column: a little under half of the remaining work stands.',
  });
  await expect.poll(async () => (await deal()).money.heldCents).toBe(0);
  money = (await deal()).money;
  expect(money).toMatchObject({ paidCents: 205_000, heldCents: 0, releasedCents: 144_000, feeCents: 16_000, refundedCents: 45_000 });
  expect(money.payments).toEqual([
    expect.objectContaining({ label: 'Original price', releasedCents: 144_000, feeCents: 16_000, refundedCents: 15_000, heldCents: 0 }),
    expect.objectContaining({ label: 'Change order 1', releasedCents: 0, feeCents: 0, refundedCents: 30_000, heldCents: 0 }),
  ]);
  for (const parts of [money, ...money.payments]) expect(parts.releasedCents + parts.feeCents + parts.refundedCents + parts.heldCents).toBe(parts.paidCents);
  // The finisher's deal answer is the owner's.
  expect((await apiGet<Deal>(finisher.page, `/api/projects/${project.id}/deal`)).money).toEqual(money);

  // After the ruling the payment card lists what really moved, and nothing of the original split.
  for (const page of [owner.page, finisher.page]) {
    await page.goto(url);
    await atBothWidths(page, async () => {
      await expectMoneyList(paymentCard(page), money, { acceptance: false });
      await expect(paymentCard(page)).not.toContainText('receives (90%)');
    });
  }
  await expectAccessibleAtBothWidths(owner.page, 'the payment card after a ruling');

  // The dispute page, for both parties and the operator: the split of the disputed money and the deal's money.
  for (const page of [owner.page, finisher.page, operator]) {
    const read = await apiGet<{ money: Money; split: { payoutCents: number; feeCents: number; refundCents: number } }>(page, `/api/disputes/${dispute.id}`);
    expect(read.money).toEqual(money);
    expect(read.split).toEqual(expect.objectContaining({ payoutCents: 36_000, feeCents: 4_000, refundCents: 45_000 }));
    await page.goto(`/disputes/${dispute.id}`);
    const overview = page.getByRole('region', { name: 'Where it stands' });
    await atBothWidths(page, async () => {
      await expect(overview.getByTestId('dispute-split')).toContainText(usd(36_000));
      await expect(overview.getByTestId('dispute-split')).toContainText(usd(4_000));
      await expect(overview.getByTestId('dispute-split')).toContainText(usd(45_000));
      await expectMoneyList(overview.getByTestId('deal-money'), money, { acceptance: false });
    });
  }
  await expectAccessibleAtBothWidths(operator, 'the settled dispute page, as the operator');

  // Notifications and mail: each payout and the refund named once with its amount, and no figure the
  // server's answers do not hold (the split of the ruling included).
  for (const cents of [36_000, 4_000, 45_000, 85_000]) figures.add(cents);
  const noticesOf = async (party: typeof owner) =>
    (await apiGet<Notice[]>(party.page, `/api/users/${party.id}/notifications`)).filter((n) => n.relatedId === project.id);
  const payouts = (await noticesOf(finisher)).filter((n) => n.title === 'Payout released');
  expect(payouts.map((n) => n.content.match(/\$[\d,.]+/)?.[0])).toEqual(expect.arrayContaining([usd(108_000), usd(36_000)]));
  expect(payouts).toHaveLength(2);
  const refunds = (await noticesOf(owner)).filter((n) => n.title === 'Partial refund');
  expect(refunds).toHaveLength(1);
  expect(refunds[0]!.content).toContain(usd(45_000));
  await expect.poll(() => readMailTo(finisher.account.email).filter((m) => m.subject.startsWith('Payout released')).length).toBe(2);
  const named = new Set([...figures].map(usd));
  for (const party of [owner, finisher]) {
    const texts = [
      ...(await noticesOf(party)).map((n) => `${n.title}: ${n.content}`),
      ...readMailTo(party.account.email)
        .filter((m) => `${m.subject}${m.text}`.includes(projectName))
        .map((m) => `${m.subject}\n${m.text}`),
    ];
    for (const text of texts) for (const figure of text.match(/\$\d{1,3}(?:,\d{3})*(?:\.\d{2})?/g) ?? []) expect(named, text).toContain(figure);
  }
  expect(errors).toEqual([]);
});
