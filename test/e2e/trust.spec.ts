import { expect, type Page } from '@playwright/test';
import type { TrustRecord } from '#shared/contracts/trust.js';
// The badges as data, so the test expects what the rules say. Relative: Playwright's loader maps ./x.js to x.ts but not a #shared/* subpath.
// eslint-disable-next-line no-restricted-imports
import { badges, earnedBadges, memberSinceLabel } from '../../src/shared/domain/badges.js';
import { test } from './fixtures.js';
import { apiGet } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 30, item 7: badges come only from what Finishline records. A person's badges show on their
// profile, each with its rule as its description; every rule is written on /badges; a client has a
// public profile (/owners/{id}), linked from their name on a project. The demo data's people: lena
// (a developer with a payout account and completed deals) and maya (a client who paid several deals).
// The badges expected are those the record the page reads earns, so earlier specs' deals change nothing here.

async function recordOf(page: Page, userId: number): Promise<TrustRecord> {
  return apiGet<TrustRecord>(page, `/api/users/${userId}/record`);
}

/** The labels of the badges a record earns, in the page's order. */
const earnedLabels = (record: TrustRecord) => earnedBadges(record).map((badge) => badge.label);

/** The value of one fact in a record's facts list. */
const factOf = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

test('a developer’s profile shows their badges with each rule, and /badges writes every rule', async ({ page }) => {
  const errors = recordErrors(page);
  const lena = await apiGet<{ id: number }>(page, '/api/developers/lena');
  const record = await recordOf(page, lena.id);
  const expected = earnedBadges(record);
  // The demo developer has a payout account, a confirmed address and no lost dispute.
  expect(expected.map((badge) => badge.id)).toEqual(expect.arrayContaining(['email-verified', 'payout-verified']));

  await page.goto('/developers/lena');
  await expect(page.getByRole('heading', { level: 1, name: 'lena' })).toBeVisible();
  const list = page.getByRole('list', { name: "lena's badges" });
  await expect(list.getByRole('link')).toHaveText(earnedLabels(record));
  for (const badge of expected) await expect(list.getByRole('link', { name: badge.label })).toHaveAccessibleDescription(badge.rule);
  // The facts behind them, as a developer.
  await expect(factOf(page, 'Deals completed')).toHaveText(String(record.asFinisher.dealsCompleted));
  await expect(factOf(page, 'On-time rate')).toHaveText(record.asFinisher.onTimeRate === null ? 'No completed deal yet' : `${record.asFinisher.onTimeRate}%`);
  await expect(factOf(page, 'Disputes')).toBeVisible();
  await expect(factOf(page, 'Member since')).toHaveText(String(new Date(record.memberSince).getUTCFullYear()));

  // A pointer on a badge reads its rule in a tooltip, once the server-rendered page has hydrated.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await list.getByRole('link', { name: 'Payout verified' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(badges.find((badge) => badge.id === 'payout-verified')!.rule);
  await page.mouse.move(0, 0);
  await expectAccessibleAtBothWidths(page, 'a developer profile with badges');

  // The keyboard reaches the way to every rule.
  await tabTo(page, page.getByRole('link', { name: 'How badges work' }), 40);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/badges$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How badges work' })).toBeVisible();
  for (const badge of badges) {
    await expect(page.getByRole('heading', { level: 2, name: badge.label, exact: true })).toBeVisible();
    await expect(page.getByText(badge.rule, { exact: true })).toBeVisible();
  }
  await expectAccessibleAtBothWidths(page, '/badges');

  // A badge links its own rule.
  await page.goBack();
  await list.getByRole('link', { name: 'Payout verified' }).click();
  await expect(page).toHaveURL(/\/badges#payout-verified$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Payout verified', exact: true })).toBeInViewport();

  // The server renders the page with every rule.
  const html = await (await page.request.get('/badges')).text();
  for (const badge of badges) expect(html).toContain(badge.label);
  expect(html).toContain('How badges work</h1>');
  expect(errors).toEqual([]);
});

test('a client’s name on their project opens their public profile with their record and badges, at desktop and 320 px', async ({ page }) => {
  const errors = recordErrors(page);
  const projects = await apiGet<{ id: number; submitterId: number; submitter: { username: string } }[]>(page, '/api/projects');
  const project = projects.find((candidate) => candidate.submitter.username === 'maya');
  expect(project, 'the demo has a project of maya').toBeDefined();
  const mayaId = project!.submitterId;
  const record = await recordOf(page, mayaId);
  // The demo client paid deals; whether within the payment window is the record's to say.
  expect(record.asOwner.dealsPaid).toBeGreaterThan(0);
  expect(earnedBadges(record).map((badge) => badge.id)).toEqual(expect.arrayContaining(['email-verified']));

  // On the project: the spec's line, the name a link, the client's badges beside it.
  await page.goto(`/projects/${project!.id}`);
  await expect(page.getByText('Posted by Client · maya')).toBeVisible();
  await expect(page.getByRole('list', { name: "maya's badges" }).getByRole('link')).toHaveText(earnedLabels(record));
  await expectAccessibleAtBothWidths(page, 'a project page with its client’s badges');
  await tabTo(page, page.getByRole('link', { name: 'maya', exact: true }), 40);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/owners/${mayaId}$`));

  // The client's public profile.
  await expect(page.getByRole('heading', { level: 1, name: 'maya' })).toBeVisible();
  await expect(page.getByText('Client', { exact: true })).toBeVisible();
  await expect(page.getByText(memberSinceLabel(record))).toBeVisible();
  await expect(page.getByText(`${record.asOwner.projectsPosted} projects posted`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Badges' }).getByRole('link')).toHaveText(earnedLabels(record));
  await expect(factOf(page, 'Deals paid')).toHaveText(String(record.asOwner.dealsPaid));
  await expect(factOf(page, 'Paid on time')).toHaveText(`${record.asOwner.paidOnTimeRate}%`);
  await expect(factOf(page, 'Median review time')).toBeVisible();
  await expect(factOf(page, 'Hire rate')).toHaveText(`${record.asOwner.hireRate}%`);
  await expectAccessibleAtBothWidths(page, 'a client’s public profile');

  // Server-rendered like the other public profiles; an unknown client is said so.
  const html = await (await page.request.get(`/owners/${mayaId}`)).text();
  expect(html).toContain('Deals paid');
  expect(html).toContain('>maya</h1>');
  await page.goto('/owners/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Client not found' })).toBeVisible();

  // The home page's first featured card links its client's name to their profile. Read from the
  // page itself: specs running beside this one post projects, so the newest changes meanwhile.
  await page.goto('/');
  const ownerLink = page.getByRole('region', { name: 'Featured Projects' }).locator('a[href^="/owners/"]').first();
  await expect(ownerLink).toHaveAttribute('href', /^\/owners\/\d+$/);
  const ownerName = (await ownerLink.textContent())!.trim();
  await ownerLink.click();
  await expect(page.getByRole('heading', { level: 1, name: ownerName })).toBeVisible();
  expect(errors).toEqual([]);
});
