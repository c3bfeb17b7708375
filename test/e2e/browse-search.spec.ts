import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, newApiUser } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 30, items 1 and 2: Browse Projects ranks a text search (name above technologies above
// description), filters by technologies and a budget range, sorts, and keeps all of it in its URL,
// so a shared address opens on the same projects with the same controls.

test('a developer searches, filters and sorts projects, and the shared URL opens the same for another person', async ({ browser }) => {
  test.setTimeout(120_000);
  // A word of this run alone, so earlier runs and the demo stay out of the results.
  const word = `Wombat${Date.now().toString(36)}`;
  const owner = await newApiUser(browser, 'browse-owner', 'creator');
  const developer = await newApiUser(browser, 'browse-dev', 'developer');
  const post = (name: string, description: string, techStack: string[], budget: number) =>
    apiPost(owner.page, '/api/projects', { name, description, techStack, budget, codeLink: 'https://github.com/finishline-demo/browse' });
  await post(`${word} ledger`, 'Accounts and journals work; the reports, the exports and the audit log still need to be finished.', ['Rust'], 3000);
  await post('Stock counter', `Counts stock for a ${word} warehouse; the barcode scanning and the sync still need to be built.`, ['Go'], 800);
  await post(`${word} planner`, 'Plans the week; reminders, sharing and the calendar export still need to be finished here.', ['Elm'], 200);

  const page = developer.page;
  const errors = recordErrors(page);
  const cards = page.getByRole('article');
  const names = cards.getByRole('heading');
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Projects' })).toBeVisible();

  // The text ranks: the two name matches (newest first), then the description match. Typed from the
  // keyboard, again until the hydrated page takes it.
  const search = page.getByRole('searchbox', { name: 'Search projects' });
  await tabTo(page, search, 40);
  await expect(async () => {
    await search.fill('');
    await page.keyboard.type(word.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toLowerCase()}`), { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(names).toHaveText([`${word} planner`, `${word} ledger`, 'Stock counter']);
  await expect(cards.first().getByTestId('project-bid-count')).toHaveText('0 bids');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Best match');
  await expectAccessibleAtBothWidths(page, 'browse with a text search');

  // Two technologies (any of them), a budget floor, and the highest budget first.
  await page.getByRole('combobox', { name: 'Filter by technology' }).click();
  await page.getByRole('option', { name: 'Rust', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tech=Rust/);
  await expect(names).toHaveText([`${word} ledger`]);
  await page.getByRole('combobox', { name: 'Filter by technology' }).click();
  await page.getByRole('option', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(/tech=Rust&tech=Go/);
  await expect(names).toHaveText([`${word} ledger`, 'Stock counter']);
  await page.getByLabel('Min budget ($)').fill('500');
  await expect(page).toHaveURL(/[?&]minBudget=500/);
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Budget: low to high' }).click();
  await expect(page).toHaveURL(/[?&]sort=budget_asc/);
  await expect(names).toHaveText(['Stock counter', `${word} ledger`]);
  await expectAccessibleAtBothWidths(page, 'browse filtered and sorted');

  // The shared address: the owner sees the same projects, in the same order, with the same controls.
  const shared = page.url();
  const other = owner.page;
  const otherErrors = recordErrors(other);
  await other.goto(shared);
  await expect(other.getByRole('article').getByRole('heading')).toHaveText(['Stock counter', `${word} ledger`]);
  await expect(other.getByRole('searchbox', { name: 'Search projects' })).toHaveValue(word.toLowerCase());
  await expect(other.getByRole('button', { name: 'Remove Rust' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Remove Go' })).toBeVisible();
  await expect(other.getByLabel('Min budget ($)')).toHaveValue('500');
  await expect(other.getByRole('combobox', { name: 'Sort by' })).toHaveText('Budget: low to high');
  // The server renders that page with the same results.
  const html = await (await other.request.get(shared)).text();
  expect(html.indexOf('Stock counter')).toBeGreaterThan(-1);
  expect(html.indexOf('Stock counter')).toBeLessThan(html.indexOf(`${word} ledger`));
  expect(html).not.toContain(`${word} planner`);

  // Removing a technology from the keyboard, then a reload, keeps the rest.
  await tabTo(page, page.getByRole('button', { name: 'Remove Go' }), 40);
  await page.keyboard.press('Enter');
  await expect(names).toHaveText([`${word} ledger`]);
  await page.reload();
  await expect(names).toHaveText([`${word} ledger`]);
  await expect(page.getByLabel('Min budget ($)')).toHaveValue('500');

  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
});
