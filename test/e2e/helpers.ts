import { type Browser, expect, type Page, test } from '@playwright/test';
import { verificationLinksTo } from './mail.js';

export type RegistrationRole = 'Creator' | 'Developer';

let counter = 0;

/** A username and email no other test run has used, nor the other worker of this one. */
export function uniqueAccount(prefix: string) {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.env.TEST_PARALLEL_INDEX ?? ''}${counter}`;
  const username = `${prefix}_${stamp}`;
  return { username, email: `${username}@e2e.finishline.dev`, password: 'correct-horse' };
}

export async function registerThroughUi(page: Page, account: ReturnType<typeof uniqueAccount>, role: RegistrationRole) {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  if (role === 'Developer') {
    await form.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Developer' }).click();
  }
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Opens the account menu, clicking its button again while no open menu shows: once, in a CI run, a
 * click on the server-rendered dashboard opened nothing and the test waited three minutes for the
 * menu. A menu that is closing (after Escape) is still on screen while it fades: only one whose
 * state is open counts.
 */
export async function openAccountMenu(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const openMenu = page.locator('[role="menu"][data-state="open"]');
  await expect(async () => {
    if (!(await openMenu.isVisible())) await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(openMenu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export async function signOutThroughAvatarMenu(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
}

/** page.request shares the page's cookies; the explicit Origin satisfies the server's cross-origin check. */
const originHeader = () => ({ origin: test.info().project.use.baseURL! });

export async function apiGet<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return (await response.json()) as T;
}

export async function apiPost<T>(page: Pick<Page, 'request'>, url: string, data: unknown = {}): Promise<T> {
  const response = await page.request.post(url, { data, headers: originHeader() });
  expect(response.ok(), `POST ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A fresh account in its own browser context, registered (and so signed in) through the API. */
export async function newApiUser(browser: Browser, prefix: string, role: 'creator' | 'developer') {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  const account = uniqueAccount(prefix);
  const user = await apiPost<{ id: number }>(page, '/api/register', { ...account, role });
  return { page, account, id: user.id };
}

/**
 * Waits for the n-th confirmation link mailed to the address (1 = the first) and answers it. Mail
 * leaves after the answer that caused it (and a PostgreSQL + Redis run is slower), so this polls
 * the e2e inbox rather than reading it once or sleeping.
 */
export async function waitForVerificationLink(email: string, n = 1): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(() => (links = verificationLinksTo(email)).length, { message: `confirmation mail #${n} to ${email}`, timeout: 20_000 })
    .toBeGreaterThanOrEqual(n);
  return links[n - 1]!;
}

/**
 * Confirms the account's address as its owner would, from the link in the mail (decision 036):
 * what payouts need. Through the API, so tests of other screens stay about their screens.
 */
export async function confirmEmailFromMail(page: Page, email: string): Promise<void> {
  const token = new URL(await waitForVerificationLink(email)).searchParams.get('token');
  await apiPost(page, '/api/account/email-verification/confirm', { token });
}

/**
 * The owner pays an accepted bid through the sandbox's API (the checkout page itself is tested in
 * payments.spec.ts): money is held before work is delivered (issue 26).
 */
export async function payThroughSandbox(owner: Pick<Page, 'request'>, bidId: number) {
  const { checkoutUrl } = await apiPost<{ checkoutUrl: string }>(owner, `/api/bids/${bidId}/pay`);
  const sessionId = new URL(checkoutUrl, 'http://localhost').pathname.split('/').pop();
  await apiPost(owner, `/api/sandbox/checkout-sessions/${sessionId}/pay`, { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
}

/**
 * Opens a page and waits until its live connection has answered auth_success: the page has
 * hydrated by then, so what a test types reaches React, and live events reach the page.
 */
export async function openLive(page: Page, url: string) {
  const authenticated = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"auth_success"') && resolve()));
  });
  await page.goto(url);
  await authenticated;
}
