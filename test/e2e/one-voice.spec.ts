// One voice (issue 28, items 8, 10, 12, 13 and 14): a label per deal stage on every card, the
// sender's own long word wraps in the chat, notification rows and the operator queue fit at 320 px,
// and no demo page logs a console error for any demo persona.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiGet, apiPost, newApiUser, payThroughSandbox } from './helpers.js';

/** The deals maya and devon completed in the demo's year of history (src/server/db/seed-history.ts: twelve, one of them cancelled). */
const completedHistoryDeals = 11;

const narrow = { width: 320, height: 720 };
const desktop = { width: 1280, height: 900 };

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

test('a 3,000-character word wraps for its sender and its reader, at desktop and 320 px, after a reload', async ({ browser }) => {
  const owner = await newApiUser(browser, 'voiceowner', 'creator');
  const finisher = await newApiUser(browser, 'voicedev', 'developer');
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: `Own long words ${Date.now().toString(36)}`,
    description: 'A half-built app whose chat must survive a very long word its own sender pasted without spaces in it.',
    techStack: ['React'],
    codeLink: 'https://github.com/finishline-demo/own-long-words',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 300,
    timeline: 5,
    message: 'I will finish the chat and make sure long words wrap everywhere.',
  });
  const word = 'y'.repeat(3000);
  // The finisher writes it in the chat himself, then both sides read it.
  await finisher.page.goto(`/chat/${bid.id}`);
  await finisher.page.getByPlaceholder('Type your message...').fill(word);
  await finisher.page.keyboard.press('Enter');
  await expect(finisher.page.getByTestId('message-content').filter({ hasText: word.slice(0, 40) })).toBeVisible();
  for (const [who, page] of [
    ['the sender', finisher.page],
    ['the reader', owner.page],
  ] as const) {
    for (const viewport of [desktop, narrow]) {
      await page.setViewportSize(viewport);
      await page.goto(`/chat/${bid.id}`);
      await page.reload();
      const message = page.getByTestId('message-content').filter({ hasText: word.slice(0, 40) });
      await expect(message).toBeVisible();
      await expect(message).toBeInViewport();
      const box = (await message.boundingBox())!;
      expect(box.x, `${who}'s message starts on the page at ${viewport.width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${who}'s message ends inside the window at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page, `${who}'s chat at ${viewport.width} px`);
    }
  }
  await owner.page.context().close();
  await finisher.page.context().close();
});

/** Signs a demo persona in, in a browser context of its own. */
async function signInAs(browser: Browser, username: string, viewport = desktop): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto('/');
  await apiPost(page, '/api/login', { email: `${username}@demo.finishline.dev`, password: 'finishline' });
  return page;
}

/** The element's box lies inside the window, and its text is not cut (nothing hidden past its own edge). */
async function expectWhole(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = await locator.page().evaluate(() => window.innerWidth);
  expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the window (${width} px)`).toBeLessThanOrEqual(width + 0.5);
  const cut = await locator.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(cut, `${what} is not cut`).toBeLessThanOrEqual(0);
}

test('at 320 px a notification shows its whole title and its time, and the operator queue its amounts', async ({ browser }) => {
  const maya = await signInAs(browser, 'maya', narrow);
  const me = await apiGet<{ id: number }>(maya, '/api/user');
  const title = 'Payment refunded: $350.00 of $755.00 went back to you for Invoice PDF generator';
  await apiPost(maya, '/api/notifications', {
    title,
    content: 'The operator settled the dispute over Invoice PDF generator: $405.00 released to devon, $350.00 refunded to you.',
    type: 'project',
    userId: me.id,
    relatedId: 1,
    isRead: false,
  });
  for (const viewport of [narrow, desktop]) {
    await maya.setViewportSize(viewport);
    await maya.goto('/notifications');
    const row = maya.getByRole('listitem').filter({ hasText: title });
    await expectWhole(row.getByTestId('notification-title'), `the title at ${viewport.width} px`);
    await expectWhole(row.getByTestId('notification-time'), `the time at ${viewport.width} px`);
    await expect(row.getByTestId('notification-time')).toHaveText(/ago|now/);
    await expectNoSidewaysScroll(maya, `/notifications at ${viewport.width} px`);
  }

  const ops = await signInAs(browser, 'ops', narrow);
  const { disputes } = await apiGet<{ disputes: { id: number; projectName: string }[] }>(ops, '/api/operator/disputes');
  expect(disputes.length, 'the demo has a dispute waiting for the operator').toBeGreaterThan(0);
  for (const viewport of [narrow, desktop]) {
    await ops.setViewportSize(viewport);
    await ops.goto('/operator/disputes');
    for (const dispute of disputes) {
      const link = ops.getByRole('link', { name: dispute.projectName });
      await expectWhole(link, `${dispute.projectName} at ${viewport.width} px`);
      const row = ops.locator('tr').filter({ has: link });
      for (const column of ['Disputed', 'Client offers', 'Developer asks']) {
        const cell =
          viewport === narrow
            ? row.locator(`td[data-label="${column}"]`)
            : row.locator('td').nth(['Disputed', 'Client offers', 'Developer asks'].indexOf(column) + 3);
        await expectWhole(cell, `${column} of ${dispute.projectName} at ${viewport.width} px`);
        // Stacked, each cell names its column before its amount.
        if (viewport === narrow) expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe(`"${column}"`);
      }
    }
    await expectNoSidewaysScroll(ops, `/operator/disputes at ${viewport.width} px`);
  }
  await maya.context().close();
  await ops.context().close();
});

const personas = ['maya', 'jonas', 'priya', 'devon', 'sam', 'lena', 'ops'] as const;

/** Every console error, page error and refused API request of a page, with the address it happened on. */
function recordProblems(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) problems.push(`${page.url()}: ${response.status()} ${response.url()}`);
  });
  return problems;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Visits every path in three tabs of the page's browser context at once; answers what they recorded. */
async function visitAll(page: Page, paths: readonly string[]): Promise<string[]> {
  const tabs = [page, await page.context().newPage(), await page.context().newPage()];
  const recorded = tabs.map(recordProblems);
  await Promise.all(
    tabs.map(async (tab, index) => {
      for (const path of paths.filter((_, n) => n % tabs.length === index)) await visit(tab, path);
    }),
  );
  return recorded.flat();
}

test('every demo page, as each demo persona and a visitor, logs no console error and asks nothing it may not read', async ({ browser }) => {
  test.setTimeout(360_000);
  const pages = new Map<string, Page>();
  for (const persona of personas) pages.set(persona, await signInAs(browser, persona));
  // Every demo project (from its owners' lists) and every dispute (from the operator's queue).
  const projects = new Map<number, { id: number; name: string; submitterId: number; finisherId: number | null }>();
  const ids = new Map<string, number>();
  for (const persona of personas) {
    const me = await apiGet<{ id: number }>(pages.get(persona)!, '/api/user');
    ids.set(persona, me.id);
    for (const project of await apiGet<{ id: number; name: string; submitterId: number; finisherId: number | null }[]>(
      pages.get(persona)!,
      `/api/users/${me.id}/projects`,
    ))
      projects.set(project.id, project);
  }
  const disputes: { id: number; projectId: number }[] = [];
  for (const status of ['negotiating', 'with_operator', 'settled']) {
    disputes.push(...(await apiGet<{ disputes: { id: number; projectId: number }[] }>(pages.get('ops')!, `/api/operator/disputes?status=${status}`)).disputes);
  }
  expect(projects.size, 'the demo projects').toBeGreaterThanOrEqual(15);
  expect(disputes.length, 'the demo disputes').toBeGreaterThanOrEqual(2);

  const problems: string[] = [];
  const visitor = await (await browser.newContext({ viewport: desktop })).newPage();
  const visitorPaths = ['/', '/developers', '/developers/lena', '/developers/devon', ...[...projects.keys()].map((id) => `/projects/${id}`)];
  problems.push(...(await visitAll(visitor, visitorPaths)).map((problem) => `visitor: ${problem}`));

  for (const persona of personas) {
    const page = pages.get(persona)!;
    const id = ids.get(persona)!;
    const own = (project: { submitterId: number; finisherId: number | null }) => project.submitterId === id || project.finisherId === id;
    // Each persona's own pages and own deals; the operator reads every project as someone outside its
    // deal (the visitor above reads them without a session), and one client and one developer the
    // browsing pages: the same page for another persona asks the same questions.
    const paths = [
      '/dashboard',
      '/my-projects',
      '/profile',
      '/messages',
      '/notifications',
      ...(persona === 'maya' || persona === 'devon' ? ['/', '/projects', '/developers'] : []),
      ...[...projects.values()].filter((project) => persona === 'ops' || own(project)).map((project) => `/projects/${project.id}`),
      // A dispute page is linked for its two parties and the operator.
      // Only the demo's disputes: the tests before this one opened disputes of their own projects.
      ...disputes
        .filter((d) => {
          const project = projects.get(d.projectId);
          return project !== undefined && (persona === 'ops' || own(project));
        })
        .map((d) => `/disputes/${d.id}`),
      ...(persona === 'ops' ? ['/operator/disputes', '/operator/disputes?status=settled'] : []),
    ];
    problems.push(...(await visitAll(page, paths)).map((problem) => `${persona}: ${problem}`));
  }
  expect(problems).toEqual([]);
  for (const page of [visitor, ...pages.values()]) await page.context().close();
});

/** The status badge of the card (an article) or list row named `name`. */
const badgeOf = (page: Page, role: 'article' | 'listitem', name: string) => page.getByRole(role, { name, exact: true }).getByTestId('status-badge');

test('each deal stage has its own label on every card, for the owner and the finisher, at desktop and 320 px', async ({ browser }) => {
  test.setTimeout(180_000);
  // A deal paid, cancelled by its owner and agreed to by the finisher: fully refunded. Its bid stays 'paid'.
  const owner = await newApiUser(browser, 'labelowner', 'creator');
  const finisher = await newApiUser(browser, 'labeldev', 'developer');
  const name = `Refunded labels ${Date.now().toString(36)}`;
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name,
    description: 'A half-built booking tool whose deal is cancelled and refunded, so that every card names it the same way.',
    techStack: ['React'],
    codeLink: 'https://github.com/finishline-demo/refunded-labels',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 500,
    timeline: 7,
    message: 'I will finish the bookings and the reminders within a week.',
  });
  await apiPost(owner.page, `/api/bids/${bid.id}/accept`);
  await payThroughSandbox(owner.page, bid.id);
  const cancel = await owner.page.request.patch(`/api/projects/${project.id}/status`, {
    data: { status: 'cancelled' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(cancel.status()).toBe(200);
  await apiPost(finisher.page, `/api/projects/${project.id}/cancellation/agree`);
  const own = await apiGet<{ id: number; status: string }[]>(finisher.page, `/api/users/${finisher.id}/bids`);
  expect(own.find((b) => b.id === bid.id)?.status, 'the bid itself stays paid').toBe('paid');

  for (const viewport of [desktop, narrow]) {
    for (const [who, page] of [
      ['the owner', owner.page],
      ['the finisher', finisher.page],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByTestId('project-status'), `${who}'s project page at ${viewport.width} px`).toHaveText('Cancelled');
      await expect(page.getByRole('listitem', { name: /^Bid from / }).getByTestId('status-badge')).toHaveText('Cancelled');
      await page.goto('/my-projects');
      await expect(badgeOf(page, 'article', name), `${who}'s My Projects card at ${viewport.width} px`).toHaveText('Cancelled');
      await expectNoSidewaysScroll(page, `${who}'s My Projects at ${viewport.width} px`);
      await page.goto('/dashboard');
      const row = page.getByRole('listitem', { name, exact: true });
      await expect(row.getByTestId('status-badge'), `${who}'s dashboard at ${viewport.width} px`).toHaveText('Cancelled');
      await expect(page.getByText('Paid', { exact: true })).toHaveCount(0);
    }
  }
  await owner.page.context().close();
  await finisher.page.context().close();

  // The demo's deals, each at its own stage: maya owns them, devon and lena finish them.
  const maya = await signInAs(browser, 'maya');
  const devon = await signInAs(browser, 'devon');
  const lena = await signInAs(browser, 'lena');
  const visitor = await (await browser.newContext({ viewport: desktop })).newPage();
  const owned = {
    'Weather dashboard': 'Completed',
    'Yoga studio booking calendar': 'Awaiting Review',
    'Invoice PDF generator': 'In Dispute: Negotiating',
    'Newsletter signup widget': 'Cancellation Requested',
    'Habit tracker PWA': 'Awaiting Payment',
    'Recipe sharing app': 'Open for Bids',
  };
  for (const viewport of [desktop, narrow]) {
    await maya.setViewportSize(viewport);
    await maya.goto('/my-projects');
    for (const [project, label] of Object.entries(owned)) {
      await expect(badgeOf(maya, 'article', project), `maya's ${project} at ${viewport.width} px`).toHaveText(label);
    }
    // Completed Projects holds the completed deals only (Weather dashboard and the year with devon), not the one awaiting review or in dispute.
    await maya.getByRole('tab', { name: 'Completed Projects' }).click();
    await expect(maya.getByRole('article')).toHaveCount(1 + completedHistoryDeals);
    await expect(badgeOf(maya, 'article', 'Weather dashboard')).toHaveText('Completed');
    await expectNoSidewaysScroll(maya, `maya's My Projects at ${viewport.width} px`);

    await devon.setViewportSize(viewport);
    await devon.goto('/my-projects');
    await expect(badgeOf(devon, 'article', 'Yoga studio booking calendar')).toHaveText('Awaiting Review');
    await expect(badgeOf(devon, 'article', 'Newsletter signup widget')).toHaveText('Cancellation Requested');
    await expect(badgeOf(devon, 'article', 'Recipe sharing app')).toHaveText('Pending');
    await expect(badgeOf(devon, 'article', 'Invoice PDF generator')).toHaveText('In Dispute: Negotiating');

    await lena.setViewportSize(viewport);
    await lena.goto('/my-projects');
    await expect(badgeOf(lena, 'article', 'Fitness class scheduler')).toHaveText('In Dispute: Awaiting Ruling');
    await expect(badgeOf(lena, 'article', 'Weather dashboard')).toHaveText('Completed');
  }
  // Someone outside the deal reads the public status: delivered work awaits review; accepted work is completed.
  const me = await apiGet<{ id: number }>(maya, '/api/user');
  const mine = await apiGet<{ id: number; name: string }[]>(maya, `/api/users/${me.id}/projects`);
  const idOf = (projectName: string) => mine.find((p) => p.name === projectName)!.id;
  await visitor.goto(`/projects/${idOf('Yoga studio booking calendar')}`);
  await expect(visitor.getByTestId('project-status')).toHaveText('Awaiting Review');
  await visitor.goto(`/projects/${idOf('Weather dashboard')}`);
  await expect(visitor.getByTestId('project-status')).toHaveText('Completed');
  for (const page of [maya, devon, lena, visitor]) await page.context().close();
});
