import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, newApiUser } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 30, items 5 and 6: the owner's open project page suggests finishers who list its
// technologies, ranked by the server; the owner invites them to bid from a profile or from the
// suggestions; the developer reads the invitation live; a bid answers it; nobody else sees any of it.

test('the owner reads suggested finishers, invites two to bid, the invited developer reads it live and bids, and no one else sees it', async ({ browser }) => {
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

  // The keyboard reaches a suggestion and opens the profile, where the owner invites that developer to bid.
  const first = names.first();
  const firstName = (await first.textContent())!;
  const firstDeveloper = firstName === strong.account.username ? strong : other;
  const secondDeveloper = firstDeveloper === strong ? other : strong;
  const developerErrors = recordErrors(firstDeveloper.page);
  await firstDeveloper.page.goto('/dashboard');
  await tabTo(owner.page, first, 80);
  await owner.page.keyboard.press('Enter');
  await expect(owner.page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await owner.page.getByRole('button', { name: 'Invite to bid' }).click();
  const dialog = owner.page.getByRole('dialog', { name: `Invite ${firstName} to bid` });
  await expect(dialog.getByRole('combobox', { name: 'Project' })).toHaveText(`Matching ${tech}`);
  await expectAccessibleAtBothWidths(owner.page, 'the invite-to-bid dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.page.getByText('Invitation sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The developer's dashboard shows it live, and the notification names the owner.
  const invitations = firstDeveloper.page.getByRole('region', { name: 'Invitations to bid' });
  await expect(invitations.getByRole('link', { name: `Matching ${tech}` })).toBeVisible();
  await expect(invitations.getByText('Open for your bid')).toBeVisible();
  await expect(invitations.getByText(`From ${owner.account.username}`)).toBeVisible();
  await expectAccessibleAtBothWidths(firstDeveloper.page, 'the invitations on the dashboard');

  // Back on the project: the invited developer reads as invited; the other is invited from the suggestions.
  await owner.page.goBack();
  await expect(card).toBeVisible();
  const invited = owner.page.getByRole('region', { name: 'Invited developers' });
  await expect(invited.getByRole('listitem')).toHaveText([`${firstName}Invited`]);
  await expect(card.getByText('Invited', { exact: true })).toHaveCount(1);
  await card.getByRole('button', { name: `Invite ${secondDeveloper.account.username} to bid` }).click();
  await expect(invited.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByText('Invited', { exact: true })).toHaveCount(2);
  // A second invitation to the same developer is refused by the server, not sent twice.
  const again = await owner.page.request.post(`/api/projects/${project.id}/invitations`, {
    data: { developerId: secondDeveloper.id },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(again.status()).toBe(409);

  // A bid takes its finisher off the suggestions, and the invitation reads as answered, live on both sides.
  await apiPost(firstDeveloper.page, `/api/projects/${project.id}/bids`, {
    amount: 800,
    timeline: 10,
    message: 'I write command-line tools for a living and can finish this one in ten days.',
  });
  await expect(card.getByRole('link', { name: firstName, exact: true })).toHaveCount(0);
  await expect(invited.getByRole('listitem').filter({ hasText: firstName })).toContainText('Bid placed');
  await expect(invitations.getByText('You bid')).toBeVisible();
  expect(developerErrors).toEqual([]);

  // The finisher who bid, and a visitor, read the project without the card.
  await firstDeveloper.page.goto(`/projects/${project.id}`);
  await expect(firstDeveloper.page.getByRole('heading', { name: `Matching ${tech}` })).toBeVisible();
  await expect(firstDeveloper.page.getByRole('region', { name: 'Suggested finishers' })).toHaveCount(0);
  await expect(firstDeveloper.page.getByRole('region', { name: 'Invited developers' })).toHaveCount(0);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/projects/${project.id}`);
  await expect(visitor.getByRole('heading', { name: `Matching ${tech}` })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Suggested finishers' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
