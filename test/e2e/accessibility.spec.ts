import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { blockingAxeViolations } from './page-checks.js';
import { apiPost, confirmEmailFromMail, newApiUser } from './helpers.js';

// Issue 8: axe over every page of the route table and every state worth seeing, as a visitor, a
// submitter and a finisher, fails on any serious or critical violation. The data is built through
// the API so the walk spends its time on the pages, not on the screens that build them.

type User = Awaited<ReturnType<typeof newApiUser>>;

interface World {
  owner: User;
  finisher: User;
  rival: User;
  openProjectId: number;
  dealProjectId: number;
  dealBidId: number;
  channelId: number;
}

let world: World;

// Not serial: a failing walk must not hide the next one. After a failure the worker restarts and
// beforeAll builds fresh data, which every walk can start from.
test.describe.configure({ timeout: 180_000 });

/**
 * Waits until no finite CSS animation or transition runs, so a dialog is checked at its final colours,
 * not mid-fade (a spinner or pulse runs forever and does not count).
 */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * A menu or list box that Radix opens hides the rest of the page with aria-hidden and traps focus in
 * itself. axe cannot see the trap and exempts only role=dialog from aria-hidden-focus, so with one of
 * these open only the popup is checked; the page behind it is checked while it is closed.
 * A long list box scrolls, and axe wants a Tab stop in every scrolling region; in a list box the arrow
 * keys move the focus from option to option and scroll it into view (keyboard.spec.ts picks options
 * that way), so that rule does not apply to the popups.
 */
const POPUP = '[role="menu"], [role="listbox"]';
const POPUP_EXEMPT_RULES = ['scrollable-region-focusable'];

/**
 * Checks the page as it stands now, or only the part `within` selects. Soft, so one walk reports every
 * page that fails; each line names the rule, its impact, the elements (CSS targets) and the page.
 */
async function expectAccessible(page: Page, state: string, within?: typeof POPUP) {
  await settle(page);
  const blocking = await blockingAxeViolations(page, within ? { include: within, disableRules: POPUP_EXEMPT_RULES } : {});
  expect.soft(blocking, `serious or critical axe violations on ${state} (${page.url()})`).toEqual([]);
}

/** Opens a path, waits for its main heading and for what shows its data, then checks it. */
async function visit(page: Page, path: string, state: string, ...ready: ((page: Page) => Locator)[]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  for (const locator of ready) await expect(locator(page).first()).toBeVisible();
  await expectAccessible(page, state);
}

/** Opens a dialog or menu with its trigger, checks the page with it open and closes it with Escape. */
async function withOpen(page: Page, trigger: Locator, opened: Locator, state: string, within?: typeof POPUP) {
  await trigger.click();
  await expect(opened).toBeVisible();
  await expectAccessible(page, state, within);
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
}

const text = (value: string | RegExp) => (page: Page) => page.getByText(value);
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });

async function createProject(owner: User, name: string) {
  return apiPost<{ id: number }>(owner.page, '/api/projects', {
    name,
    description: 'A half-built storefront: the catalogue works, checkout and the order emails still need to be finished.',
    techStack: ['React', 'TypeScript'],
    codeLink: 'https://github.com/finishline-demo/storefront',
  });
}

async function bid(finisher: User, projectId: number, amount: number) {
  return apiPost<{ id: number }>(finisher.page, `/api/projects/${projectId}/bids`, {
    amount,
    timeline: 14,
    message: 'I have finished three storefronts like this one and can start this week.',
  });
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const owner = await newApiUser(browser, 'a11yowner', 'creator');
  const finisher = await newApiUser(browser, 'a11yfinisher', 'developer');
  // Payout setup (below) needs a confirmed address (decision 036).
  await confirmEmailFromMail(finisher.page, finisher.account.email);
  const rival = await newApiUser(browser, 'a11yrival', 'developer');
  const stamp = Date.now().toString(36);

  // An open project with a pending bid from someone else, so the finisher can still apply.
  const open = await createProject(owner, `Open storefront ${stamp}`);
  await bid(rival, open.id, 800);

  // A deal: the finisher's bid accepted, a conversation under way.
  const deal = await createProject(owner, `Deal storefront ${stamp}`);
  const dealBid = await bid(finisher, deal.id, 1000);
  await bid(rival, deal.id, 900);
  await apiPost(owner.page, `/api/bids/${dealBid.id}/accept`);
  const channel = await apiPost<{ id: number }>(owner.page, `/api/bids/${dealBid.id}/conversations`);
  await apiPost(owner.page, `/api/bids/${dealBid.id}/messages`, { content: 'Welcome aboard: the checkout comes first.' });
  await apiPost(finisher.page, `/api/bids/${dealBid.id}/messages`, { content: 'Thanks, I will start on it today.' });

  world = { owner, finisher, rival, openProjectId: open.id, dealProjectId: deal.id, dealBidId: dealBid.id, channelId: channel.id };
});

test.afterAll(async () => {
  for (const user of [world?.owner, world?.finisher, world?.rival]) await user?.page.context().close();
});

test('public pages as a visitor', async ({ page }) => {
  await visit(page, '/', 'the home page', heading('How It Works'), heading('Featured Projects'));
  await visit(page, '/auth', 'the Login tab', (p) => p.getByRole('form', { name: 'Login' }));
  await visit(page, '/auth?tab=register', 'the Register tab', (p) => p.getByRole('form', { name: 'Register' }));
  await page.getByRole('form', { name: 'Register' }).getByLabel('Role').click();
  await expect(page.getByRole('option', { name: 'Developer' })).toBeVisible();
  await expectAccessible(page, 'the Register tab with the role list open', POPUP);
  await page.keyboard.press('Escape');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/auth/);
  await expectAccessible(page, 'the page /register leads to');

  await visit(page, '/developers', 'the developer directory', (p) => p.getByRole('link', { name: 'View Profile' }));
  await withOpen(page, page.getByRole('button', { name: /Skills/ }), page.getByRole('menu'), 'the directory with the Skills menu open', POPUP);
  await visit(page, `/developers/${world.finisher.account.username}`, 'a developer profile', heading(world.finisher.account.username));
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await expectAccessible(page, 'a developer profile, Portfolio tab');
  await visit(page, `/projects/${world.openProjectId}`, 'a project as a visitor', text('Project Bids'));
  await visit(page, '/no/such/page', 'the 404 page', text('404 Page Not Found'));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await withOpen(page, page.getByRole('button', { name: 'Open menu' }), page.getByRole('dialog'), 'the mobile side menu');
});

test('pages as a submitter', async () => {
  const { owner, openProjectId, dealProjectId, dealBidId, channelId } = world;
  const page = owner.page;
  await visit(page, '/dashboard', 'the creator dashboard', heading('Jobs With Bids'), text(/Open storefront/));
  await visit(page, `/dashboard?tab=messages&channel=${channelId}`, 'the dashboard messages tab', text('Welcome aboard: the checkout comes first.'));
  await withOpen(page, page.getByRole('button', { name: 'Account menu' }), page.getByRole('menu'), 'the account menu', POPUP);
  await visit(page, '/projects', 'Browse Projects', (p) => p.getByRole('link', { name: 'View Details' }));
  await visit(page, '/submit-project', 'the Submit Project form', (p) => p.getByRole('form', { name: 'Submit Project' }));
  await page.getByLabel('Tech Stack').click();
  await expect(page.getByRole('option', { name: 'React', exact: true })).toBeVisible();
  await expectAccessible(page, 'the Submit Project form with the tech stack list open', POPUP);
  await page.keyboard.press('Escape');

  await visit(page, '/my-projects', 'My Projects', (p) => p.getByRole('article').filter({ hasText: 'Open storefront' }));
  await page.getByRole('tab', { name: 'Completed Projects' }).click();
  await expectAccessible(page, 'My Projects, Completed Projects tab');
  await visit(page, '/profile', 'the profile', text(owner.account.email));
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expectAccessible(page, 'the profile in edit mode');

  await visit(page, `/projects/${openProjectId}`, 'an open project with bids as its owner', (p) => p.getByRole('button', { name: 'Accept Bid' }));
  for (const control of ['Pause Project', 'Cancel Project']) {
    await withOpen(page, page.getByRole('button', { name: control }), page.getByRole('alertdialog'), `the ${control} dialog`);
  }
  await page.getByRole('tab', { name: 'Accepted' }).click();
  await expectAccessible(page, 'the Accepted bids tab, empty');

  await visit(page, `/projects/${dealProjectId}?tab=milestones`, 'an assigned project as its owner', text('No milestones yet'));
  await withOpen(page, page.getByRole('button', { name: 'Add Milestone' }), page.getByRole('dialog', { name: 'Add Milestone' }), 'the Add Milestone dialog');
  await visit(page, `/payment/bid/${dealBidId}`, 'the payment page', text('Ready to proceed?'));
  await visit(page, '/payment/bid/999999', 'the payment page for a missing bid', text('Error Loading Bid'));
  await visit(page, '/messages', 'the Messages page', text(/Deal storefront/));
  await visit(page, `/chat/${dealBidId}`, 'the chat page', heading('Project Chat'), text('Thanks, I will start on it today.'));
  await visit(page, '/chat/999999', 'the chat page for a missing bid', text('Chat Not Found'));
  await visit(page, '/notifications', 'the notifications', (p) => p.getByRole('button', { name: 'Mark all as read' }));
  await visit(page, '/test-notifications', 'the test notification form', (p) => p.getByRole('button', { name: /Create/ }));
  // Disputes (issue 15): the pages a party or operator sees are walked in disputes.spec.ts.
  await visit(page, '/disputes/999999', 'a missing dispute', text('Dispute not found'));
  await visit(page, '/operator/disputes', 'the dispute queue as a non-operator', text('Operators only'));
});

test('pages as a finisher', async () => {
  const { finisher, rival, openProjectId, dealProjectId, dealBidId } = world;
  const page = finisher.page;
  await visit(page, '/dashboard', 'the developer dashboard', heading('Open Projects'), heading('Applied Projects'), text(/Deal storefront/));
  await visit(page, '/dashboard?tab=messages', 'the dashboard messages tab', text(/Deal storefront/));
  await visit(page, `/projects/${openProjectId}`, 'an open project as a finisher', text('Project Bids'));
  await withOpen(
    page,
    page.getByRole('button', { name: 'Apply for this Project' }),
    page.getByRole('dialog', { name: 'Apply for Project' }),
    'the apply dialog',
  );
  await visit(page, `/projects/${dealProjectId}`, 'the assigned project as its finisher', text('Assigned to: You'));
  // Unpaid, the deal waits for the owner's payment (issue 26); the delivery dialog is walked once it is paid.
  await expect(page.getByTestId('delivery-awaiting-payment')).toBeVisible();
  await visit(page, '/my-projects', 'My Projects as a finisher', (p) => p.getByRole('tab', { name: 'My Bids' }));
  await page.getByRole('tab', { name: 'Accepted Projects' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Deal storefront' })).toBeVisible();
  await expectAccessible(page, 'My Projects, Accepted Projects tab');
  await visit(page, '/profile', 'the profile as a finisher', (p) => p.getByRole('button', { name: 'Share public profile' }));
  await page.getByRole('tab', { name: 'Skills' }).click();
  await expect(page.getByRole('region', { name: 'Payment Settings' })).toBeVisible();
  await expectAccessible(page, 'the profile, Skills tab');
  await visit(page, `/chat/${dealBidId}`, 'the chat page as the finisher', text('Welcome aboard: the checkout comes first.'));
  await visit(rival.page, `/chat/${dealBidId}`, 'the chat page as an outsider', text('Access Denied'));

  // Payout onboarding through the sandbox provider's page and back.
  const { url } = await apiPost<{ url: string }>(page, '/api/stripe/create-connect-account', {});
  await visit(page, url, 'the sandbox onboarding page', (p) => p.getByRole('button', { name: 'Submit' }));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/onboarding-redirect\?outcome=success$/);
  await expect(page.getByText('Payout account ready')).toBeVisible();
  await expectAccessible(page, 'the onboarding return page');
  await visit(page, '/onboarding-redirect?outcome=refresh', 'the onboarding return page, unfinished', text('Onboarding not finished'));
});

test('a deal from checkout through milestones, delivery and review, for both sides', async () => {
  const { owner, finisher, dealProjectId, dealBidId } = world;
  const { checkoutUrl } = await apiPost<{ checkoutUrl: string }>(owner.page, `/api/bids/${dealBidId}/pay`);
  await visit(owner.page, checkoutUrl, 'the sandbox checkout page', (p) => p.getByLabel('Card number'));
  await owner.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await owner.page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await owner.page.getByLabel('CVC').fill('123');
  await owner.page.getByRole('button', { name: /^Pay / }).click();
  await owner.page.waitForURL(new RegExp(`/projects/${dealProjectId}\\?payment=success$`));
  // The page arrives rendered by the server; its toast comes once it has hydrated, and is checked
  // once it has finished coming in (settle), not while it fades in over the page.
  await expect(owner.page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: 'Payment successful' })).toBeVisible();
  await expectAccessible(owner.page, 'the project page back from checkout');

  const milestone = await apiPost<{ id: number }>(owner.page, `/api/projects/${dealProjectId}/milestones`, {
    title: 'Checkout flow',
    description: 'Cart, address and card payment.',
    amount: 400,
    dueDate: '2099-01-15',
  });
  const milestones = owner.page.getByRole('region', { name: 'Milestones' });
  await visit(owner.page, `/projects/${dealProjectId}?tab=milestones`, 'the milestones tab with a pending milestone', () =>
    milestones.getByText('Checkout flow'),
  );
  await visit(finisher.page, `/projects/${dealProjectId}?tab=milestones`, 'the milestones tab as the finisher', text('Checkout flow'));
  await withOpen(
    finisher.page,
    finisher.page.getByRole('button', { name: 'Mark Complete' }),
    finisher.page.getByRole('dialog', { name: 'Mark milestone complete' }),
    'the milestone completion dialog',
  );
  await apiPost(finisher.page, `/api/milestones/${milestone.id}/complete`, { note: 'Checkout works end to end with test cards.' });
  await visit(owner.page, `/projects/${dealProjectId}?tab=milestones`, 'a completed milestone as the owner', (p) => p.getByRole('button', { name: 'Approve' }));
  await withOpen(
    owner.page,
    owner.page.getByRole('button', { name: 'Send Back' }),
    owner.page.getByRole('dialog', { name: 'Send milestone back' }),
    'the send-back dialog',
  );

  await visit(finisher.page, `/projects/${dealProjectId}`, 'the paid project as its finisher', text('Assigned to: You'));
  await withOpen(
    finisher.page,
    finisher.page.getByRole('button', { name: 'Mark as Completed' }),
    finisher.page.getByRole('dialog', { name: 'Mark project as completed' }),
    'the delivery dialog',
  );
  await apiPost(finisher.page, `/api/projects/${dealProjectId}/complete`, { deliveryMessage: 'Checkout and the order emails are done; see the README.' });
  await visit(owner.page, `/projects/${dealProjectId}`, 'a delivered project as its owner', (p) => p.getByRole('button', { name: 'Accept Work' }));
  await withOpen(owner.page, owner.page.getByRole('button', { name: 'Accept Work' }), owner.page.getByRole('alertdialog'), 'the Accept Work dialog');
  await withOpen(
    owner.page,
    owner.page.getByRole('button', { name: 'Request Revision' }),
    owner.page.getByRole('dialog', { name: 'Request a revision' }),
    'the Request Revision dialog',
  );
  await apiPost(owner.page, `/api/projects/${dealProjectId}/accept`, { accepted: true });
  await visit(owner.page, `/projects/${dealProjectId}`, 'an accepted project, review form for the owner', (p) =>
    p.getByRole('form', { name: 'Rate the developer' }),
  );
  await visit(finisher.page, `/projects/${dealProjectId}`, 'an accepted project, review form for the finisher', (p) =>
    p.getByRole('form', { name: 'Rate the client' }),
  );
  await apiPost(owner.page, `/api/projects/${dealProjectId}/reviews`, { rating: 5, comment: 'Finished on time and well tested.' });
  // Reviews are double-blind (decision 059): the finisher's review reveals the owner's.
  await apiPost(finisher.page, `/api/projects/${dealProjectId}/reviews`, { rating: 5, comment: 'A clear brief.' });
  await visit(owner.page, `/developers/${finisher.account.username}`, 'a developer profile with a review', text('Finished on time and well tested.'));
});
