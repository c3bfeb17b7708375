import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiGet, newApiUser } from './helpers.js';
import { paidDeliveredDeal } from './deal-setup.js';
import { expectAccessibleAtBothWidths, isFocused, tabTo } from './page-checks.js';

// Issue 14, the client side of the deal clock: the clock's sentence and date on the project page, the
// revision's reason, the history, and the finisher's answer to a cancellation request, each checked
// with the keyboard and axe at desktop width and at 320 px.

type User = Awaited<ReturnType<typeof newApiUser>>;

interface Deal {
  status: string;
  nextStep: { action: string; actor: string; dueAt: string | null; description: string } | null;
  reviewDueAt: string | null;
  history: { kind: string; by: string; message?: string }[];
  cancellation: {
    outcome: string;
    respondBy: string | null;
    objectionRespondBy: string | null;
    refundCents: number;
    description: string;
    objection: string | null;
  } | null;
}

test.describe.configure({ timeout: 180_000 });

/** How many presses of Tab may reach a control on these pages. */
const LIMIT = 80;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const clock = (page: Page) => page.getByRole('region', { name: 'Deal clock' });
const history = (page: Page) => page.getByRole('region', { name: 'Deal history' });
const cancellationRegion = (page: Page, name: 'Cancellation request' | 'Objection to the cancellation') => page.getByRole('region', { name });
const deal = (page: Page, projectId: number) => apiGet<Deal>(page, `/api/projects/${projectId}/deal`);

/** 'Mon 30 Nov 2026, 14:05 UTC', as the page writes a date. */
function shownDate(iso: string): string {
  const date = new Date(iso);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()]!;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][date.getUTCMonth()]!;
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${weekday} ${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${time} UTC`;
}

const paidDeal = (browser: Browser) => paidDeliveredDeal(browser, { owner: 'clockowner', finisher: 'clockdev', project: 'Deal clock' });

/** The owner cancels the paid, delivered project from Project Controls; the finisher is asked. */
async function cancelThroughControls(owner: User, url: string) {
  await owner.page.goto(url);
  await owner.page.getByRole('button', { name: 'Cancel Project' }).click();
  const confirm = owner.page.getByRole('alertdialog', { name: 'Cancel this project?' });
  // Issue 28, item 5: the dialog says how much goes back and that the finisher must agree (the deal answer's words).
  await expect(confirm).toContainText(
    new RegExp(`The \\$1,000 held goes back to you only if clockdev_\\w+ agrees, or does not answer by \\d+ \\w{3}\\. clockdev_\\w+ may object instead`),
  );
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(owner.page, 'Project cancelled')).toBeVisible();
  const request = cancellationRegion(owner.page, 'Cancellation request');
  await expect(request.getByText(/Waiting for clockdev_\w+ to answer by/)).toBeVisible();
  await expect(request.getByRole('button', { name: 'Agree to cancel' })).toHaveCount(0);
}

test('the owner sees the clock sentence and its date after a delivery, and both parties see the history', async ({ browser }) => {
  const { owner, finisher, projectId, url } = await paidDeal(browser);
  const { nextStep, reviewDueAt } = await deal(owner.page, projectId);
  expect(nextStep).toMatchObject({ action: 'review_delivery', actor: 'owner' });
  expect(nextStep!.description).toMatch(
    new RegExp(
      `^${owner.account.username} has until \\d+ \\w{3} to review the delivery; after that it is accepted and \\$900 is released to ${finisher.account.username}\\.$`,
    ),
  );

  await owner.page.goto(url);
  await expect(clock(owner.page).getByText(nextStep!.description, { exact: true })).toBeVisible();
  await expect(clock(owner.page).getByTestId('deal-next-actor')).toHaveText('You');
  const due = clock(owner.page).locator('time');
  await expect(due).toHaveAttribute('datetime', reviewDueAt!);
  await expect(due).toHaveText(shownDate(reviewDueAt!));
  const entries = history(owner.page).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAccessibleName('Payment received and held');
  await expect(entries.nth(1)).toHaveAccessibleName('Work delivered');
  await expect(entries.nth(1).getByText(`by ${finisher.account.username}`)).toBeVisible();
  await expect(entries.nth(1).getByText('The CSV export and the reminders are done; see the README.')).toBeVisible();
  await expectAccessibleAtBothWidths(owner.page, 'the clock of a delivery under review, as the owner');

  // The finisher reads the same sentence, with the owner named as the one who acts.
  await finisher.page.goto(url);
  await expect(clock(finisher.page).getByText(nextStep!.description, { exact: true })).toBeVisible();
  await expect(clock(finisher.page).getByTestId('deal-next-actor')).toHaveText(`${owner.account.username} (client)`);
  await expect(history(finisher.page).getByRole('listitem')).toHaveCount(2);

  // Anyone else sees neither the clock nor the history.
  const stranger = await newApiUser(browser, 'clockstranger', 'developer');
  await stranger.page.goto(url);
  await expect(stranger.page.getByText('Project Bids', { exact: true })).toBeVisible();
  await expect(clock(stranger.page)).toHaveCount(0);
  await expect(history(stranger.page)).toHaveCount(0);
});

test('the owner requests a revision with a reason; the finisher reads it beside the delivery panel and in the history', async ({ browser }) => {
  const { owner, finisher, projectId, url } = await paidDeal(browser);
  const reason = 'The CSV export leaves out the tax column; please add it and a test for it.';

  await owner.page.goto(url);
  await owner.page.getByRole('button', { name: 'Request Revision' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Request a revision' });
  await expect(dialog.getByText(/freelancer will be notified/)).toBeVisible();
  // A reason is required: too short is refused at the field, before anything is sent.
  await dialog.getByLabel('Reason for the revision').fill('   too short   ');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Please give a reason for the revision of at least 10 characters')).toBeVisible();
  await expect(dialog.getByLabel('Reason for the revision')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Reason for the revision').fill(reason);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(toast(owner.page, 'Revision requested')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The clock moves on without a reload: the finisher is revising.
  await expect(clock(owner.page).getByTestId('deal-next-step')).toHaveText(
    `${finisher.account.username} is revising the work for ${owner.account.username}; the next delivery starts a new review window.`,
  );
  await expect(history(owner.page).getByRole('listitem').last()).toHaveAccessibleName('Sent back for a revision');
  expect((await deal(owner.page, projectId)).history.at(-1)).toMatchObject({ kind: 'revision_request', by: 'owner', message: reason });

  await finisher.page.goto(url);
  const callout = finisher.page.getByRole('region', { name: 'Changes requested' });
  await expect(callout.getByText(reason)).toBeVisible();
  await expect(callout.getByText(`${owner.account.username} asked for changes on`)).toBeVisible();
  await expect(finisher.page.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();
  await expect(clock(finisher.page).getByTestId('deal-next-actor')).toHaveText('You');
  const last = history(finisher.page).getByRole('listitem').last();
  await expect(last).toHaveAccessibleName('Sent back for a revision');
  await expect(last.getByText(`by ${owner.account.username}`)).toBeVisible();
  await expect(last.getByText(reason)).toBeVisible();
  await expectAccessibleAtBothWidths(finisher.page, 'the revision callout and the history, as the finisher');
});

test('the finisher agrees to the cancellation of a paid, delivered project with the keyboard; the owner sees it live', async ({ browser }) => {
  const { owner, finisher, projectId, url } = await paidDeal(browser);
  await cancelThroughControls(owner, url);
  const open = await deal(finisher.page, projectId);
  expect(open.cancellation).toMatchObject({ outcome: 'open', refundCents: 100000 });

  const page = finisher.page;
  await page.goto(url);
  const request = cancellationRegion(page, 'Cancellation request');
  await expect(request.getByText(open.cancellation!.description)).toBeVisible();
  await expect(request.locator('time')).toHaveAttribute('datetime', open.cancellation!.respondBy!);
  await expect(request.locator('time')).toHaveText(shownDate(open.cancellation!.respondBy!));
  await expect(clock(page).getByTestId('deal-next-actor')).toHaveText('You');
  await expectAccessibleAtBothWidths(page, 'an open cancellation request, as the finisher');

  const agree = request.getByRole('button', { name: 'Agree to cancel' });
  await tabTo(page, agree, LIMIT);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Agree to cancel this project?' });
  await expect(confirm.getByText(`$1,000 is refunded to ${owner.account.username}`)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the agree dialog');
  // Escape closes it and gives the focus back; then for real.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect.poll(() => isFocused(agree)).toBe(true);
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Agree to cancel' }), LIMIT);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Cancellation agreed')).toBeVisible();
  const agreed = `${finisher.account.username} agreed to the cancellation: $1,000 is refunded to ${owner.account.username}.`;
  await expect(clock(page).getByTestId('deal-next-step')).toHaveText(agreed);
  await expect(request).toHaveCount(0);
  await expect(history(page).getByRole('listitem', { name: 'Agreed to the cancellation' })).toBeVisible();

  // The owner's page, open since the cancellation, follows through the live notification.
  await expect(clock(owner.page).getByTestId('deal-next-step')).toHaveText(agreed);
  await expect(cancellationRegion(owner.page, 'Cancellation request')).toHaveCount(0);
});

test('the finisher objects to the cancellation with a reason and an amount; both parties read what the owner silence does, with her date', async ({
  browser,
}) => {
  const { owner, finisher, projectId, url } = await paidDeal(browser);
  const consoleErrors: string[] = [];
  for (const p of [owner.page, finisher.page]) p.on('console', (message) => (message.type() === 'error' ? consoleErrors.push(message.text()) : undefined));
  await cancelThroughControls(owner, url);
  const { objectionRespondBy } = (await deal(finisher.page, projectId)).cancellation!;
  const day = (iso: string) =>
    `${new Date(iso).getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][new Date(iso).getUTCMonth()]}`;
  const [o, f] = [owner.account.username, finisher.account.username];
  const consequence = `${f} asks for $600 of the $1,000 held. Without an answer from ${o} by ${day(objectionRespondBy!)}, ${f} receives $600 (less the platform fee) and $400 goes back to ${o}.`;
  const reason = 'The work was delivered on time and matches the brief; I would like the operator to look at it.';

  const page = finisher.page;
  await page.goto(url);
  const request = cancellationRegion(page, 'Cancellation request');
  await tabTo(page, request.getByRole('button', { name: 'Object' }), LIMIT);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Object to the cancellation' });
  const field = dialog.getByLabel('Reason for the objection');
  await expect(field).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: 'Send Objection' }), LIMIT);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please give a reason for the objection of at least 10 characters')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the objection dialog with a field error');
  await field.focus();
  await page.keyboard.type(reason);
  // The amount asked, in dollars, starts at what is held; the consequence follows it.
  const amount = dialog.getByLabel('Amount you ask for ($)');
  await expect(amount).toHaveValue('1000');
  await expect(dialog.getByTestId('objection-consequence')).toHaveText(
    consequence.replaceAll('600', '1,000').replace('and $400 goes back', 'and nothing goes back'),
  );
  await tabTo(page, amount, LIMIT);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1000.01');
  await tabTo(page, dialog.getByRole('button', { name: 'Send Objection' }), LIMIT);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('The amount must be at most $1,000')).toBeVisible();
  await amount.fill('600');
  await expect(dialog.getByTestId('objection-consequence')).toHaveText(consequence);
  await expectAccessibleAtBothWidths(page, 'the objection dialog with its amount and consequence');
  await tabTo(page, dialog.getByRole('button', { name: 'Send Objection' }), LIMIT);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Objection sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  const objected = cancellationRegion(page, 'Objection to the cancellation');
  await expect(objected.getByText(reason)).toBeVisible();
  await expect(objected.getByText(`${f} objected to the cancellation. ${consequence}`)).toBeVisible();
  // The objection opens a dispute over the held money (issue 15): the owner is asked to respond to it.
  await expect(clock(page).getByTestId('deal-next-step')).toHaveText(
    new RegExp(
      `^${owner.account.username} has until \\d+ \\w{3} to respond to the dispute; without a response it settles at ${finisher.account.username}'s offer\\.$`,
    ),
  );
  await expect(clock(page).getByTestId('deal-next-actor')).toHaveText(`${owner.account.username} (client)`);
  await expect(page.getByRole('link', { name: 'View the dispute' })).toBeVisible();
  await expect(history(page).getByRole('listitem', { name: 'Objected to the cancellation' }).getByText(reason)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'an objected cancellation, as the finisher');
  expect((await deal(owner.page, projectId)).cancellation).toMatchObject({ outcome: 'objected', objection: reason });

  await owner.page.goto(url);
  await expect(cancellationRegion(owner.page, 'Objection to the cancellation').getByText(reason)).toBeVisible();
  await expect(cancellationRegion(owner.page, 'Objection to the cancellation').getByText(`${f} objected to the cancellation. ${consequence}`)).toBeVisible();
  await expect(cancellationRegion(owner.page, 'Objection to the cancellation').getByRole('button')).toHaveCount(0);
  await expectAccessibleAtBothWidths(owner.page, 'an objected cancellation, as the owner');
  // Her notification and the dispute page say the same, with the date.
  const list = await apiGet<{ title: string; content: string }[]>(owner.page, `/api/users/${owner.id}/notifications`);
  const silence = `Without an answer from you by ${day(objectionRespondBy!)}, the developer receives $600 (less the platform fee) and $400 goes back to you.`;
  expect(list.find((n) => n.title === 'Cancellation objected')?.content).toContain(`The developer asks for $600 of the $1,000 held. ${silence}`);
  await owner.page.getByRole('link', { name: 'View the dispute' }).click();
  await expect(
    owner.page.getByText(`Without an answer from ${o} by ${day(objectionRespondBy!)}, ${f} receives $600 (less the platform fee) and $400 goes back to ${o}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(owner.page, 'the dispute an objection opened, as the owner');
  expect(consoleErrors).toEqual([]);
});
