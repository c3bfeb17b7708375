import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, confirmEmailFromMail, newApiUser } from './helpers.js';
import { paidDeliveredDeal } from './deal-setup.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 31, item 2: both parties read the deal's ledger on the project page ("Held $1,000 ...;
// Released $900 ...") and what is still held, and the reader's page follows the other's step live.

test.describe.configure({ timeout: 180_000 });

const money = (page: Page) => page.getByRole('region', { name: 'Money', exact: true });
const lines = (page: Page) => money(page).getByRole('list', { name: 'Money movements' }).getByRole('listitem');

test('the owner accepts the work with the keyboard; both read the money held, then released with its fee, live', async ({ browser }) => {
  const { owner, finisher, url } = await paidDeliveredDeal(browser, { owner: 'ledgerowner', finisher: 'ledgerdev', project: 'Ledger' });
  // The finisher's address is confirmed and payout account set up, so the acceptance pays out at once.
  await confirmEmailFromMail(finisher.page, finisher.account.email);
  const { url: onboarding } = await apiPost<{ url: string }>(finisher.page, '/api/stripe/create-connect-account', {});
  await apiPost(finisher.page, `/api/sandbox/onboarding/${onboarding.replace('/sandbox/onboarding/', '')}/complete`);
  const ownerErrors = recordErrors(owner.page);
  const finisherErrors = recordErrors(finisher.page);

  await finisher.page.goto(url);
  await expect(lines(finisher.page)).toHaveText([/^Held \$1,000\s*\w{3} \d+ \w{3} \d{4}, \d\d:\d\d/]);
  await expect(lines(finisher.page).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(money(finisher.page)).toContainText('Still held: $1,000');
  await expectAccessibleAtBothWidths(finisher.page, "the finisher's project page with the money held");

  await owner.page.goto(url);
  await expect(lines(owner.page)).toHaveCount(1);
  const accept = owner.page.getByRole('button', { name: 'Accept Work' });
  await tabTo(owner.page, accept, 120);
  await owner.page.keyboard.press('Enter');
  await owner.page.getByRole('alertdialog', { name: 'Accept this work?' }).getByRole('button', { name: 'Accept Work' }).click();

  const released = [/^Held \$1,000/, /^Released \$900/, /^Platform fee \$100/];
  await expect(lines(owner.page)).toHaveText(released);
  await expect(money(owner.page)).toContainText('Still held: $0');
  // The finisher did nothing: the live change refreshed their page.
  await expect(lines(finisher.page)).toHaveText(released);
  await expect(money(finisher.page)).toContainText('Still held: $0');
  await expectAccessibleAtBothWidths(owner.page, "the owner's project page with the money released");
  expect(ownerErrors).toEqual([]);
  expect(finisherErrors).toEqual([]);
});

test('a stranger to the deal reads its project page without its money', async ({ browser }) => {
  const { url } = await paidDeliveredDeal(browser, { owner: 'ledgerowner2', finisher: 'ledgerdev2', project: 'Ledger privacy' });
  const stranger = await newApiUser(browser, 'ledgerstranger', 'developer');
  const errors = recordErrors(stranger.page);
  await stranger.page.goto(url);
  await expect(stranger.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(money(stranger.page)).toHaveCount(0);
  expect(errors).toEqual([]);
});
