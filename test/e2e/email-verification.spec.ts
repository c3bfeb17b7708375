import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { registerThroughUi, uniqueAccount, waitForVerificationLink } from './helpers.js';
import { readMailTo } from './mail.js';
import { expectAccessibleAtBothWidths } from './page-checks.js';

// Issue 26 items 4-5 (decision 036): a new account confirms its address from the link in its mail,
// payouts wait for it, and a new email replaces the old one only once its own link is opened.
// Mail is read from the e2e inbox (test/e2e/mail.ts) by polling: it leaves after the answer.

const origin = () => ({ origin: test.info().project.use.baseURL! });

/** The link as this run's server serves it (the mail names PUBLIC_URL or localhost on the same port). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

async function openProfileTab(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
}

test('a new account confirms its address from the link in the mail; payouts wait for it', async ({ page }) => {
  test.setTimeout(120_000);
  // A long address (as a real one can be): it wraps on the profile at 320 px instead of widening the page.
  const account = uniqueAccount('verify_long_address');
  await registerThroughUi(page, account, 'Developer');

  // Browsing and the profile work unconfirmed; the profile says so and offers a new link.
  await openProfileTab(page);
  await expect(page.getByText('Email not verified')).toBeVisible();
  const resend = page.getByRole('button', { name: 'Resend confirmation email' });
  await expect(resend).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the profile with an unconfirmed email');

  // Payouts wait: the button is off and says why, and the API refuses with a sentence.
  await page.getByRole('tab', { name: 'Skills' }).click();
  const settings = page.getByRole('region', { name: 'Payment Settings' });
  await expect(settings.getByText('Confirm your email address to set up payouts', { exact: false })).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Set up payouts' })).toBeDisabled();
  await expectAccessibleAtBothWidths(page, 'payment settings waiting for a confirmed email');
  const refused = await page.request.post('/api/stripe/create-connect-account', { data: {}, headers: origin() });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

  // The welcome mail's link, then a second one from the resend button: the newer voids the older.
  const first = await waitForVerificationLink(account.email, 1);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await resend.click();
  await expect(page.getByText('Confirmation email sent')).toBeVisible();
  const second = await waitForVerificationLink(account.email, 2);
  expect(second).not.toBe(first);

  await page.goto(pathOf(first));
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid, was already used or has expired.');

  await page.goto(pathOf(second));
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the confirmed-email page');

  // A link works once.
  await page.goto(pathOf(second));
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid, was already used or has expired.');
  await expectAccessibleAtBothWidths(page, 'a used confirmation link');

  await openProfileTab(page);
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toHaveCount(0);

  // Now payouts can be set up, through the sandbox onboarding page.
  await page.getByRole('tab', { name: 'Skills' }).click();
  await expect(settings.getByText('Confirm your email address to set up payouts', { exact: false })).toHaveCount(0);
  await settings.getByRole('button', { name: 'Set up payouts' }).click();
  await page.waitForURL(/\/sandbox\/onboarding\//);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/onboarding-redirect\?outcome=success$/);
  await expect(page.getByRole('heading', { name: 'Payout account ready' })).toBeVisible();
});

test('a new email stays pending, the old address is told, and the link from the new mailbox makes the change', async ({ page }) => {
  test.setTimeout(90_000);
  const account = uniqueAccount('mover');
  await registerThroughUi(page, account, 'Creator');
  const newEmail = `moved_${account.username}@e2e.finishline.dev`.toLowerCase();

  await openProfileTab(page);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit Profile' });
  await form.getByLabel('Email').fill(newEmail);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`, { exact: false })).toBeVisible();

  // The old address is still the account's, and the pending one is named.
  await expect(page.getByText(account.email, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Changing to ${newEmail}`, { exact: false })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the profile with a pending new email');
  await expect.poll(() => readMailTo(account.email).map((mail) => mail.subject)).toContain('Your Finishline email address is about to change');

  await page.goto(pathOf(await waitForVerificationLink(newEmail)));
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await openProfileTab(page);
  await expect(page.getByText(newEmail, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByText(`Changing to`, { exact: false })).toHaveCount(0);
});
