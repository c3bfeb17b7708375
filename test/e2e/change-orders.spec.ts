import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { paidDeliveredDeal } from './deal-setup.js';
import { expectAccessibleAtBothWidths, tabTo } from './page-checks.js';

// Issue 18, item 6: change orders in the deal area of the project page. One party proposes, the other
// accepts or declines (each seeing the other's step live, without a reload), and the owner pays an
// accepted price through the sandbox's hosted checkout, after which it shows as paid and held. Each
// screen is checked with axe at desktop width and at 320 px, and its controls reached with the keyboard.

const LIMIT = 60;
const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first();
const card = (page: Page) => page.getByRole('region', { name: 'Change Orders' });
const changeOrder = (page: Page, number: number) => card(page).getByRole('listitem', { name: `Change order ${number}` });

test('a change order proposed by the developer, accepted by the client, paid in the sandbox checkout and held', async ({ browser }) => {
  test.setTimeout(240_000);
  const deal = await paidDeliveredDeal(browser, { owner: 'coowner', finisher: 'codev', project: 'Half-built invoicing' });
  const { owner, finisher } = deal;
  const description = 'Add a CSV export of the reminders log, with filters by date and customer.';

  // The client's page is open before anything is proposed: the proposal reaches it live.
  await owner.page.goto(deal.url);
  await expect(card(owner.page).getByText('No change orders yet.')).toBeVisible();

  // The developer proposes with the keyboard; the contract's schema refuses an empty form first.
  await finisher.page.goto(deal.url);
  await tabTo(finisher.page, card(finisher.page).getByRole('button', { name: 'Propose a Change Order' }), LIMIT);
  await finisher.page.keyboard.press('Enter');
  const dialog = finisher.page.getByRole('dialog', { name: 'Propose a Change Order' });
  await dialog.getByRole('button', { name: 'Propose Change Order' }).click();
  await expect(dialog.getByText('Describe the change in at least 10 characters')).toBeVisible();
  await expect(dialog.getByText('Amount must be a number of dollars (0 for none)')).toBeVisible();
  await dialog.getByLabel('What changes').fill(description);
  await dialog.getByLabel('Amount ($)').fill('250');
  await dialog.getByLabel('Extra days').fill('3');
  await expectAccessibleAtBothWidths(finisher.page, 'the Propose a Change Order dialog');
  const submit = dialog.getByRole('button', { name: 'Propose Change Order' });
  await tabTo(finisher.page, submit, 10);
  await finisher.page.keyboard.press('Enter');
  await expect(toast(finisher.page, 'Change order proposed')).toBeVisible();
  await expect(dialog).toBeHidden();
  const mine = changeOrder(finisher.page, 1);
  await expect(mine.getByText(description)).toBeVisible();
  await expect(mine.getByText('Proposed', { exact: true })).toBeVisible();
  await expect(mine.getByText('$250', { exact: true })).toBeVisible();
  await expect(mine.getByText('3 extra days')).toBeVisible();
  await expect(mine.getByRole('definition').filter({ hasText: /^You / })).toBeVisible();
  // The proposer may withdraw it, not accept it.
  await expect(mine.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  // The client sees it arrive without a reload, and accepts it with the keyboard.
  const theirs = changeOrder(owner.page, 1);
  await expect(theirs.getByText(description)).toBeVisible();
  await expect(theirs.getByText(`the developer (${finisher.account.username})`)).toBeVisible();
  await expectAccessibleAtBothWidths(owner.page, 'a proposed change order, for the other party');
  await tabTo(owner.page, theirs.getByRole('button', { name: 'Accept' }), LIMIT);
  await owner.page.keyboard.press('Enter');
  const confirm = owner.page.getByRole('alertdialog', { name: 'Accept this change order?' });
  await expect(confirm).toContainText('3 extra days');
  await confirm.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(owner.page, 'Change order accepted')).toBeVisible();
  await expect(theirs.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(theirs.getByText('Awaiting payment')).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Decline' })).toHaveCount(0);

  // The developer's page follows live: accepted, waiting for the client's payment, with nothing to pay.
  await expect(mine.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(mine.getByText('Awaiting payment')).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

  // The client pays through the sandbox's hosted checkout and comes back to the project.
  const pay = theirs.getByRole('button', { name: 'Pay $250' });
  await expectAccessibleAtBothWidths(owner.page, 'an accepted change order awaiting payment');
  await tabTo(owner.page, pay, LIMIT);
  await owner.page.keyboard.press('Enter');
  await owner.page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
  await owner.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await owner.page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await owner.page.getByLabel('CVC').fill('123');
  await owner.page.getByRole('button', { name: 'Pay $250' }).click();
  await owner.page.waitForURL(new RegExp(`/projects/${deal.projectId}\\?payment=success$`));
  await expect(theirs.getByText('Paid, held in escrow')).toBeVisible();
  await expect(theirs.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expectAccessibleAtBothWidths(owner.page, 'a paid change order');

  // The developer sees the money held too.
  await expect(mine.getByText('Paid, held in escrow')).toBeVisible();
});

test('a change of days only, proposed by the client and declined by the developer; another withdrawn by the client', async ({ browser }) => {
  test.setTimeout(180_000);
  const deal = await paidDeliveredDeal(browser, { owner: 'coowner2', finisher: 'codev2', project: 'Half-built booking' });
  const { owner, finisher } = deal;

  await owner.page.goto(deal.url);
  await card(owner.page).getByRole('button', { name: 'Propose a Change Order' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Propose a Change Order' });
  await dialog.getByLabel('What changes').fill('Two more days to review the reminders with our accountant.');
  await dialog.getByLabel('Amount ($)').fill('0');
  await dialog.getByLabel('Extra days').fill('2');
  await dialog.getByRole('button', { name: 'Propose Change Order' }).click();
  await expect(toast(owner.page, 'Change order proposed')).toBeVisible();
  const mine = changeOrder(owner.page, 1);
  await expect(mine.getByText('No extra cost')).toBeVisible();
  await expect(mine.getByText('2 extra days')).toBeVisible();

  await finisher.page.goto(deal.url);
  const theirs = changeOrder(finisher.page, 1);
  await expect(theirs.getByText(`the client (${owner.account.username})`)).toBeVisible();
  await theirs.getByRole('button', { name: 'Decline' }).click();
  await finisher.page.getByRole('alertdialog', { name: 'Decline this change order?' }).getByRole('button', { name: 'Decline' }).click();
  await expect(toast(finisher.page, 'Change order declined')).toBeVisible();
  await expect(theirs.getByText('Declined', { exact: true })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(finisher.page, 'a declined change order');

  // The client's page follows live, and offers no payment for a declined change order.
  await expect(mine.getByText('Declined', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

  // A proposal still open can be taken back by whoever made it; the other party's page follows live.
  await card(owner.page).getByRole('button', { name: 'Propose a Change Order' }).click();
  await dialog.getByLabel('What changes').fill('One more day for the reminder wording, if that suits you.');
  await dialog.getByLabel('Amount ($)').fill('0');
  await dialog.getByLabel('Extra days').fill('1');
  await dialog.getByRole('button', { name: 'Propose Change Order' }).click();
  await expect(toast(owner.page, 'Change order proposed')).toBeVisible();
  const second = changeOrder(owner.page, 2);
  await expect(changeOrder(finisher.page, 2).getByRole('button', { name: 'Accept' })).toBeVisible();
  await second.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast(owner.page, 'Change order withdrawn')).toBeVisible();
  await expect(second.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await expect(changeOrder(finisher.page, 2).getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(changeOrder(finisher.page, 2).getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // A change order's notification leads to ?tab=change-orders, which brings the card into view once the deal arrives.
  await finisher.page.setViewportSize({ width: 1280, height: 600 });
  await finisher.page.goto(`${deal.url}?tab=change-orders`);
  await expect(card(finisher.page)).toBeInViewport();
});
