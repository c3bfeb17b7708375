import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, confirmEmailFromMail, newApiUser, uniqueAccount } from './helpers.js';

// Issue 8: every form is filled and submitted with the keyboard alone: Tab and Shift+Tab to move,
// typing, Enter and Space to press, arrow keys and type-ahead in lists, Escape to close a dialog.
// No test here clicks; each focused control must show a visible focus indicator, and a dialog closed
// with Escape gives the focus back to the button that opened it.

type User = Awaited<ReturnType<typeof newApiUser>>;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** A focused control shows a ring (box-shadow) or an outline while it has keyboard focus. */
async function expectVisibleFocus(target: Locator) {
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          const style = getComputedStyle(element);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          return element.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
        }),
      { message: 'the focused control shows where the focus is' },
    )
    .toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not reached in `limit` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  await target.waitFor();
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return expectVisibleFocus(target);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target.toString()} was not reached with ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a control and presses it with Enter (or Space). */
async function press(page: Page, control: Locator, key: 'Enter' | 'Space' = 'Enter') {
  await tabTo(page, control);
  await page.keyboard.press(key);
}

/** Opens a Radix select list from its trigger, moves to an option with the arrow keys and picks it with Enter. */
async function choose(page: Page, trigger: Locator, option: string) {
  await tabTo(page, trigger);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  const target = page.getByRole('option', { name: option, exact: true });
  for (let presses = 0; !(await isFocused(target)); presses += 1) {
    if (presses === 60) throw new Error(`option ${option} was not reached with the arrow keys`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

/**
 * Opens a dialog with its trigger, checks the focus moved into it, closes it with Escape and checks
 * the focus is back on the trigger. (Escape is pressed once the dialog holds the focus, when it listens.)
 */
async function escapeReturnsFocus(page: Page, trigger: Locator, dialog: Locator) {
  await press(page, trigger);
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), { message: 'the focus moves into the dialog' }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Starts the Tab order from the top of a freshly loaded page. */
async function open(page: Page, path: string, ready: Locator) {
  await page.goto(path);
  await expect(ready).toBeVisible();
}

let owner: User;
let finisher: User;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  owner = await newApiUser(browser, 'kbowner', 'creator');
  finisher = await newApiUser(browser, 'kbfinisher', 'developer');
  // Payout setup needs a confirmed address (decision 036).
  await confirmEmailFromMail(finisher.page, finisher.account.email);
});

test.afterAll(async () => {
  for (const user of [owner, finisher]) await user?.page.context().close();
});

test('register, then log in, with the keyboard', async ({ page }) => {
  const account = uniqueAccount('kbreg');
  await open(page, '/auth?tab=register', page.getByRole('form', { name: 'Register' }));
  const form = page.getByRole('form', { name: 'Register' });
  await typeInto(page, form.getByLabel('Username'), account.username);
  await typeInto(page, form.getByLabel('Email'), account.email);
  await typeInto(page, form.getByLabel('Password'), account.password);
  await choose(page, form.getByLabel('Role'), 'Developer');
  await press(page, form.getByRole('button', { name: 'Create account' }));
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await open(page, '/auth', page.getByRole('form', { name: 'Login' }));
  const login = page.getByRole('form', { name: 'Login' });
  await typeInto(page, login.getByLabel('Email'), account.email);
  await typeInto(page, login.getByLabel('Password'), account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

let projectId: number;
let projectName: string;

test('submit a project and post one from the dashboard', async () => {
  const page = owner.page;
  const name = `Keyboard storefront ${Date.now().toString(36)}`;
  projectName = name;
  await open(page, '/submit-project', page.getByRole('form', { name: 'Submit Project' }));
  const form = page.getByRole('form', { name: 'Submit Project' });
  await typeInto(page, form.getByLabel('Project Name'), name);
  await typeInto(page, form.getByLabel('Description'), 'The catalogue works; checkout and the order emails still need to be finished.');
  // The tech stack takes what is typed on Enter, or a suggestion reached with the arrow keys.
  await typeInto(page, form.getByLabel('Tech Stack'), 'React');
  await page.keyboard.press('Enter');
  await typeInto(page, form.getByLabel('Tech Stack'), 'Postgre');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByLabel('Tech Stack')).toHaveAttribute('aria-activedescendant', /option/);
  await page.keyboard.press('Enter');
  const selected = form.getByRole('list', { name: 'Selected technologies' }).getByRole('listitem');
  await expect(selected).toHaveText(['React', 'PostgreSQL']);
  // A badge's remove button is reachable and works with Enter: PostgreSQL goes, then comes back.
  await press(page, form.getByRole('button', { name: 'Remove PostgreSQL' }));
  await typeInto(page, form.getByLabel('Tech Stack'), 'PostgreSQL');
  await page.keyboard.press('Enter');
  await expect(selected).toHaveCount(2);
  await typeInto(page, form.getByLabel('Code Repository Link'), 'https://github.com/finishline-demo/storefront');
  await press(page, form.getByRole('button', { name: 'Submit Project' }));
  await expect(toast(page, 'Project submitted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/my-projects$/);

  await open(page, '/dashboard', page.getByRole('form', { name: 'New project' }));
  const quick = page.getByRole('form', { name: 'New project' });
  await typeInto(page, quick.getByLabel('Project name'), `${name} v2`);
  await typeInto(page, quick.getByLabel('Description'), 'A second storefront: the admin screens are left to build and test.');
  await typeInto(page, quick.getByLabel('Technologies'), 'React, Node.js');
  await typeInto(page, quick.getByLabel('Budget ($)'), '1500');
  await typeInto(page, quick.getByLabel('Timeframe'), '2 weeks');
  await typeInto(page, quick.getByLabel('Repository URL'), 'https://github.com/finishline-demo/storefront-v2');
  await press(page, quick.getByRole('button', { name: 'Post Project' }));
  await expect(page.getByRole('region', { name: 'My Projects' }).getByText(`${name} v2`)).toBeVisible();

  const projects = await page.request.get('/api/projects');
  projectId = ((await projects.json()) as { id: number; name: string }[]).find((project) => project.name === name)!.id;
});

test('apply from the dashboard and through the apply dialog', async ({ browser }) => {
  const page = finisher.page;
  await open(page, '/dashboard', page.getByRole('heading', { name: 'Open Projects' }));
  // The dashboard's project posted above, found with the search box.
  await typeInto(page, page.getByRole('searchbox', { name: 'Search open projects' }), `${projectName} v2`);
  const card = page.getByRole('listitem', { name: `${projectName} v2` });
  await press(page, card.getByRole('button', { name: 'Quick Apply' }));
  const application = card.getByRole('form', { name: 'Quick application' });
  await typeInto(page, application.getByLabel('Why are you a good fit?'), 'I have built two storefronts with this stack.');
  await typeInto(page, application.getByLabel('Your rate ($)'), '900');
  await typeInto(page, application.getByLabel('Timeline (days)'), '10');
  await press(page, application.getByRole('button', { name: 'Submit Application' }));
  await expect(toast(page, 'Application submitted successfully')).toBeVisible();

  // The apply dialog on a project this finisher has not bid on yet.
  const rival = await newApiUser(browser, 'kbrival', 'developer');
  await open(page, `/projects/${projectId}`, page.getByRole('button', { name: 'Apply for this Project' }));
  const trigger = page.getByRole('button', { name: 'Apply for this Project' });
  const dialog = page.getByRole('dialog', { name: 'Apply for Project' });
  await escapeReturnsFocus(page, trigger, dialog);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByLabel('Your Rate ($)'), '1000');
  await typeInto(page, dialog.getByLabel('Timeline (Days)'), '14');
  await typeInto(page, dialog.getByLabel('Your Proposal'), 'I will finish checkout first, then the order emails, with tests for both.');
  await press(page, dialog.getByRole('button', { name: 'Submit Bid' }));
  await expect(toast(page, 'Bid submitted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await apiPost(rival.page, `/api/projects/${projectId}/bids`, { amount: 800, timeline: 7, message: 'I can do this in a week with tests.' });
  await rival.page.context().close();
});

test('project status controls, accepting a bid and chatting', async () => {
  const page = owner.page;
  await open(page, `/projects/${projectId}`, page.getByRole('button', { name: 'Pause Project' }));
  const pause = page.getByRole('button', { name: 'Pause Project' });
  await escapeReturnsFocus(page, pause, page.getByRole('alertdialog'));
  await page.keyboard.press('Enter');
  await press(page, page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }));
  await expect(page.getByTestId('project-status')).toHaveText('Paused');
  await press(page, page.getByRole('button', { name: 'Reactivate Project' }));
  await press(page, page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }));
  await expect(page.getByRole('button', { name: 'Pause Project' })).toBeVisible();

  const bid = page.getByRole('listitem', { name: `Bid from ${finisher.account.username}` });
  await press(page, bid.getByRole('button', { name: 'Accept Bid' }));
  await press(page, page.getByRole('alertdialog').getByRole('button', { name: 'Accept Bid' }));
  await expect(toast(page, 'Bid accepted')).toBeVisible();

  const bids = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as { bids: { id: number; developerUsername: string }[] };
  const bidId = bids.bids.find((entry) => entry.developerUsername === finisher.account.username)!.id;
  await open(page, `/chat/${bidId}`, page.getByRole('heading', { name: 'Project Chat' }));
  await typeInto(page, page.getByRole('textbox', { name: 'Message' }), 'Welcome aboard: checkout first, please.');
  await page.keyboard.press('Enter');
  const sent = (text: string) => page.getByTestId('message-content').filter({ hasText: text });
  await expect(sent('Welcome aboard: checkout first, please.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  // The send button works from the keyboard too.
  await page.keyboard.type('Ping me with questions.');
  await press(page, page.getByRole('button', { name: 'Send message' }));
  await expect(sent('Ping me with questions.')).toBeVisible();

  // Pay through the API so the milestones can be paid out (the checkout page is tested in payments.spec.ts).
  const { checkoutUrl } = await apiPost<{ checkoutUrl: string }>(page, `/api/bids/${bidId}/pay`);
  const sessionId = new URL(checkoutUrl, 'http://localhost').pathname.split('/').pop();
  await apiPost(page, `/api/sandbox/checkout-sessions/${sessionId}/pay`, { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
});

test('profile edit, payment settings and a test notification', async () => {
  const page = finisher.page;
  await open(page, '/profile', page.getByRole('button', { name: 'Edit Profile' }));
  await press(page, page.getByRole('button', { name: 'Edit Profile' }));
  const form = page.getByRole('form', { name: 'Edit Profile' });
  await typeInto(page, form.getByLabel('Bio'), 'I finish storefronts and booking apps.');
  await press(page, form.getByRole('button', { name: 'Save Changes' }));
  await expect(page.getByText('I finish storefronts and booking apps.')).toBeVisible();

  // Tabs move with the arrow keys; the Skills tab holds the payment settings.
  await tabTo(page, page.getByRole('tab', { name: 'Profile' }), { backwards: true });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Skills' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Skills' })).toHaveAttribute('aria-selected', 'true');
  const settings = page.getByRole('region', { name: 'Payment Settings' });
  await press(page, settings.getByRole('button', { name: 'Set up payouts' }));
  await page.waitForURL(/\/sandbox\/onboarding\//);
  await press(page, page.getByRole('button', { name: 'Submit' }));
  await page.waitForURL(/\/onboarding-redirect\?outcome=success$/);
  await expect(page.getByText('Payout account ready')).toBeVisible();

  await open(page, '/test-notifications', page.getByRole('form', { name: 'Create test notification' }));
  const notification = page.getByRole('form', { name: 'Create test notification' });
  await typeInto(page, notification.getByLabel('Title'), 'Keyboard check');
  await typeInto(page, notification.getByLabel('Content'), 'Created without a mouse.');
  await choose(page, notification.getByLabel('Type'), 'project');
  await typeInto(page, notification.getByLabel('Related ID (optional)'), String(projectId));
  await press(page, notification.getByRole('button', { name: 'Create Notification' }));
  await expect(notification.getByRole('status')).toBeVisible();
});

test('milestones: create, complete, approve', async () => {
  const milestones = (page: Page) => page.getByRole('region', { name: 'Milestones' });
  const ownerPage = owner.page;
  await open(ownerPage, `/projects/${projectId}?tab=milestones`, milestones(ownerPage).getByText('No milestones yet'));
  const add = milestones(ownerPage).getByRole('button', { name: 'Add Milestone' });
  const addDialog = ownerPage.getByRole('dialog', { name: 'Add Milestone' });
  await escapeReturnsFocus(ownerPage, add, addDialog);
  await ownerPage.keyboard.press('Enter');
  await typeInto(ownerPage, addDialog.getByLabel('Title'), 'Checkout flow');
  await typeInto(ownerPage, addDialog.getByLabel('Description'), 'Cart, address and card payment.');
  await typeInto(ownerPage, addDialog.getByLabel('Amount ($)'), '400');
  // A date input takes its parts typed in order.
  await typeInto(ownerPage, addDialog.getByLabel('Due Date'), '06302099');
  await press(ownerPage, addDialog.getByRole('button', { name: 'Add Milestone' }));
  await expect(toast(ownerPage, 'Milestone added')).toBeVisible();
  const item = (page: Page) => milestones(page).getByRole('listitem', { name: 'Checkout flow' });
  await expect(item(ownerPage).getByText('Due Tue 30 Jun 2099')).toBeVisible();

  const finisherPage = finisher.page;
  await open(finisherPage, `/projects/${projectId}?tab=milestones`, item(finisherPage));
  const complete = item(finisherPage).getByRole('button', { name: 'Mark Complete' });
  const completeDialog = finisherPage.getByRole('dialog', { name: 'Mark milestone complete' });
  await escapeReturnsFocus(finisherPage, complete, completeDialog);
  await finisherPage.keyboard.press('Enter');
  await typeInto(finisherPage, completeDialog.getByLabel('Completion Note'), 'Checkout works end to end with test cards.');
  await press(finisherPage, completeDialog.getByRole('button', { name: 'Mark Complete' }));
  await expect(toast(finisherPage, 'Milestone marked complete')).toBeVisible();

  await open(ownerPage, `/projects/${projectId}?tab=milestones`, item(ownerPage).getByRole('button', { name: 'Approve' }));
  await press(ownerPage, item(ownerPage).getByRole('button', { name: 'Approve' }));
  await press(ownerPage, ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Approve and release' }));
  await expect(toast(ownerPage, 'Milestone approved')).toBeVisible();
});

test('deliver, request a revision, deliver again, accept and review', async () => {
  const deliver = async (message: string) => {
    const page = finisher.page;
    await open(page, `/projects/${projectId}`, page.getByRole('button', { name: 'Mark as Completed' }));
    const trigger = page.getByRole('button', { name: 'Mark as Completed' });
    const dialog = page.getByRole('dialog', { name: 'Mark project as completed' });
    await escapeReturnsFocus(page, trigger, dialog);
    await page.keyboard.press('Enter');
    await typeInto(page, dialog.getByLabel('Delivery Message'), message);
    await press(page, dialog.getByRole('button', { name: 'Confirm' }));
    await expect(toast(page, 'Project marked as completed')).toBeVisible();
  };
  const acceptWork = async () => {
    const page = owner.page;
    await open(page, `/projects/${projectId}`, page.getByRole('button', { name: 'Accept Work' }));
    const trigger = page.getByRole('button', { name: 'Accept Work' });
    await escapeReturnsFocus(page, trigger, page.getByRole('alertdialog'));
    await page.keyboard.press('Enter');
    await press(page, page.getByRole('alertdialog').getByRole('button', { name: 'Accept Work' }));
    await expect(toast(page, 'Project accepted')).toBeVisible();
  };
  // A revision request takes the owner's reason (issue 14), typed into the dialog's field.
  const requestRevision = async (reason: string) => {
    const page = owner.page;
    await open(page, `/projects/${projectId}`, page.getByRole('button', { name: 'Request Revision' }));
    const trigger = page.getByRole('button', { name: 'Request Revision' });
    const dialog = page.getByRole('dialog', { name: 'Request a revision' });
    await escapeReturnsFocus(page, trigger, dialog);
    await page.keyboard.press('Enter');
    await typeInto(page, dialog.getByLabel('Reason for the revision'), reason);
    await press(page, dialog.getByRole('button', { name: 'Send Request' }));
    await expect(toast(page, 'Revision requested')).toBeVisible();
  };

  await deliver('Checkout and the order emails are done; see the README.');
  await requestRevision('The order emails should carry the tracking link.');
  await deliver('Order emails now carry the tracking link as asked.');
  await acceptWork();

  const page = owner.page;
  const form = page.getByRole('form', { name: 'Rate the developer' });
  await press(page, form.getByRole('button', { name: '4 stars' }), 'Space');
  await expect(form.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await typeInto(page, form.getByLabel('Comment (optional)'), 'Careful work, well tested.');
  await press(page, form.getByRole('button', { name: 'Submit Review' }));
  await expect(page.getByText('Careful work, well tested.')).toBeVisible();
});
