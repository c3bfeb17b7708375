import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { blockingAxeViolations } from './page-checks.js';
import { uniqueAccount } from './helpers.js';
import { readMailTo } from './mail.js';

// Issue 8, account half: the profile's Security tab (password change, sessions) and password reset
// by email, read from the mail the e2e server captures (test/e2e/mail.ts).

type Account = ReturnType<typeof uniqueAccount>;

/** A new browser context signed in as the account through the login form, on its profile's Security tab. */
async function signInOnNewDevice(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInThroughForm(page, account.email, account.password);
  return page;
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Registers through the API in the page's context (which signs it in). */
async function registerThroughApi(page: Page, account: Account) {
  await page.goto('/');
  const response = await page.request.post('/api/register', {
    data: { ...account, role: 'creator' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(201);
}

async function openSecurityTab(page: Page) {
  await page.goto('/profile?tab=security');
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
}

const sessionList = (page: Page) => page.getByRole('list', { name: 'Active sessions' });

async function expectSignedOut(page: Page) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
}

async function expectNoSeriousViolations(page: Page, state: string) {
  const blocking = await blockingAxeViolations(page);
  expect(blocking, `serious or critical axe violations on ${state}`).toEqual([]);
}

test.describe('account security', () => {
  test('changing the password signs out the other device and keeps this one', async ({ browser }) => {
    const account = uniqueAccount('pwchange');
    const laptop = await (await browser.newContext()).newPage();
    await registerThroughApi(laptop, account);
    const phone = await signInOnNewDevice(browser, account);

    await openSecurityTab(laptop);
    await expect(sessionList(laptop).getByRole('listitem')).toHaveCount(2);
    await expect(sessionList(laptop).getByText('This device')).toHaveCount(1);
    await expectNoSeriousViolations(laptop, 'the Security tab');

    const form = laptop.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(account.password);
    await form.getByLabel('New password', { exact: true }).fill('a-better-secret');
    await form.getByLabel('Confirm new password').fill('a-better-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(laptop.getByText('Password changed')).toBeVisible();
    await expect(sessionList(laptop).getByRole('listitem')).toHaveCount(1);

    await expectSignedOut(phone);
    await laptop.reload();
    await expect(laptop.getByRole('tab', { name: 'Security' })).toBeVisible();
    await logInThroughForm(phone, account.email, 'a-better-secret');
  });

  test('a wrong current password is refused with a clear message', async ({ browser }) => {
    const account = uniqueAccount('pwwrong');
    const page = await (await browser.newContext()).newPage();
    await registerThroughApi(page, account);
    await openSecurityTab(page);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('a-better-secret');
    await form.getByLabel('Confirm new password').fill('something-else');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await form.getByLabel('Confirm new password').fill('a-better-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password not changed')).toBeVisible();
    await expect(page.getByText('Your current password is incorrect')).toBeVisible();
  });

  test('one device at a time, then everywhere else', async ({ browser }) => {
    const account = uniqueAccount('sessions');
    const laptop = await (await browser.newContext()).newPage();
    await registerThroughApi(laptop, account);
    const phone = await signInOnNewDevice(browser, account);
    const tablet = await signInOnNewDevice(browser, account);

    await openSecurityTab(laptop);
    const others = sessionList(laptop).getByRole('button', { name: /^Sign out/ });
    await expect(others).toHaveCount(2);
    await others.first().click();
    await expect(laptop.getByText('Session signed out')).toBeVisible();
    await expect(others).toHaveCount(1);

    await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await laptop.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(laptop.getByText('Signed out of 1 other session.')).toBeVisible();
    await expect(sessionList(laptop).getByRole('listitem')).toHaveCount(1);
    await expect(laptop.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

    await expectSignedOut(phone);
    await expectSignedOut(tablet);
  });

  test('forgot password: the emailed link sets a new password once', async ({ page }) => {
    const account = uniqueAccount('forgot');
    await registerThroughApi(page, account);
    await page.context().clearCookies();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectNoSeriousViolations(page, '/forgot-password');
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that email, we have sent a link to reset its password.')).toBeVisible();

    // Besides the confirmation mail every new account gets (decision 036).
    const resetMails = () => readMailTo(account.email).filter((mail) => mail.subject === 'Reset your Finishline password');
    await expect.poll(() => resetMails().length).toBe(1);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(resetMails()[0]!.text)![0];
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, '/reset-password');
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.getByLabel('New password', { exact: true }).fill('reset-secret');
    await reset.getByLabel('Confirm new password').fill('reset-secret');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Password reset', { exact: true })).toBeVisible();

    await logInThroughForm(page, account.email, 'reset-secret');

    // The link has been used: a second visit is refused.
    await page.context().clearCookies();
    await page.goto(link);
    await reset.getByLabel('New password', { exact: true }).fill('another-secret');
    await reset.getByLabel('Confirm new password').fill('another-secret');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new reset link' })).toBeVisible();
  });

  test('an unknown email gets the same answer and no mail', async ({ page }) => {
    const email = `${uniqueAccount('nobody').username}@e2e.finishline.dev`;
    await page.goto('/forgot-password');
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that email, we have sent a link to reset its password.')).toBeVisible();
    expect(readMailTo(email)).toHaveLength(0);
  });
});
