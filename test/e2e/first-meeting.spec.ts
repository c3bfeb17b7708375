// Every screen as a person meets it (issue 16): no page scrolls sideways at 320 px, long words wrap,
// one toast at a time, uploads refused before they are sent, any technology can be named, titles
// per page, no console error for a visitor, confirmations that name the consequence, and live
// news that refreshes the screens it changes.
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { paidDeliveredDeal } from './deal-setup.js';
import { apiGet, apiPost, newApiUser, registerThroughUi, uniqueAccount } from './helpers.js';

const DEMO_PASSWORD = 'finishline';

async function signInAs(browser: Browser, username: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await page.goto('/');
  await apiPost(page, '/api/login', { email: `${username}@demo.finishline.dev`, password: DEMO_PASSWORD });
  return page;
}

/** Fails with the page's widths when anything makes it wider than the window. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    window: window.innerWidth,
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.document, `${where} is ${widths.document} px wide at ${widths.window} px`).toBeLessThanOrEqual(widths.window);
  expect(widths.body, `${where}'s body is ${widths.body} px wide at ${widths.window} px`).toBeLessThanOrEqual(widths.window);
}

/** Opens a page and waits for its heading and its data before measuring it. */
async function visitAndMeasure(page: Page, path: string) {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, path);
}

const narrow = { width: 320, height: 720 };

test('no page scrolls sideways at 320 px, for a visitor, an owner, a finisher and the operator', async ({ browser }) => {
  test.setTimeout(240_000);
  const visitor = await (await browser.newContext({ viewport: narrow })).newPage();
  const maya = await signInAs(browser, 'maya', narrow);
  const lena = await signInAs(browser, 'lena', narrow);
  const ops = await signInAs(browser, 'ops', narrow);

  const me = await apiGet<{ id: number }>(maya, '/api/user');
  const mine = await apiGet<{ id: number; name: string; status: string }[]>(maya, `/api/users/${me.id}/projects`);
  const withBids = mine.find((project) => project.status === 'open' || project.status === 'active')!;
  const detail = await apiGet<{ bids: { id: number; status: string }[] }>(maya, `/api/projects/${withBids.id}`);
  const { disputes: queue } = await apiGet<{ disputes: { id: number }[] }>(ops, '/api/operator/disputes');
  const invoice = mine.find((project) => project.name === 'Invoice PDF generator')!;
  const invoiceDeal = await apiGet<{ dispute: { id: number } | null }>(maya, `/api/projects/${invoice.id}/deal`);

  for (const path of ['/', '/auth', '/auth?tab=register', '/forgot-password', '/developers', '/developers/lena', `/projects/${withBids.id}`, '/no-such-page']) {
    await visitAndMeasure(visitor, path);
  }
  for (const path of [
    '/dashboard',
    '/dashboard?tab=messages',
    '/projects',
    `/projects/${withBids.id}`,
    `/projects/${invoice.id}`,
    '/submit-project',
    '/my-projects',
    '/profile',
    '/profile?tab=security',
    '/messages',
    '/notifications',
    '/test-notifications',
    ...(detail.bids[0] ? [`/chat/${detail.bids[0].id}`] : []),
    ...(invoiceDeal.dispute ? [`/disputes/${invoiceDeal.dispute.id}`] : []),
  ]) {
    await visitAndMeasure(maya, path);
  }
  for (const path of ['/dashboard', '/my-projects', '/profile', '/profile?tab=skills', '/developers/lena']) await visitAndMeasure(lena, path);
  await visitAndMeasure(ops, '/operator/disputes');
  if (queue[0]) await visitAndMeasure(ops, `/disputes/${queue[0].id}`);

  // The menu and the tabs of My Projects fit too.
  await maya.goto('/my-projects');
  await maya.getByRole('tab').last().click();
  await expectNoSidewaysScroll(maya, '/my-projects with its last tab chosen');
  for (const page of [visitor, maya, lena, ops]) await page.context().close();
});

test('a 5,000-character word wraps in the chat, also after a reload, at desktop and at 320 px', async ({ browser }) => {
  const owner = await newApiUser(browser, 'wrapowner', 'creator');
  const finisher = await newApiUser(browser, 'wrapdev', 'developer');
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: `Long words ${Date.now().toString(36)}`,
    description: 'A half-built app whose chat must survive a very long word pasted by someone without spaces in it.',
    techStack: ['React'],
    codeLink: 'https://github.com/finishline-demo/long-words',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 300,
    timeline: 5,
    message: 'I will finish it; here is a word with no end: ' + 'w'.repeat(400),
  });
  const word = 'x'.repeat(5000);
  await apiPost(finisher.page, `/api/bids/${bid.id}/messages`, { content: word });
  for (const viewport of [{ width: 1366, height: 900 }, narrow]) {
    await owner.page.setViewportSize(viewport);
    await owner.page.goto(`/chat/${bid.id}`);
    const message = owner.page.getByText(word);
    await expect(message).toBeVisible();
    await owner.page.reload();
    await expect(message).toBeVisible();
    await expectNoSidewaysScroll(owner.page, `the chat at ${viewport.width} px`);
    // The proposal on the project page wraps as well.
    await owner.page.goto(`/projects/${project.id}`);
    await expect(owner.page.getByText('w'.repeat(400))).toBeVisible();
    await expectNoSidewaysScroll(owner.page, `the project page at ${viewport.width} px`);
  }
  await owner.page.context().close();
  await finisher.page.context().close();
});

test('one toast at a time: a failed login leaves with its form, and a message in the open chat raises none', async ({ browser, page }) => {
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill('nobody@e2e.finishline.dev');
  await login.getByLabel('Password').fill('wrong-password');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toHaveCount(0);

  // A wrong current password, then the right one: only the answer to the last attempt shows.
  const account = uniqueAccount('toasts');
  await registerThroughUi(page, account, 'Creator');
  await page.goto('/profile?tab=security');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('another-secret');
  await form.getByLabel('Confirm new password').fill('another-secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Password not changed' })).toBeVisible();
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password', { exact: true }).fill('another-secret');
  await form.getByLabel('Confirm new password').fill('another-secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Password changed' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Password not changed' })).toHaveCount(0);

  // The owner reads a chat while the finisher writes in it: the message shows, no toast covers it.
  const owner = await newApiUser(browser, 'chatowner', 'creator');
  const finisher = await newApiUser(browser, 'chatdev', 'developer');
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: `Quiet chat ${Date.now().toString(36)}`,
    description: 'A half-built booking app: the calendar works; the reminders and the payments still need to be finished.',
    techStack: ['React'],
    codeLink: 'https://github.com/finishline-demo/quiet-chat',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 400,
    timeline: 7,
    message: 'I will finish the reminders and payments.',
  });
  await owner.page.goto(`/chat/${bid.id}`);
  await expect(owner.page.getByRole('heading', { name: 'Project Chat' })).toBeVisible();
  await owner.page.waitForLoadState('networkidle');
  // Counts every toast that appears, so one that flashes and is dismissed at once is caught too.
  await owner.page.evaluate(() => {
    const counter = window as unknown as { toastsSeen: number };
    counter.toastsSeen = 0;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (node instanceof Element && (node.matches('[data-sonner-toast]') || node.querySelector('[data-sonner-toast]'))) counter.toastsSeen += 1;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await apiPost(finisher.page, `/api/bids/${bid.id}/messages`, { content: 'Reminders are done; payments next.' });
  await expect(owner.page.getByText('Reminders are done; payments next.')).toBeVisible();
  expect(await owner.page.evaluate(() => (window as unknown as { toastsSeen: number }).toastsSeen)).toBe(0);
  await expect(owner.page.locator('[data-sonner-toast]').filter({ hasText: 'New Message' })).toHaveCount(0);
  // Elsewhere in the app (reached in the page, so the live connection stays open) the same news does raise its toast.
  await owner.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await apiPost(finisher.page, `/api/bids/${bid.id}/messages`, { content: 'Payments are done too.' });
  await expect(owner.page.locator('[data-sonner-toast]').filter({ hasText: /New Message|New message from/ })).toBeVisible();
  await owner.page.context().close();
  await finisher.page.context().close();
});

test('an avatar that is too big or not an image is refused in the browser, before anything is sent', async ({ page }) => {
  await registerThroughUi(page, uniqueAccount('avatar'), 'Developer');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit Profile' });
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/profile')) uploads.push(request.url());
  });
  await form.getByLabel('Avatar').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(form.getByText('Use a PNG, JPEG or GIF image')).toBeVisible();
  await form.getByLabel('Avatar').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_881, 1) });
  await expect(form.getByText('The image must be 5 MB or smaller')).toBeVisible();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('The image must be 5 MB or smaller')).toBeVisible();
  expect(uploads).toEqual([]);
});

test('a project takes any technology the owner types: Rust stays Rust, Go and Kotlin too', async ({ page }) => {
  await registerThroughUi(page, uniqueAccount('rust'), 'Creator');
  await page.goto('/submit-project');
  const form = page.getByRole('form', { name: 'Submit Project' });
  const name = `Rust service ${Date.now().toString(36)}`;
  await form.getByLabel('Project Name').fill(name);
  await form.getByLabel('Description').fill('A half-built Rust service: the API works, the queue consumer and the metrics still need to be finished.');
  const tech = form.getByLabel('Tech Stack');
  await tech.fill('Rust');
  await expect(page.getByRole('option', { name: 'Rust', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Ruby on Rails' })).toHaveCount(0);
  await tech.press('Enter');
  for (const typed of ['Go', 'kotlin', 'Actix Web', 'rust']) {
    await tech.fill(typed);
    await tech.press('Enter');
  }
  const selected = form.getByRole('list', { name: 'Selected technologies' });
  await expect(selected.getByRole('listitem')).toHaveText(['Rust', 'Go', 'kotlin', 'Actix Web']);
  await form.getByLabel('Code Repository Link').fill('https://github.com/finishline-demo/rust-service');
  await form.getByRole('button', { name: 'Submit Project' }).click();
  await expect(page).toHaveURL(/\/my-projects$/);
  const project = page.getByRole('article', { name });
  await expect(project).toBeVisible();
});

test('a visitor meets titled pages, one 404 and no console error', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveTitle('Finishline: finish your half-built software');
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Hire Developers' })).toBeVisible();
  await expect(page).toHaveTitle('Hire Developers - Finishline');
  await page.goto('/auth');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('404')).toHaveCount(1);
  await expect(page).toHaveTitle('404 Page Not Found - Finishline');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);

  // The server-rendered pages carry their own title before any script runs.
  const html = await (await request.get('/developers')).text();
  expect(html).toContain('<title>Hire Developers - Finishline</title>');
  const lena = await (await request.get('/developers/lena')).text();
  expect(lena).toContain('<title>lena - Finishline</title>');
});

test('Accept Work names the money it releases; a live bid updates the owner’s dashboard', async ({ browser }) => {
  const deal = await paidDeliveredDeal(browser, { owner: 'acceptowner', finisher: 'acceptdev', project: 'Accept names the money' });
  await deal.owner.page.goto(deal.url);
  await expect(deal.owner.page).toHaveTitle(`${deal.name} - Finishline`);
  await deal.owner.page.getByRole('button', { name: 'Accept Work' }).click();
  const dialog = deal.owner.page.getByRole('alertdialog', { name: 'Accept this work?' });
  await expect(dialog).toContainText('$900 is released to the developer');
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Accept Work' }).click();
  await expect(deal.owner.page.getByRole('button', { name: 'Cancel Project' })).toHaveCount(0);

  // The owner watches the dashboard while a finisher bids on their open project.
  const open = await apiPost<{ id: number; name: string }>(deal.owner.page, '/api/projects', {
    name: `Live count ${Date.now().toString(36)}`,
    description: 'A half-built dashboard whose bid counts must move while the owner watches, without a reload.',
    techStack: ['Vue.js'],
    codeLink: 'https://github.com/finishline-demo/live-count',
  });
  await deal.owner.page.goto('/dashboard');
  await expect(deal.owner.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await deal.owner.page.waitForLoadState('networkidle');
  // The new project's own card: the delivered deal's project has one bid too.
  const card = deal.owner.page.getByRole('listitem', { name: open.name }).first();
  await expect(card).toContainText('0 bids · Posted');
  await apiPost(deal.finisher.page, `/api/projects/${open.id}/bids`, { amount: 250, timeline: 3, message: 'I can finish the live counts this week.' });
  await expect(card).toContainText('1 bid · Posted');
  await deal.owner.page.context().close();
  await deal.finisher.page.context().close();
});
