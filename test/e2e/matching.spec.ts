import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, newApiUser } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 30, item 6: the owner's open project page suggests finishers who list its technologies,
// ranked by the server; a finisher who bids leaves the list live; nobody else sees it.

test('the owner reads suggested finishers on the open project, one leaves the list live on bidding, and no one else sees them', async ({ browser }) => {
  test.setTimeout(120_000);
  // A technology of this run alone, so that the demo's finishers and earlier runs stay out of the list.
  const tech = `Zig${Date.now().toString(36)}`;
  const owner = await newApiUser(browser, 'match-owner', 'creator');
  const strong = await newApiUser(browser, 'match-a', 'developer');
  const other = await newApiUser(browser, 'match-b', 'developer');
  for (const finisher of [strong, other]) {
    const response = await finisher.page.request.patch(`/api/users/${finisher.id}/profile`, {
      data: { skills: [tech, 'TypeScript'] },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: `Matching ${tech}`,
    description: 'A half-built command-line tool: parsing works, the output formats and the tests still need to be written.',
    techStack: [tech, 'TypeScript'],
    codeLink: 'https://github.com/finishline-demo/matching',
  });

  const errors = recordErrors(owner.page);
  await owner.page.goto(`/projects/${project.id}`);
  const card = owner.page.getByRole('region', { name: 'Suggested finishers' });
  await expect(card).toBeVisible();
  const names = card.getByRole('link');
  // The two who list both technologies come first (a demo finisher who knows TypeScript may follow).
  await expect(card.getByRole('link', { name: other.account.username, exact: true })).toBeVisible();
  expect((await names.allTextContents()).slice(0, 2).sort()).toEqual([strong.account.username, other.account.username].sort());
  await expect(card.getByRole('list', { name: `Skills ${strong.account.username} shares with the project` }).getByRole('listitem')).toHaveText([
    tech,
    'TypeScript',
  ]);
  await expect(card.getByText('No reviews yet').first()).toBeVisible();
  await expectAccessibleAtBothWidths(owner.page, 'the suggested finishers');

  // The keyboard reaches a suggestion and opens the profile.
  const first = names.first();
  const firstName = (await first.textContent())!;
  await tabTo(owner.page, first, 80);
  await owner.page.keyboard.press('Enter');
  await expect(owner.page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await owner.page.goBack();
  await expect(card).toBeVisible();

  // A bid takes its finisher off the list, live.
  await apiPost(strong.page, `/api/projects/${project.id}/bids`, {
    amount: 800,
    timeline: 10,
    message: 'I write command-line tools for a living and can finish this one in ten days.',
  });
  await expect(card.getByRole('link', { name: strong.account.username, exact: true })).toHaveCount(0);
  await expect(names.first()).toHaveText(other.account.username);

  // The finisher who bid, and a visitor, read the project without the card.
  await strong.page.goto(`/projects/${project.id}`);
  await expect(strong.page.getByRole('heading', { name: `Matching ${tech}` })).toBeVisible();
  await expect(strong.page.getByRole('region', { name: 'Suggested finishers' })).toHaveCount(0);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/projects/${project.id}`);
  await expect(visitor.getByRole('heading', { name: `Matching ${tech}` })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Suggested finishers' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
