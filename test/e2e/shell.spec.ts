import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { apiGet, apiPost, newApiUser, registerThroughUi, uniqueAccount } from './helpers.js';
import { blockingAxeViolations, recordErrors } from './page-checks.js';

test.describe('routing', () => {
  test('a visitor opening a protected route is sent to /auth, naming the page to return to', async ({ page }) => {
    for (const path of ['/dashboard', '/my-projects', '/messages']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(path)}$`));
      await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    }
  });

  test('/login says it is redirecting, then lands on /auth', async ({ page }) => {
    // Frozen timers hold the redirect so the message can be checked before it fires.
    await page.clock.install();
    await page.goto('/login');
    await expect(page.getByText('Redirecting to authentication page...')).toBeVisible();
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('/register opens the Register tab of /auth', async ({ page }) => {
    await page.goto('/register');
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an unknown route shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('public placeholder pages show their headings', async ({ page }) => {
    await page.goto('/developers');
    await expect(page.getByRole('heading', { name: 'Hire Developers' })).toBeVisible();
    await page.goto('/projects/1');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Project Details')).toBeVisible();
  });
});

test.describe('home page', () => {
  test('shows the hero, How It Works, featured projects and the visitor call to action', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: /Let's finish it/ });
    await expect(hero.getByRole('link', { name: 'Submit a Project' })).toHaveAttribute('href', '/submit');
    await expect(hero.getByRole('link', { name: 'Find Projects to Finish' })).toHaveAttribute('href', '/projects');

    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    for (const step of ['Submit Your Project', 'Receive Developer Bids', 'Get Your Project Shipped']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }

    await expect(page.getByRole('heading', { name: 'Featured Projects' })).toBeVisible();
    const viewProject = page.getByRole('link', { name: 'View Project' });
    await expect(viewProject.first()).toBeVisible();
    const cards = await viewProject.count();
    expect(cards).toBeGreaterThanOrEqual(1);
    expect(cards).toBeLessThanOrEqual(3);
    await expect(viewProject.first()).toHaveAttribute('href', /^\/projects\/\d+$/);
    await expect(page.getByRole('link', { name: 'View All Projects' })).toHaveAttribute('href', '/projects');

    const cta = page.getByRole('region', { name: 'Ready to cross the finish line?' });
    await expect(cta.getByRole('link', { name: 'Sign up for free', exact: true })).toHaveAttribute('href', '/register');
    await expect(cta.getByRole('link', { name: 'Browse projects', exact: true })).toHaveAttribute('href', '/projects');

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Submit a Project' })).toHaveAttribute('href', '/submit');
    await expect(footer.getByRole('link', { name: 'Browse Projects' })).toHaveAttribute('href', '/projects');
  });

  test('a signed-in submitter is invited to submit a project', async ({ page }) => {
    await registerThroughUi(page, uniqueAccount('sub'), 'Creator');
    await page.goto('/');
    const cta = page.getByRole('region', { name: 'Ready to cross the finish line?' });
    await expect(cta.getByRole('link', { name: 'Submit your project', exact: true })).toHaveAttribute('href', '/submit');
    await expect(cta.getByRole('link', { name: 'Sign up for free', exact: true })).toHaveCount(0);
  });

  test('a signed-in developer is invited to find projects to finish', async ({ page }) => {
    await registerThroughUi(page, uniqueAccount('fin'), 'Developer');
    await page.goto('/');
    const cta = page.getByRole('region', { name: 'Ready to cross the finish line?' });
    await expect(cta.getByRole('link', { name: 'Find projects to finish', exact: true })).toHaveAttribute('href', '/projects');
    await expect(cta.getByRole('link', { name: 'Submit your project', exact: true })).toHaveCount(0);
  });
});

test.describe('prerendered first view', () => {
  test('the home page is in the HTML before any script runs, and hydrates without a mismatch', async ({ browser, page }) => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const bare = await withoutScripts.newPage();
    await bare.goto('/');
    await expect(bare.getByRole('heading', { level: 1 })).toHaveText("Your project is 80% done. Let's finish it.");
    await expect(bare.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await withoutScripts.close();

    const errors = recordErrors(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'View Project' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up for free', exact: true })).toBeVisible();
    // Signed in, the call to action under the first screen differs from the prerendered visitor's.
    await registerThroughUi(page, uniqueAccount('hyd'), 'Creator');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Submit your project', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});

test.describe('server-rendered pages', () => {
  test('the browsing pages arrive with their data in the HTML, for a visitor and a signed-in user', async ({ browser, page }) => {
    const [project] = await apiGet<{ id: number; name: string }[]>(page, '/api/projects');
    const developer = await newApiUser(browser, 'ssrdev', 'developer');
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const bare = await withoutScripts.newPage();

    await bare.goto('/developers');
    await expect(bare.getByRole('heading', { level: 1, name: 'Hire Developers' })).toBeVisible();
    await expect(bare.getByRole('list', { name: 'Developers' }).getByRole('listitem').first()).toBeVisible();
    await bare.goto(`/developers/${developer.account.username}`);
    await expect(bare.getByRole('heading', { level: 1, name: developer.account.username })).toBeVisible();
    await bare.goto(`/projects/${project!.id}`);
    await expect(bare.getByText(project!.name).first()).toBeVisible();
    await expect(bare.getByRole('button', { name: 'Apply for this Project' })).toBeVisible();
    // Browse Projects is for signed-in users: a visitor's page is left to the browser, which sends them to /auth.
    await bare.goto('/projects');
    await expect(bare.getByRole('heading', { name: 'Browse Projects' })).toHaveCount(0);
    await withoutScripts.close();

    const signedInWithoutScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await developer.page.context().storageState() });
    const signedIn = await signedInWithoutScripts.newPage();
    await signedIn.goto('/projects');
    await expect(signedIn.getByRole('heading', { level: 1, name: 'Browse Projects' })).toBeVisible();
    await expect(signedIn.getByText(project!.name).first()).toBeVisible();
    await expect(signedIn.getByRole('button', { name: 'Load more' }).or(signedIn.getByRole('link', { name: 'View Details' }).first())).toBeVisible();
    // The dashboard's first screen too (issue 33), with the person's own name.
    await signedIn.goto('/dashboard');
    await expect(signedIn.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(signedIn.getByText(`Welcome back, ${developer.account.username}.`)).toBeVisible();
    await signedInWithoutScripts.close();
    await developer.page.context().close();
  });

  test('they hydrate without a mismatch and work as pages the browser rendered', async ({ browser, page }) => {
    const errors = recordErrors(page);
    const [project] = await apiGet<{ id: number; name: string }[]>(page, '/api/projects');
    await page.goto('/developers');
    await page.waitForLoadState('networkidle');
    await page.goto(`/projects/${project!.id}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Apply for this Project' }).click();
    await expect(page.getByText('You must be logged in to submit a bid')).toBeVisible();
    expect(errors).toEqual([]);

    const developer = await newApiUser(browser, 'ssrhyd', 'developer');
    const developerErrors = recordErrors(developer.page);
    await developer.page.goto('/projects');
    await developer.page.waitForLoadState('networkidle');
    // The live connection and the signed-in header came up on the server-rendered page.
    await expect(developer.page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    await developer.page.getByRole('searchbox', { name: 'Search projects' }).fill('no project is called this');
    await expect(developer.page.getByText('No projects found')).toBeVisible();
    expect(developerErrors).toEqual([]);
    await developer.page.context().close();
  });

  test('they hydrate without a mismatch when the browser reads another time than the server did', async ({ browser }) => {
    // A project posted a few seconds before the page is rendered reads 'less than a minute ago' on the
    // server and '1 minute ago' in a browser that hydrates later (a CI run met it); a browser clock
    // three days ahead makes every relative date differ, on each server-rendered page.
    const owner = await newApiUser(browser, 'ssrclk', 'creator');
    // A name of its own: a retry must not meet the first attempt's project.
    const name = `Posted just now ${Date.now().toString(36)}`;
    const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
      name,
      description: 'A project whose age reads differently on the server and in the browser.',
      techStack: ['React'],
      codeLink: 'https://github.com/example/posted-just-now',
    });
    const developer = await newApiUser(browser, 'ssrclkdev', 'developer');
    const errors = recordErrors(developer.page);
    // install with the time, not setFixedTime: the first page after setFixedTime may read the clock's
    // starting time (1970) before the fixed time reaches it.
    await developer.page.clock.install({ time: Date.now() + 3 * 86_400_000 });
    for (const path of ['/projects', `/projects/${project.id}`, '/developers', '/dashboard']) {
      await developer.page.goto(path);
      await developer.page.waitForLoadState('networkidle');
    }
    // The owner's dashboard lists the project with its age (issue 33: the dashboard is rendered on the server too).
    const ownerErrors = recordErrors(owner.page);
    await owner.page.clock.install({ time: Date.now() + 3 * 86_400_000 });
    await owner.page.goto('/dashboard');
    await owner.page.waitForLoadState('networkidle');
    await expect(owner.page.getByText(name).first()).toBeVisible();
    expect(ownerErrors).toEqual([]);
    // A page the browser renders itself (here after following a link) reads the browser's time. The
    // link is followed once the page has hydrated: before, it is a plain link that loads the server's page.
    await developer.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await developer.page.getByRole('link', { name: 'Browse Projects', exact: true }).first().click();
    await expect(developer.page.getByRole('article', { name }).getByText(/3 days ago/)).toBeVisible();
    expect(errors).toEqual([]);
    await owner.page.context().close();
    await developer.page.context().close();
  });

  test('data that looks like markup stays text in the page and in its embedded data', async ({ browser, page }) => {
    const owner = await newApiUser(browser, 'ssrxss', 'creator');
    const hostile = '</script><script>window.__injected = true</script><!-- <b>bold</b>';
    const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
      name: 'Markup in the description',
      description: `A half-built app whose owner writes ${hostile} in the description.`,
      techStack: ['React'],
      codeLink: 'https://github.com/example/markup',
    });
    const errors = recordErrors(page);
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByText(hostile, { exact: false })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(errors).toEqual([]);
    await owner.page.context().close();
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side menu carries the navigation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Developers' })).toBeVisible();
    // The home page's calls to action are a tap away on a phone too.
    await expect(menu.getByRole('link', { name: 'Browse Projects' })).toHaveAttribute('href', '/projects');
    await expect(menu.getByRole('link', { name: 'Submit a Project' })).toHaveAttribute('href', '/submit-project');
    await menu.getByRole('link', { name: 'Log in / Sign up' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/auth']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await blockingAxeViolations(page, { allRules: true })).toEqual([]);
    });
  }
});
