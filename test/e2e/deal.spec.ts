import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { payThroughSandbox, registerThroughUi, type RegistrationRole, uniqueAccount } from './helpers.js';
import { expectAccessibleAtBothWidths } from './page-checks.js';

// A valid 1x1 PNG, written to a temporary file for the screenshot input.
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function newUser(browser: Browser, prefix: string, role: RegistrationRole) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = uniqueAccount(prefix);
  await registerThroughUi(page, account, role);
  return { page, account };
}

function toast(page: Page, title: string) {
  return page.getByText(title, { exact: true }).first();
}

function bidOf(page: Page, username: string) {
  return page.getByRole('listitem', { name: `Bid from ${username}` });
}

async function applyForProject(page: Page, projectUrl: string, bid: { amount: string; days: string; proposal: string }) {
  await page.goto(projectUrl);
  await page.getByRole('button', { name: 'Apply for this Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for Project' });
  await expect(dialog.getByText("Enter the total amount you'd like to be paid for this project.")).toBeVisible();
  await expect(dialog.getByLabel('Timeline (Days)')).toHaveAttribute('min', '1');
  await dialog.getByLabel('Your Rate ($)').fill(bid.amount);
  await dialog.getByLabel('Timeline (Days)').fill(bid.days);
  await dialog.getByLabel('Your Proposal').fill(bid.proposal);
  await dialog.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(toast(page, 'Bid submitted successfully')).toBeVisible();
  await expect(page.getByText('The project owner will review your bid.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // One bid per developer: the button is gone once the bid is in.
  await expect(page.getByRole('button', { name: 'Apply for this Project' })).toHaveCount(0);
}

type DeliveredFile = { name: string; mimeType: string; buffer: Buffer };

async function deliver(page: Page, projectUrl: string, message: string, files: DeliveredFile[] = []) {
  await page.goto(projectUrl);
  await expect(page.getByText('Assigned to: You')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark project as completed' });
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(dialog.getByText('Minimum 10 characters (0/10)')).toBeVisible();
  await expect(confirm).toBeDisabled();
  // Surrounding spaces do not count.
  await dialog.getByLabel('Delivery Message').fill('   too short   ');
  await expect(dialog.getByText('Minimum 10 characters (9/10)')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Delivery Message').fill(message);
  await expect(confirm).toBeEnabled();
  if (files.length > 0) {
    // Issue 32, item 2: a file over 10 MB is refused before the upload; the delivery then goes with its files.
    const picker = dialog.getByLabel('Files (optional, up to 10)');
    await picker.setInputFiles([{ name: 'screen-recording.zip', mimeType: 'application/zip', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) }]);
    await expect(dialog.getByRole('alert')).toHaveText('“screen-recording.zip” is larger than 10 MB. Each file must be 10 MB or smaller.');
    await expect(confirm).toBeDisabled();
    await picker.setInputFiles(files);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  }
  await confirm.click();
  await expect(toast(page, 'Project marked as completed')).toBeVisible();
  await expect(page.getByText('The client will now review your work.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
}

test('a project goes from submission through bids, acceptance, delivery, revision and acceptance', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await newUser(browser, 'owner', 'Creator');
  const winner = await newUser(browser, 'winner', 'Developer');
  const other = await newUser(browser, 'other', 'Developer');
  const name = `Half-built booking app ${Date.now().toString(36)}`;

  // The owner submits the project with a screenshot.
  const screenshot = path.join(tmpdir(), `finishline-e2e-${Date.now()}.png`);
  writeFileSync(screenshot, PNG_1X1);
  await owner.page.goto('/submit');
  await expect(owner.page.getByRole('heading', { name: 'Submit Your Project' })).toBeVisible();
  const form = owner.page.getByRole('form', { name: 'Submit Project' });
  await form.getByLabel('Project Name').fill(name);
  await form.getByLabel('Description').fill('Bookings and calendar sync work; payments, reminders and the admin screens still need to be finished.');
  await form.getByLabel('Tech Stack').click();
  await owner.page.getByRole('option', { name: 'React', exact: true }).click();
  await form.getByLabel('Tech Stack').click();
  await owner.page.getByRole('option', { name: 'PostgreSQL', exact: true }).click();
  await form.getByLabel('Code Repository Link').fill('https://github.com/example/booking-app');
  await form.getByLabel('Screenshot (optional)').setInputFiles(screenshot);
  await form.getByRole('button', { name: 'Submit Project' }).click();
  await expect(toast(owner.page, 'Project submitted successfully')).toBeVisible();
  await expect(owner.page.getByText('Your project is now visible to potential finishers')).toBeVisible();
  await expect(owner.page).toHaveURL(/\/my-projects$/);
  const card = owner.page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(owner.page).toHaveURL(/\/projects\/\d+$/);
  const projectUrl = new URL(owner.page.url()).pathname;
  await expect(owner.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(owner.page.getByText('Posted by You')).toBeVisible();
  await expect(owner.page.getByText('React, PostgreSQL')).toBeVisible();
  await expect(owner.page.getByRole('img', { name: `Screenshot of ${name}` })).toBeVisible();
  await expect(owner.page.getByText('No bids yet')).toBeVisible();

  // Two developers apply.
  await applyForProject(winner.page, projectUrl, {
    amount: '1200',
    days: '1',
    proposal: 'I have built three booking systems and can finish payments and reminders.',
  });
  await expect(winner.page.getByText('Posted by Client')).toBeVisible();
  await expect(bidOf(winner.page, winner.account.username).getByText('$1,200')).toBeVisible();
  await expect(bidOf(winner.page, winner.account.username).getByText('1 day', { exact: true })).toBeVisible();
  await applyForProject(other.page, projectUrl, { amount: '900', days: '10', proposal: 'Happy to take this over; calendar sync is familiar ground for me.' });

  // The owner sees both bids in full and accepts the first.
  await owner.page.reload();
  await expect(owner.page.getByRole('heading', { name: 'Project Bids' })).toBeVisible();
  await expect(owner.page.getByLabel('2 bids')).toHaveText('2');
  const winningBid = bidOf(owner.page, winner.account.username);
  await expect(winningBid.getByText('$1,200')).toBeVisible();
  await expect(bidOf(owner.page, other.account.username).getByText('10 days')).toBeVisible();
  await expect(winningBid.getByRole('link', { name: 'View developer profile' })).toHaveAttribute('href', `/developers/${winner.account.username}`);
  await expect(winningBid.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/messages');
  await owner.page.getByRole('tab', { name: 'Accepted' }).click();
  await expect(owner.page.getByText('No accepted bids')).toBeVisible();
  await expect(owner.page.getByText("You haven't accepted any bids yet.")).toBeVisible();
  await owner.page.getByRole('tab', { name: 'All Bids' }).click();
  // Accepting asks first, naming the finisher, the amount and that the other bids are declined.
  await winningBid.getByRole('button', { name: 'Accept Bid' }).click();
  const acceptBid = owner.page.getByRole('alertdialog', { name: `Accept ${winner.account.username}'s bid?` });
  await expect(acceptBid).toContainText('$1,200');
  await expect(acceptBid).toContainText('Every other pending bid on this project is rejected');
  await acceptBid.getByRole('button', { name: 'Cancel' }).click();
  await expect(owner.page.getByText('You can now proceed to payment.')).toHaveCount(0);
  await winningBid.getByRole('button', { name: 'Accept Bid' }).click();
  await acceptBid.getByRole('button', { name: 'Accept Bid' }).click();
  await expect(toast(owner.page, 'Bid accepted')).toBeVisible();
  await expect(owner.page.getByText('You can now proceed to payment.')).toBeVisible();
  await expect(winningBid.getByRole('link', { name: 'Proceed to Payment' })).toHaveAttribute('href', /^\/payment\/bid\/\d+$/);
  await expect(owner.page.getByRole('button', { name: 'Accept Bid' })).toHaveCount(0);
  await expect(owner.page.getByText(`Assigned to: Developer · ${winner.account.username}`)).toBeVisible();
  await owner.page.getByRole('tab', { name: 'Accepted' }).click();
  await expect(bidOf(owner.page, winner.account.username).getByRole('link', { name: 'Proceed to Payment' })).toHaveAttribute('href', /^\/checkout\/\d+$/);

  // The other developer sees their own bid in full and the winning bid hidden.
  await other.page.reload();
  const hiddenBid = bidOf(other.page, winner.account.username);
  await expect(hiddenBid.getByText('Bid details hidden')).toBeVisible();
  await expect(hiddenBid.getByText('Bid details are only visible to the project owner and the developer who created this bid.')).toBeVisible();
  await expect(hiddenBid.getByText('$1,200')).toHaveCount(0);
  await expect(hiddenBid.getByRole('link', { name: 'Chat' })).toHaveCount(0);
  await expect(bidOf(other.page, other.account.username).getByText('$900')).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);

  // Money is held before work is delivered (issue 26): until the owner pays, both sides read that the
  // deal waits for the payment, and the owner's payment button sits beside it in the deal clock.
  const waiting = "This deal waits for the owner's payment: the work can be delivered once the money is held.";
  await winner.page.goto(projectUrl);
  await expect(winner.page.getByTestId('delivery-awaiting-payment')).toContainText(waiting);
  await expect(winner.page.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
  await expect(winner.page.getByTestId('deal-next-step')).toContainText(`${owner.account.username} pays $1,200`);
  await expectAccessibleAtBothWidths(winner.page, 'an accepted, unpaid deal as its finisher');
  await owner.page.goto(projectUrl);
  await expect(owner.page.getByTestId('delivery-awaiting-payment')).toContainText(waiting);
  const dealClock = owner.page.getByRole('region', { name: 'Deal clock' });
  await expect(dealClock.getByTestId('deal-next-step')).toContainText(`${owner.account.username} pays $1,200`);
  const payLink = dealClock.getByRole('link', { name: 'Proceed to Payment' });
  await expect(payLink).toHaveAttribute('href', /^\/payment\/bid\/\d+$/);
  await expectAccessibleAtBothWidths(owner.page, 'an accepted, unpaid deal as its owner');
  await payThroughSandbox(owner.page, Number((await payLink.getAttribute('href'))!.split('/').pop()));
  await owner.page.reload();
  await expect(owner.page.getByTestId('delivery-awaiting-payment')).toHaveCount(0);

  // Delivery, a revision, a second delivery and acceptance.
  await deliver(winner.page, projectUrl, 'Payments, reminders and the admin screens are done; see the README.', [
    { name: 'release-notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
    { name: 'migration-steps.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Run the migrations\n2. Restart the workers\n') },
  ]);
  await owner.page.goto(projectUrl);
  // The delivery message shows in the delivered work and again in the deal history (issue 14).
  await expect(owner.page.getByText('Payments, reminders and the admin screens are done; see the README.').first()).toBeVisible();
  // Its files are listed in the deal history for both sides, as downloads.
  for (const page of [owner.page, winner.page]) {
    if (page === winner.page) await page.goto(projectUrl);
    const delivered = page.getByRole('list', { name: 'Delivered files' });
    await expect(delivered.getByRole('link', { name: /release-notes\.pdf/ })).toHaveAttribute('download', 'release-notes.pdf');
    const steps = delivered.getByRole('link', { name: /migration-steps\.txt/ });
    const response = await page.request.get((await steps.getAttribute('href'))!);
    expect(await response.text()).toBe('1. Run the migrations\n2. Restart the workers\n');
  }
  await expectAccessibleAtBothWidths(owner.page, 'a delivery with files in the deal history');
  await owner.page.getByRole('button', { name: 'Request Revision' }).click();
  const revision = owner.page.getByRole('dialog', { name: 'Request a revision' });
  await expect(revision.getByText(/freelancer will be notified/)).toBeVisible();
  // A revision needs the owner's reason (issue 14).
  await revision.getByLabel('Reason for the revision').fill('Reminder emails ignore the customer time zone; please fix that.');
  await revision.getByRole('button', { name: 'Send Request' }).click();
  await expect(toast(owner.page, 'Revision requested')).toBeVisible();
  await expect(owner.page.getByRole('button', { name: 'Accept Work' })).toHaveCount(0);

  await deliver(winner.page, projectUrl, 'Reminder emails now respect time zones as you asked.');
  await owner.page.goto(projectUrl);
  await expect(owner.page.getByText('Reminder emails now respect time zones as you asked.').first()).toBeVisible();
  await owner.page.getByRole('button', { name: 'Accept Work' }).click();
  await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Accept Work' }).click();
  await expect(toast(owner.page, 'Project accepted')).toBeVisible();
  await expect(owner.page.getByTestId('project-status')).toHaveText('Completed');
  await expect(owner.page.getByRole('button', { name: 'Accept Work' })).toHaveCount(0);

  // It is now under Completed Projects for both sides.
  await owner.page.goto('/my-projects');
  await owner.page.getByRole('tab', { name: 'Completed Projects' }).click();
  await expect(owner.page.getByRole('article', { name })).toBeVisible();
  await winner.page.goto('/my-projects');
  await winner.page.getByRole('tab', { name: 'Completed Projects' }).click();
  await expect(winner.page.getByRole('article', { name })).toBeVisible();
});
