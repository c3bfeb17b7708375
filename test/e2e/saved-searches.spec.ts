import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, newApiUser } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 30, item 3: a developer saves the browse page's search; an owner posts a matching project;
// the developer is told at once in the app (live), and finds the search on the dashboard.

test('a developer saves a search from the browse page and is told live when a matching project is posted', async ({ browser }) => {
  test.setTimeout(120_000);
  // A word of this run alone, so earlier runs and the demo stay out of it.
  const word = `Quokka${Date.now().toString(36)}`;
  const developer = await newApiUser(browser, 'alert-dev', 'developer');
  const owner = await newApiUser(browser, 'alert-owner', 'creator');
  const page = developer.page;
  const errors = recordErrors(page);

  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Projects' })).toBeVisible();
  const saveButton = page.getByRole('button', { name: 'Save this search' });
  // Typed again until the page has hydrated and taken it (a CI run once lost a fill made before hydration).
  // Cleared first: a fill made before hydration leaves the word in the box, and React ignores an input
  // event that does not change the value it last saw there.
  await expect(async () => {
    await page.getByLabel('Search projects').fill('');
    await page.getByLabel('Search projects').fill(word);
    await expect(saveButton).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await tabTo(page, saveButton, 60);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByText(`You will hear of each new project matching "${word}".`)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the save-search dialog');
  await dialog.getByRole('radio', { name: /At once/ }).check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The owner posts a project that matches; the developer's notifications page shows it without a reload.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: `${word} tracker for wildlife parks`,
    description: 'Sightings are logged; the map view, the exports and the ranger accounts still need to be finished.',
    techStack: ['React', 'TypeScript'],
    budget: 1500,
    codeLink: 'https://github.com/finishline-demo/wildlife',
  });
  // In the page's list (a toast may say it too, for a while).
  const alert = page.getByRole('main').getByText(`"${word} tracker for wildlife parks" (budget $1,500) matches your saved search "${word}".`);
  await expect(alert).toBeVisible({ timeout: 20_000 });

  // The dashboard lists the search with its match; it opens the browse page with the same search.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Saved searches' });
  await expect(card.getByText('Emails at once · 1 match')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the saved searches on the dashboard');
  await card.getByRole('link', { name: `"${word}"` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects\\?q=${word}$`));
  await page.goto('/dashboard');
  await card.getByRole('button', { name: `Delete the saved search "${word}"` }).click();
  await expect(page.getByText('Saved search deleted', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The owner (no saved searches) never sees the button; the project exists for them.
  await owner.page.goto(`/projects/${project.id}`);
  await owner.page.goto('/projects');
  await owner.page.getByLabel('Search projects').fill(word);
  await expect(owner.page.getByRole('button', { name: 'Save this search' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
