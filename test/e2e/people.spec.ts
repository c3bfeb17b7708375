import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { blockingAxeViolations } from './page-checks.js';
import { payThroughSandbox, registerThroughUi, uniqueAccount } from './helpers.js';

// A valid 1x1 PNG; the server re-encodes whatever it accepts.
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function toast(page: Page, title: string) {
  return page.getByText(title, { exact: true }).first();
}

function developerCard(page: Page, username: string) {
  return page.getByRole('article', { name: username, exact: true });
}

/** A JSON call with this context's session; fails the test on any non-2xx answer. */
async function call<T>(request: APIRequestContext, method: 'POST' | 'PATCH', url: string, data: unknown): Promise<T> {
  const response = await request.fetch(url, { method, data });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function registerThroughApi(browser: Browser, prefix: string, role: 'creator' | 'developer') {
  const context = await browser.newContext();
  const account = uniqueAccount(prefix);
  const user = await call<{ id: number }>(context.request, 'POST', '/api/register', { ...account, role });
  return { context, request: context.request, account, id: user.id };
}

test('a developer edits the profile with an avatar, picks skills and shares it; a visitor finds them in the directory', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const account = uniqueAccount('dev');
  await registerThroughUi(page, account, 'Developer');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible();
  await expect(page.getByText('Developer', { exact: true })).toBeVisible();
  await expect(page.getByText(account.email, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`/developers/${account.username}`, { exact: true })).toBeVisible();

  // Read mode of a fresh account: the spec's fallbacks.
  await expect(page.getByText('No bio added yet')).toBeVisible();
  await expect(page.getByText('Not specified')).toBeVisible();
  await expect(page.getByText('No social profiles added yet')).toBeVisible();
  await expect(page.getByText('Not set').first()).toBeVisible();

  // Edit mode: Cancel leaves without saving.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit Profile' });
  const bio = 'I finish half-built TypeScript and Rust projects.';
  await form.getByLabel('Bio').fill(bio);
  await form.getByLabel('Location').fill('Porto, Portugal');
  await form.getByLabel('Website').fill('not a url');
  await form.getByLabel('Hourly Rate ($)').fill('95');
  await form.getByLabel('Years of Experience').fill('6');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Please enter a valid URL')).toBeVisible();
  await form.getByLabel('Website').fill('https://porto.dev');
  const avatar = path.join(tmpdir(), `finishline-avatar-${Date.now()}.png`);
  writeFileSync(avatar, PNG_1X1);
  await form.getByLabel('Avatar').setInputFiles(avatar);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(page.getByText('Your profile has been updated successfully.')).toBeVisible();

  // Back in read mode with the new values and the uploaded (re-encoded) avatar.
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByText(bio)).toBeVisible();
  await expect(page.getByText('Porto, Portugal')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://porto.dev' })).toHaveAttribute('href', 'https://porto.dev');
  await expect(page.getByText('$95/hr')).toBeVisible();
  const avatarImage = page.getByRole('img', { name: `${account.username}'s avatar` });
  await expect(avatarImage).toBeVisible();
  await expect(avatarImage).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);

  // Payment Settings live in the Skills tab only.
  await expect(page.getByRole('region', { name: 'Payment Settings' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Skills' }).click();
  await expect(page.getByRole('region', { name: 'Payment Settings' })).toBeVisible();
  await page.getByText('TypeScript', { exact: true }).click();
  await page.getByText('Rust', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'TypeScript' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Rust' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Dart' })).not.toBeChecked();
  // A blank link is not added; two links can be, and only the first becomes githubUrl.
  await page.getByLabel('GitHub project link').fill('   ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  for (const link of ['https://github.com/porto/first', 'https://github.com/porto/second']) {
    await page.getByLabel('GitHub project link').fill(link);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Remove https://github.com/porto/second' }).click();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  const saved = page.waitForResponse((response) => response.url().endsWith('/profile') && response.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save Skills' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(toast(page, 'Profile updated')).toBeVisible();
  const me = await (await page.request.get('/api/user')).json();
  expect(me).toMatchObject({ skills: ['typescript', 'rust'], languages: ['typescript', 'rust'], githubUrl: 'https://github.com/porto/first', hourlyRate: 95 });

  await page.getByRole('button', { name: 'Share public profile' }).click();
  await expect(toast(page, 'Profile link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/developers/${account.username}`);

  // A visitor finds the new developer in the directory.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/developers');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Hire Developers' })).toBeVisible();
  await expect(visitor.getByText('Find talented developers to complete your projects')).toBeVisible();
  // Lena, the demo's rated developer, leads the first page, however many developers earlier tests registered.
  await expect(developerCard(visitor, 'lena')).toBeVisible();

  await visitor.getByRole('button', { name: 'Skills' }).click();
  const menu = visitor.getByRole('menu');
  await expect(menu.getByText('Programming Languages')).toBeVisible();
  await expect(menu.getByRole('menuitemcheckbox')).toHaveText([
    'JavaScript',
    'TypeScript',
    'Python',
    'Java',
    'C#',
    'C++',
    'PHP',
    'Ruby',
    'Go',
    'Swift',
    'Kotlin',
    'Rust',
  ]);
  await menu.getByRole('menuitemcheckbox', { name: 'Rust' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Rust' })).toHaveAttribute('aria-checked', 'true');
  await visitor.keyboard.press('Escape');
  await expect(visitor.getByRole('button', { name: 'Skills, 1 selected' })).toContainText('1');
  // Lena knows Rust and is available; devon does not know Rust.
  await expect(developerCard(visitor, 'lena')).toBeVisible();
  await expect(developerCard(visitor, 'devon')).toHaveCount(0);

  await visitor.getByLabel('Availability').click();
  await visitor.getByRole('option', { name: 'Available now' }).click();
  await expect(developerCard(visitor, 'lena')).toBeVisible();
  // The badge says what it means (decision 049): a payout account is set up, nothing more is verified.
  await expect(developerCard(visitor, 'lena').getByText('Payouts set up')).toBeVisible();
  await expect(developerCard(visitor, 'lena').getByTitle('Payout account set up with the payment provider')).toBeVisible();
  await expect(developerCard(visitor, 'lena').getByText('Verified')).toHaveCount(0);
  await expect(developerCard(visitor, account.username)).toHaveCount(0);

  // A fresh developer has not set up payouts, so is 'Not available'.
  await visitor.getByLabel('Availability').click();
  await visitor.getByRole('option', { name: 'Not available' }).click();
  const card = developerCard(visitor, account.username);
  await expect(card).toBeVisible();
  await expect(developerCard(visitor, 'lena')).toHaveCount(0);
  // No payout account, no badge.
  await expect(card.getByText('Payouts set up')).toHaveCount(0);
  await expect(card.getByText('Developer', { exact: true })).toBeVisible();
  await expect(card.getByText(bio)).toBeVisible();
  await expect(card.getByText('Porto, Portugal')).toBeVisible();
  await expect(card.getByText('6 years experience')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText(['TypeScript', 'Rust']);

  await card.getByRole('link', { name: 'View Profile' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/developers/${account.username}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: account.username })).toBeVisible();
  await expect(visitor.getByText(bio)).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/porto/first');
  await expect(visitor.getByText('No ratings yet')).toBeVisible();
  await expect(visitor.getByText('No reviews yet')).toBeVisible();
  await visitor.getByRole('tab', { name: 'Portfolio' }).click();
  await expect(visitor.getByText('No completed projects yet')).toBeVisible();

  // Nobody knows C#: the empty state.
  await visitor.goto('/developers');
  await visitor.getByRole('button', { name: 'Skills' }).click();
  await visitor.getByRole('menuitemcheckbox', { name: 'C#' }).click();
  await visitor.keyboard.press('Escape');
  await expect(visitor.getByText('No developers found')).toBeVisible();
  await expect(visitor.getByText('Try adjusting your filters or search criteria', { exact: true })).toBeVisible();

  await visitorContext.close();
  await context.close();
});

test('after an accepted deal both sides review, and the rating shows on the public profile', async ({ browser }) => {
  test.setTimeout(90_000);
  const owner = await registerThroughApi(browser, 'client', 'creator');
  const finisher = await registerThroughApi(browser, 'finisher', 'developer');
  const name = `Recipe planner ${Date.now().toString(36)}`;

  const project = await call<{ id: number }>(owner.request, 'POST', '/api/projects', {
    name,
    description: 'Meal planning works; the shopping list export and the sharing screens still need to be finished.',
    techStack: ['React', 'Node.js'],
    codeLink: 'https://github.com/example/recipe-planner',
  });
  const bid = await call<{ id: number }>(finisher.request, 'POST', `/api/projects/${project.id}/bids`, {
    amount: 800,
    timeline: 10,
    message: 'I have shipped two meal planners and can finish this one quickly.',
  });
  await call(owner.request, 'POST', `/api/bids/${bid.id}/accept`, {});
  // Money is held before work is delivered (issue 26).
  await payThroughSandbox(owner, bid.id);
  // Reviews open only once the work has been accepted.
  const early = await finisher.request.post(`/api/projects/${project.id}/reviews`, { data: { rating: 5 } });
  expect(early.status()).toBe(409);
  expect((await early.json()).message).toBe('Reviews open once the work has been accepted');
  await call(finisher.request, 'POST', `/api/projects/${project.id}/complete`, { deliveryMessage: 'Export and sharing are done and tested.' });
  await call(owner.request, 'POST', `/api/projects/${project.id}/accept`, { accepted: true });

  const comment = 'Finished ahead of schedule and explained every change.';
  await call(owner.request, 'POST', `/api/projects/${project.id}/reviews`, { rating: 5, comment });
  await call(finisher.request, 'POST', `/api/projects/${project.id}/reviews`, { rating: 4, comment: 'Clear brief, quick answers.' });
  const again = await owner.request.post(`/api/projects/${project.id}/reviews`, { data: { rating: 1 } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('You have already reviewed this project');

  const page = await (await browser.newContext()).newPage();
  await page.goto(`/developers/${finisher.account.username}`);
  await expect(page.getByRole('heading', { level: 1, name: finisher.account.username })).toBeVisible();
  await expect(page.getByText('5.0', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: '5.0 out of 5 stars' }).first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Average rating' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('progressbar', { name: 'Completed projects' })).toHaveAttribute('aria-valuenow', '10');
  // The acceptance rate's card (the header's record says its own 100%: the deal was on time).
  await expect(page.getByRole('tabpanel', { name: 'Overview' }).getByText('100%')).toBeVisible();
  const reviews = page.getByRole('list', { name: 'Reviews' });
  await expect(reviews.getByText(comment)).toBeVisible();
  await expect(reviews.getByText(owner.account.username)).toBeVisible();
  await expect(reviews.getByText(`Project: ${name}`)).toBeVisible();
  // The finisher's review of the client is not theirs to show.
  await expect(page.getByText('Clear brief, quick answers.')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const code = page.getByRole('link', { name: 'View Code' });
  await expect(code).toHaveAttribute('href', 'https://github.com/example/recipe-planner');
  await expect(code).toHaveAttribute('target', '_blank');

  await owner.context.close();
  await finisher.context.close();
});

test('an unknown developer shows a not-found state with a way back to the directory', async ({ page }) => {
  await page.goto('/developers/nobody-by-this-name');
  await expect(page.getByRole('heading', { name: 'Developer not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
});

test('/profile sends a visitor to /login, which goes on to /auth', async ({ page }) => {
  // /login shows its message for 300 ms, which polling can miss (and a page whose load event comes
  // late misses it whole). So the page itself records the message when it appears: a mutation
  // observer installed before any of its scripts runs, kept across the client-side moves.
  await page.addInitScript(() => {
    const record = () => {
      if (document.body?.textContent?.includes('Redirecting to authentication page...')) (window as { sawLoginMessage?: boolean }).sawLoginMessage = true;
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const atLogin = page.waitForURL(/\/login\?next=%2Fprofile$/);
  await page.goto('/profile');
  await atLogin;
  // The page asked for goes along, to return to after signing in (issue 28, item 16).
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  expect(await page.evaluate(() => (window as { sawLoginMessage?: boolean }).sawLoginMessage)).toBe(true);
});

for (const [path, ready] of [
  ['/developers', 'lena'],
  ['/developers/devon', 'Completed Projects'],
] as const) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(path === '/developers' ? developerCard(page, ready) : page.getByText(ready)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await blockingAxeViolations(page, { allRules: true })).toEqual([]);
  });
}
