import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { blockingAxeViolations } from './page-checks.js';
import { registerThroughUi, signOutThroughAvatarMenu, uniqueAccount } from './helpers.js';

const DESCRIPTION = 'Sign-up and the main screens work; the reports, email notifications and tests are still missing.';

async function logInAs(page: Page, username: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(`${username}@demo.finishline.dev`);
  await form.getByLabel('Password').fill('finishline');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Creates a project as the signed-in user through the API (JSON), for tests about what comes after. */
async function createProject(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/projects', {
    data: { name, description: DESCRIPTION, techStack: ['React'], codeLink: 'https://github.com/example/project' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A fresh user in their own browser context, registered through the API. */
async function apiUser(browser: Browser, prefix: string, role: 'creator' | 'developer') {
  const page = await (await browser.newContext()).newPage();
  const account = uniqueAccount(prefix);
  const response = await page.request.post('/api/register', { data: { ...account, role } });
  expect(response.ok()).toBe(true);
  return page;
}

async function placeBid(page: Page, projectId: number): Promise<number> {
  const response = await page.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 700, timeline: 6, message: 'I can finish the reports, notifications and tests.' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

function toast(page: Page, title: string) {
  return page.getByText(title, { exact: true }).first();
}

test.describe('Browse Projects', () => {
  test('shows skeletons, cards, the empty state, the technology filter and Load more', async ({ page }) => {
    await registerThroughUi(page, uniqueAccount('browser'), 'Developer');
    // Hold the first list answer back so the skeletons can be seen, and ask for small pages so Link rel="next" appears.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/projects\?(?!.*cursor)/, async (route) => {
      await held;
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '3');
      await route.continue({ url: url.toString() });
    });
    // From inside the app the list loads in the browser (a visit from outside arrives rendered by the
    // server with its data, shell.spec.ts).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Browse Projects' }).click();
    await expect(page.getByRole('heading', { name: 'Browse Projects', level: 1 })).toBeVisible();
    await expect(page.getByText('Find half-finished projects that match your skills')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading projects' })).toBeVisible();
    await expect(page.getByTestId('project-card-skeleton')).toHaveCount(6);
    release();

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.first().getByRole('link', { name: 'View Details' })).toHaveAttribute('href', /^\/projects\/\d+$/);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(6);
    await page.unroute(/\/api\/projects\?(?!.*cursor)/);

    await page.getByRole('searchbox', { name: 'Search projects' }).fill('zzzz-no-such-project');
    await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter to find what you're looking for.")).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search projects' }).fill('bakery');
    await expect(page.getByRole('article', { name: 'Inventory tracker for a bakery' })).toBeVisible();
    await expect(cards).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Search projects' }).fill('');
    await page.getByRole('combobox', { name: 'Filter by technology' }).click();
    await expect(page.getByRole('option', { name: 'All Technologies' })).toBeVisible();
    await page.getByRole('option', { name: 'Flask', exact: true }).click();
    // The cleared box and the technology picked before typing paused both reach the address.
    await expect(page).toHaveURL(/\/projects\?tech=Flask$/);
    await expect(page.getByRole('searchbox', { name: 'Search projects' })).toHaveValue('');
    await expect(page.getByRole('article', { name: 'Fitness tracker API' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Recipe sharing app' })).toHaveCount(0);
    for (const card of await cards.all()) await expect(card.getByText('Flask', { exact: true })).toBeVisible();

    await page.getByRole('article', { name: 'Fitness tracker API' }).getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByRole('heading', { name: 'Fitness tracker API', level: 1 })).toBeVisible();
  });
});

test.describe('Submit Project', () => {
  test('validates with the spec messages and manages the tech stack badges', async ({ page }) => {
    await registerThroughUi(page, uniqueAccount('validator'), 'Creator');
    await page.goto('/submit-project');
    await expect(page.getByRole('heading', { name: 'Submit Your Project' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Submit Project' });
    await expect(form.getByText('PNG, JPG, GIF up to 5MB')).toBeVisible();
    await expect(form.getByLabel('Screenshot (optional)')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');

    await form.getByRole('button', { name: 'Submit Project' }).click();
    for (const message of [
      'Project name must be at least 5 characters',
      'Description must be at least 50 characters',
      'Select at least one technology',
      'Please enter a valid URL',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }

    await form.getByLabel('Tech Stack').click();
    await page.getByRole('option', { name: 'Vercel', exact: true }).click();
    await form.getByLabel('Tech Stack').click();
    await page.getByRole('option', { name: 'Docker', exact: true }).click();
    const selected = form.getByRole('list', { name: 'Selected technologies' });
    await expect(selected.getByRole('listitem')).toHaveText(['Vercel', 'Docker']);
    // A chosen technology leaves the suggestions, so it cannot be added twice.
    await form.getByLabel('Tech Stack').click();
    await expect(page.getByRole('option', { name: 'Docker', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Remove Vercel' }).click();
    await expect(selected.getByRole('listitem')).toHaveText(['Docker']);
    await expect(form.getByText('Select at least one technology')).toHaveCount(0);

    await form.getByLabel('Code Repository Link').fill('not a url');
    await form.getByRole('button', { name: 'Submit Project' }).click();
    await expect(form.getByText('Please enter a valid URL')).toBeVisible();
  });
});

test.describe('Project Controls', () => {
  test('the owner pauses, reactivates and cancels through confirm dialogs', async ({ page }) => {
    await registerThroughUi(page, uniqueAccount('controller'), 'Creator');
    const id = await createProject(page, 'Controls test project');
    await page.goto(`/projects/${id}`);
    const status = page.getByTestId('project-status');
    await expect(page.getByRole('heading', { name: 'Project Controls' })).toBeVisible();
    await expect(status).toHaveText('Open for Bids');
    await expect(page.getByRole('button', { name: 'Reactivate Project' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Pause Project' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('temporarily pause your project and hide it from new bids');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText('Open for Bids');

    await page.getByRole('button', { name: 'Pause Project' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Project paused')).toBeVisible();
    await expect(status).toHaveText('Paused');
    await expect(page.getByRole('button', { name: 'Pause Project' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Reactivate Project' }).click();
    await expect(dialog).toContainText('make it visible to developers again');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Project reactivated')).toBeVisible();
    await expect(status).toHaveText('Open for Bids');

    await page.getByRole('button', { name: 'Cancel Project' }).click();
    await expect(dialog).toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Project cancelled')).toBeVisible();
    await expect(status).toHaveText('Cancelled');
    await expect(page.getByRole('heading', { name: 'Project Controls' })).toHaveCount(0);
  });

  test('a visitor is told to log in before bidding, and sees no controls', async ({ page }) => {
    await page.goto('/projects/1');
    await expect(page.getByText('Posted by Client · maya')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Project Controls' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Apply for this Project' }).click();
    await expect(toast(page, 'You must be logged in to submit a bid')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('?tab=bids brings the bids card into view', async ({ page }) => {
    await page.goto('/projects/1?tab=bids');
    await expect(page.getByRole('heading', { name: 'Project Bids' })).toBeInViewport();
  });
});

test.describe('My Projects', () => {
  test('a submitter sees their submitted and completed tabs', async ({ page }) => {
    await registerThroughUi(page, uniqueAccount('mine'), 'Creator');
    await createProject(page, 'My first half-built app');
    await page.goto('/my-projects');
    await expect(page.getByRole('heading', { name: 'My Projects', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage your projects and bids')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit New Project' })).toHaveAttribute('href', '/submit');
    await expect(page.getByRole('tab')).toHaveText(["Projects I've Submitted", 'Completed Projects']);
    const card = page.getByRole('article', { name: 'My first half-built app' });
    await expect(card.getByText('Open for Bids')).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', /^\/projects\/\d+$/);
    await page.getByRole('tab', { name: 'Completed Projects' }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Submit a Project' })).toHaveAttribute('href', '/submit');
  });

  test('a finisher sees bids, accepted and completed projects', async ({ page, browser }) => {
    await registerThroughUi(page, uniqueAccount('newdev'), 'Developer');
    await page.goto('/my-projects');
    await expect(page.getByRole('tab')).toHaveText(['My Bids', 'Accepted Projects', 'Completed Projects']);
    await expect(page.getByRole('link', { name: 'Submit New Project' })).toHaveCount(0);
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Browse Projects' })).toHaveAttribute('href', '/projects');

    // A client accepts one of two bids from this developer.
    const client = await apiUser(browser, 'client', 'creator');
    const won = await createProject(client, 'Won project for my bids');
    const pending = await createProject(client, 'Pending project for my bids');
    const wonBid = await placeBid(page, won);
    await placeBid(page, pending);
    expect((await client.request.post(`/api/bids/${wonBid}/accept`)).ok()).toBe(true);

    await page.reload();
    const bid = page.getByRole('article', { name: 'Pending project for my bids' });
    await expect(bid.getByText('Pending', { exact: true })).toBeVisible();
    await expect(bid.getByText('$700 · 6 days')).toBeVisible();
    await expect(bid.getByRole('link', { name: 'View Project' })).toHaveAttribute('href', `/projects/${pending}`);
    await expect(page.getByRole('article', { name: 'Won project for my bids' }).getByText('Accepted', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Accepted Projects' }).click();
    await expect(page.getByRole('article', { name: 'Won project for my bids' }).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/projects/${won}`,
    );
    await expect(page.getByRole('article', { name: 'Pending project for my bids' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Completed Projects' }).click();
    await expect(page.getByText('No completed projects')).toBeVisible();
    await client.context().close();
  });
});

test.describe('Dashboard', () => {
  test('a new developer sees stats, the profile banner, paged open projects and quick applications', async ({ page }) => {
    const account = uniqueAccount('quick');
    await registerThroughUi(page, account, 'Developer');
    // A newcomer is welcomed, not welcomed back.
    await expect(page.getByText(`Welcome to Finishline, ${account.username}.`)).toBeVisible();
    await expect(page.getByText('Welcome back,')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Complete your profile' }).getByRole('link', { name: 'Set up payouts' })).toHaveAttribute(
      'href',
      '/profile?tab=skills',
    );
    await expect(page.getByRole('group', { name: 'Applications' })).toContainText('0');
    await expect(page.getByRole('group', { name: 'Projects Completed' })).toContainText('0');
    // No bids is not a 0% acceptance rate.
    await expect(page.getByRole('group', { name: 'Acceptance Rate' })).toContainText('No bids yet');
    await expect(page.getByRole('region', { name: 'Recent Projects' }).getByRole('listitem')).toHaveCount(3);

    const open = page.getByRole('region', { name: 'Open Projects' });
    const items = open.getByRole('list').first().locator(':scope > li');
    await expect(items).toHaveCount(4);
    await expect(open.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(open.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await open.getByRole('button', { name: 'Next' }).click();
    await expect(open.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await open.getByRole('button', { name: 'Previous' }).click();

    await open.getByRole('searchbox', { name: 'Search open projects' }).fill('flask');
    const fitness = open.getByRole('listitem', { name: 'Fitness tracker API' });
    await expect(items).toHaveCount(1);
    await fitness.getByRole('button', { name: 'Quick Apply' }).click();
    await fitness.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toast(page, 'Application message required')).toBeVisible();
    await expect(page.getByText("Please explain why you're a good fit for this project.")).toBeVisible();

    await fitness.getByLabel('Why are you a good fit?').fill('I have written Flask statistics endpoints and pytest suites for years.');
    await fitness.getByLabel('Your rate ($)').fill('$1,250');
    await fitness.getByLabel('Timeline (days)').fill('about 10-12 days');
    await fitness.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toast(page, 'Application submitted successfully')).toBeVisible();
    await expect(fitness).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Applications' })).toContainText('1');
    const applied = page.getByRole('region', { name: 'Applied Projects' });
    await expect(applied.getByRole('listitem', { name: 'Fitness tracker API' })).toContainText('$1,250 · 10 days');
    await applied.getByRole('link', { name: 'Fitness tracker API' }).click();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
  });

  test('a developer with history sees their acceptance rate', async ({ page }) => {
    await logInAs(page, 'lena');
    // Five bids: two completed (Weather dashboard, Bakery pre-order page), one paid (the disputed
    // Fitness class scheduler), two pending.
    await expect(page.getByRole('group', { name: 'Applications' })).toContainText('5');
    await expect(page.getByRole('group', { name: 'Projects Completed' })).toContainText('2');
    await expect(page.getByRole('group', { name: 'Acceptance Rate' })).toContainText('60%');
    await expect(page.getByRole('region', { name: 'Complete your profile' })).toHaveCount(0);
  });

  test('a creator posts from the dashboard and sees jobs with bids and total spending', async ({ page, browser }) => {
    await registerThroughUi(page, uniqueAccount('creator'), 'Creator');
    await expect(page.getByRole('group', { name: 'Total Spending' })).toContainText('$0');
    const form = page.getByRole('form', { name: 'New project' });
    await form.getByLabel('Project name').fill('Dashboard posted project');
    await form.getByRole('button', { name: 'Post Project' }).click();
    await expect(toast(page, 'Missing information')).toBeVisible();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();

    await form.getByLabel('Description').fill(DESCRIPTION);
    await form.getByLabel('Technologies').fill('Vue.js, Node.js');
    await form.getByLabel('Budget ($)').fill('$2,000 or so');
    await expect(form.getByLabel('Budget ($)')).toHaveValue('2000');
    await form.getByLabel('Timeframe').fill('3 weeks');
    // Issue 28, item 15: the repository link is required as on /submit, with no pre-filled host, and
    // a site's home page is refused before anything is sent.
    const repository = form.getByLabel('Repository URL');
    await expect(repository).toHaveValue('');
    await form.getByRole('button', { name: 'Post Project' }).click();
    await expect(toast(page, 'Missing information')).toBeVisible();
    await repository.fill('https://github.com/');
    await form.getByRole('button', { name: 'Post Project' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      "Links must point to the repository itself (https://github.com/you/your-project), not to a site's home page",
    );
    await expect(repository).toHaveAttribute('aria-invalid', 'true');
    await repository.fill('https://github.com/finishline-demo/dashboard-posted');
    await form.getByRole('button', { name: 'Post Project' }).click();
    await expect(toast(page, 'Project submitted')).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByLabel('Project name')).toHaveValue('');
    const mine = page.getByRole('region', { name: 'My Projects' });
    const posted = mine.getByRole('link', { name: 'Dashboard posted project' });
    await expect(posted).toHaveAttribute('href', /^\/projects\/\d+$/);
    const jobs = page.getByRole('region', { name: 'Jobs With Bids' });
    await expect(jobs).toContainText('None of your open projects has bids yet.');

    // Once a developer bids, the project is a job with bids; a project without bids is not.
    await createProject(page, 'Dashboard project without bids');
    const projectId = Number((await posted.getAttribute('href'))!.split('/').pop());
    const developer = await apiUser(browser, 'bidder', 'developer');
    await placeBid(developer, projectId);
    await page.reload();
    await expect(jobs.getByRole('link', { name: 'Dashboard posted project' })).toBeVisible();
    await expect(jobs.getByRole('link', { name: 'Dashboard project without bids' })).toHaveCount(0);
    await expect(mine.getByRole('link', { name: 'Dashboard project without bids' })).toBeVisible();
    await page.goto(`/projects/${projectId}`);
    await expect(page.getByText('Vue.js, Node.js')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Code' })).toHaveAttribute('href', 'https://github.com/finishline-demo/dashboard-posted');
    await developer.context().close();
  });
});

test.describe('accessibility', () => {
  test('the project pages and dashboards have no serious or critical axe violations', async ({ page }) => {
    test.setTimeout(120_000);
    const check = async (path: string, ready: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await blockingAxeViolations(page, { allRules: true }), path).toEqual([]);
    };
    await check('/projects/1', 'Recipe sharing app');
    await logInAs(page, 'maya');
    await check('/projects/1', 'Recipe sharing app');
    await check('/dashboard', 'Dashboard');
    await check('/my-projects', 'My Projects');
    await check('/submit', 'Submit Your Project');
    await signOutThroughAvatarMenu(page);
    await logInAs(page, 'devon');
    await check('/dashboard', 'Dashboard');
    await check('/projects', 'Browse Projects');
    await check('/my-projects', 'My Projects');
  });
});
