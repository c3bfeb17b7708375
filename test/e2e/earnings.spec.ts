import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { paidDeliveredDeal } from './deal-setup.js';
import { apiGet, apiPost } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 31, item 4: after a deal is paid through the sandbox checkout and accepted, the developer
// reads their earnings and the client their spending, each from the ledger; both export a CSV.

interface Earnings {
  role: 'finisher' | 'owner';
  totals: Record<string, number>;
}

const CSV_HEADER = 'id,date,time,kind,description,effect,project_id,project,payment_id,amount,amount_cents,currency,provider_id,note,recorded_at';

/** The figure a stat card shows, by its label. */
const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** Downloads the statement with the page's form (Enter on its button) and answers the file's lines. */
async function downloadStatement(page: Page): Promise<string[]> {
  const button = page.getByRole('button', { name: 'Download CSV' });
  await tabTo(page, button, 80);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^finishline-ledger-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  return text.split('\r\n').filter(Boolean);
}

test('the developer reads earnings and the client spending after a paid, accepted deal, and each exports a CSV', async ({ browser }) => {
  test.setTimeout(180_000);
  const deal = await paidDeliveredDeal(browser, { owner: 'earn-owner', finisher: 'earn-dev', project: 'Earnings ledger' });
  await apiPost(deal.owner.page, `/api/projects/${deal.projectId}/accept`, { accepted: true });

  // The developer: $1,000 was held; accepted, 90% is due, and waits for a payout account they have not set up.
  const dev = deal.finisher.page;
  const devErrors = recordErrors(dev);
  const earnings = await apiGet<Earnings>(dev, `/api/users/${deal.finisher.id}/earnings`);
  // The payments write the ledger once the lead's wiring (issue 31, item 1) is merged; before it the figures are zeros.
  const isLedgerWired = earnings.totals.heldCents! > 0;
  if (isLedgerWired) expect(earnings).toMatchObject({ role: 'finisher', totals: { heldCents: 100_000, releasedCents: 0, pendingPayoutCents: 90_000 } });
  // As formatMoney(cents, { showCents: true }) writes it: '$1,000', '$350.50' (the specs do not import the app's sources).
  const shown = (cents: number | undefined) => `$${(cents! / 100).toLocaleString('en-US', { minimumFractionDigits: cents! % 100 === 0 ? 0 : 2 })}`;
  await dev.goto('/dashboard');
  const earningsLink = dev.getByRole('link', { name: 'Your earnings: held, released and pending payout' });
  await tabTo(dev, earningsLink, 60);
  await dev.keyboard.press('Enter');
  await expect(dev).toHaveURL(/\/earnings$/);
  await expect(dev.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(figure(dev, 'Held')).toContainText(shown(earnings.totals.heldCents));
  await expect(figure(dev, 'Released')).toContainText(shown(earnings.totals.releasedCents));
  await expect(figure(dev, 'Pending payout')).toContainText(shown(earnings.totals.pendingPayoutCents));
  const month = dev.getByRole('table', { name: 'Your earnings per month' });
  await expect(month.getByRole('row')).toHaveCount(13);
  if (isLedgerWired) {
    await expect(dev.getByRole('link', { name: 'set up payouts' })).toBeVisible();
    await expect(month.getByRole('row').nth(1)).toContainText('$1,000');
  }
  await expect(dev.getByRole('img', { name: /^Released to you per month\./ })).toBeVisible();
  await expectAccessibleAtBothWidths(dev, 'the earnings page');

  const devLines = await downloadStatement(dev);
  expect(devLines[0]).toBe(CSV_HEADER);
  const held = devLines.slice(1).filter((line) => line.includes(',payment_held,'));
  expect(held).toHaveLength(isLedgerWired ? 1 : 0);
  if (isLedgerWired) {
    expect(held[0]).toContain(`,${deal.projectId},${deal.name},`);
    expect(held[0]).toContain(',1000.00,100000,usd,');
  }

  // A range the wrong way round is refused on the page, before any download.
  await dev.getByRole('textbox', { name: 'From', exact: true }).fill('2026-12-31');
  await dev.getByRole('textbox', { name: 'To', exact: true }).fill('2026-01-01');
  await dev.getByRole('button', { name: 'Download CSV' }).click();
  await expect(dev.getByRole('alert').filter({ hasText: 'The start date is after the end date.' })).toBeVisible();
  expect(devErrors).toEqual([]);

  // The client: Total Spending and its items, from the same ledger.
  const owner = deal.owner.page;
  const ownerErrors = recordErrors(owner);
  await owner.goto('/dashboard');
  await owner.getByRole('link', { name: 'Your spending by month, and statements' }).click();
  await expect(owner).toHaveURL(/\/spending$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Spending' })).toBeVisible();
  const spending = await apiGet<Earnings>(owner, `/api/users/${deal.owner.id}/earnings`);
  if (isLedgerWired) expect(spending).toMatchObject({ role: 'owner', totals: { paidCents: 100_000, refundedCents: 0, netCents: 100_000 } });
  await expect(figure(owner, 'Total Spending')).toContainText(shown(spending.totals.netCents));
  await expect(figure(owner, 'Paid')).toContainText(shown(spending.totals.paidCents));
  await expect(figure(owner, 'Refunded')).toContainText(shown(spending.totals.refundedCents));
  await expectAccessibleAtBothWidths(owner, 'the spending page');
  const ownerLines = await downloadStatement(owner);
  expect(ownerLines[0]).toBe(CSV_HEADER);
  // The same deal's entries as the developer's statement: one ledger, read by both parties.
  expect(ownerLines.slice(1).map((line) => line.split(',')[0])).toEqual(devLines.slice(1).map((line) => line.split(',')[0]));
  expect(ownerErrors).toEqual([]);
});
