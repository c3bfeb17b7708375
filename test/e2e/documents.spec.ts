import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page } from '@playwright/test';
import { pdfText } from './pdf-text.js';
import { paidDeliveredDeal } from './deal-setup.js';
import { test } from './fixtures.js';
import { apiPost, confirmEmailFromMail, openAccountMenu } from './helpers.js';
import { readMailTo } from './mail.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 31, item 3 (decision 064): the owner's receipt for the payment made at the sandbox
// checkout, and the finisher's payout statement once the owner accepts the work, each listed on
// the Documents page and downloaded as a PDF that says what was paid; and the same documents reached
// from the mail that announces their money, through the sign-in when signed out.

/** The document the latest mail of this subject links ("Download your receipt: <url>"), as a path of this server. */
async function mailedDocumentPath(email: string, subject: string, label: string): Promise<string> {
  let path = '';
  await expect(async () => {
    const mail = readMailTo(email)
      .filter((message) => message.subject.startsWith(subject))
      .at(-1);
    const url = mail ? new RegExp(`${label}: (\\S+)`).exec(mail.text)?.[1] : undefined;
    expect(url, `${email}: ${subject}`).toBeTruthy();
    path = new URL(url!).pathname;
  }).toPass({ timeout: 30_000 });
  expect(path).toMatch(/^\/documents\/\d+$/);
  return path;
}

/**
 * Follows the mail's link in a browser that is not signed in: the sign-in page, then back to the
 * document, downloaded with the keyboard. Answers its number and text.
 */
async function downloadFromMail(browser: Browser, account: { email: string; password: string }, path: string, kind: 'Receipt' | 'Payout statement') {
  const page = await (await browser.newContext()).newPage();
  const errors = recordErrors(page);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(path)}$`));
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(`^${kind} [RS]-\\d{4}-\\d{4}$`) });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(`${kind} `, '');
  await expectAccessibleAtBothWidths(page, `the page of a ${kind.toLowerCase()}`);
  const link = page.getByRole('link', { name: `Download ${kind} ${number} (PDF)` });
  await tabTo(page, link, 40);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(errors).toEqual([]);
  await page.context().close();
  return { number, text: pdfText(pdf) };
}

/** Opens Documents from the account menu, waits for a document of this kind, downloads it with the keyboard and answers its number and text. */
async function downloadFromDocuments(page: Page, kind: 'Receipt' | 'Payout statement') {
  await page.goto('/dashboard');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Documents' });
  // The payout is settled just after the acceptance: the page is read again until it is there.
  await expect(async () => {
    await page.reload();
    await expect(list.getByText(new RegExp(`^${kind} [RS]-\\d{4}-\\d{4}$`))).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const number = (await list
    .getByText(new RegExp(`^${kind} `))
    .first()
    .textContent())!.replace(`${kind} `, '');
  await expectAccessibleAtBothWidths(page, `the Documents page with a ${kind.toLowerCase()}`);
  const link = list.getByRole('link', { name: `Download ${kind} ${number} (PDF)` });
  await tabTo(page, link, 40);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return { number, text: pdfText(pdf) };
}

test('the owner downloads the receipt of a payment and the finisher the payout statement of its release', async ({ browser }) => {
  test.setTimeout(180_000);
  const deal = await paidDeliveredDeal(browser, { owner: 'doc-owner', finisher: 'doc-dev', project: 'Receipts for the invoicing tool' });
  const ownerErrors = recordErrors(deal.owner.page);

  const receipt = await downloadFromDocuments(deal.owner.page, 'Receipt');
  expect(receipt.number).toMatch(/^R-\d{4}-\d{4}$/);
  for (const words of [
    'Finishline',
    'Receipt',
    receipt.number,
    deal.owner.account.username,
    deal.finisher.account.username,
    deal.name,
    '$1,000',
    '$100',
    '$900',
    'Total paid',
  ])
    expect(receipt.text).toContain(words);
  expect(ownerErrors).toEqual([]);

  // The finisher confirms their email and sets up payouts, the owner accepts the work: the payout is released.
  await confirmEmailFromMail(deal.finisher.page, deal.finisher.account.email);
  const { url } = await apiPost<{ url: string }>(deal.finisher.page, '/api/stripe/create-connect-account', {});
  await apiPost(deal.finisher.page, `/api/sandbox/onboarding/${url.replace('/sandbox/onboarding/', '')}/complete`);
  await apiPost(deal.owner.page, `/api/projects/${deal.projectId}/accept`, { accepted: true });

  const finisherErrors = recordErrors(deal.finisher.page);
  const statement = await downloadFromDocuments(deal.finisher.page, 'Payout statement');
  expect(statement.number).toMatch(/^S-\d{4}-\d{4}$/);
  for (const words of [
    'Payout statement',
    statement.number,
    deal.finisher.account.username,
    deal.name,
    'Gross settled',
    '$1,000',
    '$100',
    '$900',
    'Net paid out to you',
  ])
    expect(statement.text).toContain(words);
  expect(finisherErrors).toEqual([]);
});

test('each party follows the mail that announces their money to its very document, through the sign-in; to the other party it does not exist', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const deal = await paidDeliveredDeal(browser, { owner: 'mail-doc-owner', finisher: 'mail-doc-dev', project: 'Mailed receipts for the invoicing tool' });

  const receiptPath = await mailedDocumentPath(deal.owner.account.email, 'Receipt:', 'Download your receipt');
  const receipt = await downloadFromMail(browser, deal.owner.account, receiptPath, 'Receipt');
  expect(receipt.number).toMatch(/^R-\d{4}-\d{4}$/);
  for (const words of ['Receipt', receipt.number, deal.owner.account.username, deal.name, '$1,000', 'Total paid']) expect(receipt.text).toContain(words);

  // Someone else's document does not exist for them: the finisher reads the page not found.
  await deal.finisher.page.goto(receiptPath);
  await expect(deal.finisher.page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();

  await confirmEmailFromMail(deal.finisher.page, deal.finisher.account.email);
  const { url } = await apiPost<{ url: string }>(deal.finisher.page, '/api/stripe/create-connect-account', {});
  await apiPost(deal.finisher.page, `/api/sandbox/onboarding/${url.replace('/sandbox/onboarding/', '')}/complete`);
  await apiPost(deal.owner.page, `/api/projects/${deal.projectId}/accept`, { accepted: true });

  const statementPath = await mailedDocumentPath(deal.finisher.account.email, 'Payout released', 'Download your payout statement');
  const statement = await downloadFromMail(browser, deal.finisher.account, statementPath, 'Payout statement');
  expect(statement.number).toMatch(/^S-\d{4}-\d{4}$/);
  for (const words of ['Payout statement', statement.number, deal.finisher.account.username, deal.name, 'Gross settled', '$900', 'Net paid out to you'])
    expect(statement.text).toContain(words);
  await deal.owner.page.goto(statementPath);
  await expect(deal.owner.page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});
