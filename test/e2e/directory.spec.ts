import { expect, request as playwrightRequest } from '@playwright/test';
import { test } from './fixtures.js';
import { uniqueAccount } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 30, item 4: the developer directory searches (username, bio, skills), filters (skills,
// availability) and sorts on the server, pages with "Load more", and keeps all of it in its URL, so
// a shared address opens on the same developers with the same controls.

const COUNT = 23;

test('a visitor searches, filters and sorts the directory, loads the next page, and a shared URL opens the same', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // A word of this run alone, in every bio: the demo's developers and earlier runs stay out of the results.
  const word = `qz${Date.now().toString(36)}`;
  const developers: { username: string; rate: number }[] = [];
  for (let index = 0; index < COUNT; index += 1) {
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const account = uniqueAccount('dir');
    const registered = await api.post('/api/register', { data: { ...account, role: 'developer' } });
    expect(registered.ok(), await registered.text()).toBe(true);
    const { id } = (await registered.json()) as { id: number };
    // Rates 10, 15, 20 ... in an order that is neither the ids' nor its reverse.
    const rate = 10 + ((index * 7) % COUNT) * 5;
    const profile = await api.patch(`/api/users/${id}/profile`, {
      data: { bio: `Finishes ${word} tools`, hourlyRate: rate, skills: index < 3 ? ['rust'] : ['python'] },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    developers.push({ username: account.username, rate });
    await api.dispose();
  }
  const cheapest = [...developers].sort((a, b) => a.rate - b.rate);
  const cards = page.getByRole('list', { name: 'Developers' }).getByRole('article');

  const errors = recordErrors(page);
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Hire Developers' })).toBeVisible();

  // Search from the keyboard: the URL follows once typing pauses.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, search, 40);
  await page.keyboard.type(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText('No reviews yet');
  await expect(cards.first()).toContainText('0 completed projects');
  await expectAccessibleAtBothWidths(page, 'the directory with a search');

  // The next page through the Link header, from the keyboard.
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await tabTo(page, loadMore, 120);
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(COUNT);
  await expect(loadMore).toHaveCount(0);

  // Sort by hourly rate: the cheapest first, the rate on each card.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Hourly rate: low to high' }).click();
  await expect(page).toHaveURL(/[?&]sort=rate_asc/);
  await expect(cards.first().getByRole('heading')).toHaveText(cheapest[0]!.username);
  await expect(cards.first()).toContainText(`$${cheapest[0]!.rate}/hr`);

  // Availability: none of them has set up payouts.
  await page.getByRole('combobox', { name: 'Availability' }).click();
  await page.getByRole('option', { name: 'Available now' }).click();
  await expect(page).toHaveURL(/[?&]available=true/);
  await expect(page.getByText('No developers found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search criteria')).toBeVisible();
  await page.getByRole('combobox', { name: 'Availability' }).click();
  await page.getByRole('option', { name: 'Not available' }).click();
  await expect(page).toHaveURL(/[?&]available=false/);

  // Skills: the three who know Rust, cheapest first.
  await page.getByRole('button', { name: 'Skills' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Rust' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]skills=rust/);
  const rust = developers
    .slice(0, 3)
    .sort((a, b) => a.rate - b.rate)
    .map((developer) => developer.username);
  await expect(cards.getByRole('heading')).toHaveText(rust);
  await expectAccessibleAtBothWidths(page, 'the filtered and sorted directory');

  // The shared address: another visitor sees the same developers, in the same order, with the same controls.
  const shared = page.url();
  const other = await (await browser.newContext()).newPage();
  const otherErrors = recordErrors(other);
  await other.goto(shared);
  const otherCards = other.getByRole('list', { name: 'Developers' }).getByRole('article');
  await expect(otherCards.getByRole('heading')).toHaveText(rust);
  await expect(other.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
  await expect(other.getByRole('combobox', { name: 'Sort by' })).toHaveText('Hourly rate: low to high');
  await expect(other.getByRole('combobox', { name: 'Availability' })).toHaveText('Not available');
  await expect(other.getByRole('button', { name: 'Skills, 1 selected' })).toBeVisible();
  // The server renders that page with the same results.
  const html = await (await other.request.get(shared)).text();
  for (const username of rust) expect(html).toContain(username);
  expect(html).not.toContain(developers[3]!.username);
  // A reload keeps it all.
  await page.reload();
  await expect(cards.getByRole('heading')).toHaveText(rust);
  await expect(search).toHaveValue(word);

  // The keyboard opens a developer's profile from a card.
  await tabTo(page, cards.first().getByRole('link', { name: `View Profile of ${rust[0]}` }), 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/developers/${rust[0]}$`));

  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
});
