import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { expectAccessibleAtBothWidths } from './page-checks.js';

// Built on the seeded demo data and the API, so it does not depend on the project screens.
// The tests share one database and run in order: the first pays the bid the third settles.

const DEMO_PASSWORD = 'finishline';
const HABIT_TRACKER = 'Habit tracker PWA';

interface ProjectDetail {
  id: number;
  name: string;
  status: string;
  bids: { id: number; developerUsername: string; status: string; amount?: number }[];
}

interface Payment {
  status: string;
  amountCents: number;
  platformFeeCents: number;
  developerAmountCents: number;
  releasedCents: number;
  refundedCents: number;
}

/** page.request shares the page's cookies; the explicit Origin satisfies the server's cross-origin check. */
function headersFor(page: Page) {
  return { origin: new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin };
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return (await response.json()) as T;
}

async function apiSend<T>(page: Page, method: 'POST' | 'PATCH', url: string, data: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, data, headers: headersFor(page) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A fresh browser context signed in as a demo user (through the API: the dashboard is not under test here). */
async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await apiSend(page, 'POST', '/api/login', { email: `${username}@demo.finishline.dev`, password: DEMO_PASSWORD });
  return page;
}

async function findProject(page: Page, name: string): Promise<ProjectDetail> {
  const list = await apiGet<{ id: number; name: string }[]>(page, '/api/projects');
  const summary = list.find((project) => project.name === name);
  expect(summary, `project ${name} in the list`).toBeTruthy();
  return apiGet<ProjectDetail>(page, `/api/projects/${summary!.id}`);
}

/** From the payment page: through the sandbox checkout with a card, back on the project page. */
async function payThroughSandbox(page: Page, bidId: number, projectId: number, amount: string) {
  await page.goto(`/payment/bid/${bidId}`);
  await expect(page.getByText('Ready to proceed?')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
  await fillCard(page, '4242 4242 4242 4242');
  // An expired card is refused at its field, as Stripe's test mode does, before anything is sent.
  await page.getByLabel('Expiry (MM/YY)').fill('01/20');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByText("Your card's expiration year is in the past.")).toBeVisible();
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}\\?payment=success$`));
}

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** Payout setup from the profile's Payment Settings through the sandbox onboarding form. */
async function setUpPayouts(page: Page) {
  await page.goto('/profile?tab=skills');
  await page.getByRole('tab', { name: 'Skills' }).click();
  const settings = page.getByRole('region', { name: 'Payment Settings' });
  await expect(settings.getByText('Incomplete', { exact: true })).toBeVisible();
  await expect(settings.getByText(/Finishers receive 90% of project payments/)).toBeVisible();
  await settings.getByRole('button', { name: 'Set up payouts' }).click();

  await page.waitForURL(/\/sandbox\/onboarding\//);
  await expect(page.getByText('Finishline Sandbox — test mode, no real money moves')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set up payouts for Finishline' })).toBeVisible();
  await expect(page.getByLabel('Bank account (test)')).toHaveValue('000123456789');
  await expect(page.getByRole('link', { name: 'Return later' })).toHaveAttribute('href', /\/onboarding-redirect\?outcome=refresh$/);
  await page.getByRole('button', { name: 'Submit' }).click();

  await page.waitForURL(/\/onboarding-redirect\?outcome=success$/);
  await expect(page.getByRole('heading', { name: 'Payout account ready' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Profile' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=skills$/);
  await expect(page.getByRole('region', { name: 'Payment Settings' }).getByText('Complete', { exact: true })).toBeVisible();
}

test.describe.serial('payments', () => {
  let habitTracker: ProjectDetail;
  let habitBidId: number;

  test('the owner pays an accepted bid through the sandbox checkout: cancel, decline, success', async ({ browser }) => {
    const maya = await signIn(browser, 'maya');
    habitTracker = await findProject(maya, HABIT_TRACKER);
    const bid = habitTracker.bids.find((b) => b.developerUsername === 'devon' && b.status === 'accepted');
    expect(bid, "devon's accepted bid").toBeTruthy();
    habitBidId = bid!.id;
    expect(await apiGet<Payment | null>(maya, `/api/projects/${habitTracker.id}/payment`)).toBeNull();

    await maya.goto(`/payment/bid/${habitBidId}`);
    await expect(maya.getByText('Ready to proceed?')).toBeVisible();
    await expect(maya.getByRole('link', { name: 'Back to Project' })).toHaveAttribute('href', `/projects/${habitTracker.id}`);
    const summary = maya.getByRole('region', { name: 'Payment Summary' });
    await expect(summary.getByRole('definition').filter({ hasText: '$' })).toHaveText(['$750', '$75', '$675', '$750']);
    await expect(summary.getByText('Platform fee (10%)')).toBeVisible();
    await expect(summary.getByText('Total')).toBeVisible();

    // Cancel on the hosted page comes back with ?canceled=true.
    await maya.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await maya.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
    await expect(maya.getByText('Finishline Sandbox — test mode, no real money moves')).toBeVisible();
    await expect(maya.getByText(`${HABIT_TRACKER} (bid #${habitBidId})`)).toBeVisible();
    await expect(maya.getByText('Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline')).toBeVisible();
    await maya.getByRole('link', { name: 'Cancel' }).click();
    await maya.waitForURL(new RegExp(`/payment/bid/${habitBidId}\\?canceled=true$`));
    await expect(maya.getByText('Payment Canceled', { exact: true })).toBeVisible();
    await expect(maya.getByText('Your payment was canceled. You can try again when ready.')).toBeVisible();
    // Issue 28, item 5: the page says no money moved.
    await expect(maya.getByRole('status').filter({ hasText: 'You left checkout before paying: you were not charged.' })).toBeVisible();
    await expectAccessibleAtBothWidths(maya, 'the payment page after a cancelled checkout');

    // A declined card stays on the hosted page with the provider's message; a good card pays.
    await expect(maya.getByText('Ready to proceed?')).toBeVisible();
    await maya.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await maya.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
    await fillCard(maya, '4000 0000 0000 0002');
    await maya.getByRole('button', { name: 'Pay $750' }).click();
    await expect(maya.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(maya).toHaveURL(/\/sandbox\/checkout\//);

    await maya.getByLabel('Card number').fill('4242 4242 4242 4242');
    await maya.getByRole('button', { name: 'Pay $750' }).click();
    await maya.waitForURL(new RegExp(`/projects/${habitTracker.id}\\?payment=success$`));

    const payment = await apiGet<Payment>(maya, `/api/projects/${habitTracker.id}/payment`);
    expect(payment).toMatchObject({ status: 'held', amountCents: 75000, platformFeeCents: 7500, developerAmountCents: 67500, releasedCents: 0 });

    // Paid now: /payment/bid/{bidId} and /checkout/{bidId} say so, invite no second payment and lead
    // back to the project (issue 16); the server refuses a second checkout all the same.
    for (const path of [`/payment/bid/${habitBidId}`, `/checkout/${habitBidId}`]) {
      await maya.goto(path);
      await expect(maya.getByRole('heading', { level: 1, name: 'This bid is paid' })).toBeVisible();
      await expect(maya.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
      await expect(maya.getByText('Ready for Payment', { exact: true })).toHaveCount(0);
      await expect(maya.getByText('Complete Your Payment')).toHaveCount(0);
    }
    const again = await maya.request.post(`/api/bids/${habitBidId}/pay`, { data: {}, headers: { origin: new URL(maya.url()).origin } });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe('This bid has already been paid');
    await maya.getByRole('link', { name: 'Back to Project' }).click();
    await expect(maya).toHaveURL(new RegExp(`/projects/${habitTracker.id}$`));
    await maya.context().close();
  });

  test('the payment page refuses what it cannot pay, and sends visitors to sign in', async ({ browser, page }) => {
    await page.goto(`/payment/bid/${habitBidId}`);
    await expect(page).toHaveURL(new RegExp(`/auth\\?next=%2Fpayment%2Fbid%2F${habitBidId}$`));

    const maya = await signIn(browser, 'maya');
    const recipe = await findProject(maya, 'Recipe sharing app');
    const pendingBid = recipe.bids.find((b) => b.status === 'pending');
    await maya.goto(`/payment/bid/${pendingBid!.id}`);
    await expect(maya.getByText('Payment not available', { exact: true })).toBeVisible();
    await expect(maya.getByText('This bid is not currently accepted for payment.')).toBeVisible();
    await expect(maya).toHaveURL(new RegExp(`/projects/${recipe.id}$`));

    await maya.goto('/payment/bid/999999');
    await expect(maya.getByRole('heading', { name: 'Error Loading Bid' })).toBeVisible();
    await expect(maya.getByText("We couldn't load the bid details. This bid may have been removed or you may not have permission to view it.")).toBeVisible();
    await expect(maya.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await maya.context().close();
  });

  test('a finisher sets up payouts through the sandbox onboarding', async ({ browser }) => {
    const sam = await signIn(browser, 'sam');
    await setUpPayouts(sam);

    await sam.goto('/onboarding-redirect?outcome=refresh');
    await expect(sam.getByRole('button', { name: 'Resume onboarding' })).toBeVisible();
    await sam.goto('/onboarding-redirect?outcome=nonsense');
    await expect(sam.getByText('Invalid redirect parameters')).toBeVisible();
    await expect(sam.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', '/profile?tab=skills');
    await sam.context().close();
  });

  test('accepted work releases 90% of the held payment to the finisher', async ({ browser }) => {
    // devon is seeded onboarded, with a connected account: the payout goes out at acceptance.
    const devon = await signIn(browser, 'devon');
    await apiSend(devon, 'POST', `/api/projects/${habitTracker.id}/complete`, { deliveryMessage: 'Notifications and device sync are done; see the README.' });

    const maya = await signIn(browser, 'maya');
    await apiSend(maya, 'POST', `/api/projects/${habitTracker.id}/accept`, { accepted: true });

    await expect.poll(async () => (await apiGet<Payment>(maya, `/api/projects/${habitTracker.id}/payment`)).status).toBe('released');
    const payment = await apiGet<Payment>(devon, `/api/projects/${habitTracker.id}/payment`);
    expect(payment).toMatchObject({
      status: 'released',
      amountCents: 75000,
      platformFeeCents: 7500,
      developerAmountCents: 67500,
      releasedCents: 67500,
      refundedCents: 0,
    });
    await devon.context().close();
    await maya.context().close();
  });

  test('cancelling a paid project refunds the payment once the developer agrees', async ({ browser }) => {
    const maya = await signIn(browser, 'maya');
    const devon = await signIn(browser, 'devon');
    const created = await apiSend<{ id: number }>(maya, 'POST', '/api/projects', {
      name: `Refund check ${Date.now().toString(36)}`,
      description: 'A half-built booking widget: the calendar renders, but payments and email confirmations are missing.',
      techStack: ['React', 'TypeScript'],
      codeLink: 'https://github.com/finishline-demo/booking-widget',
    });
    const bid = await apiSend<{ id: number }>(devon, 'POST', `/api/projects/${created.id}/bids`, {
      amount: 500,
      timeline: 5,
      message: 'I can wire up payments and confirmation emails this week.',
    });
    await apiSend(maya, 'POST', `/api/bids/${bid.id}/accept`, {});

    await payThroughSandbox(maya, bid.id, created.id, '$500');
    expect(await apiGet<Payment>(maya, `/api/projects/${created.id}/payment`)).toMatchObject({ status: 'held', amountCents: 50000 });

    await apiSend(maya, 'PATCH', `/api/projects/${created.id}/status`, { status: 'cancelled' });
    // Within the delivery deadline the developer is asked first (the deal clock), and agrees.
    expect(await apiGet<Payment>(maya, `/api/projects/${created.id}/payment`)).toMatchObject({ status: 'held' });
    await apiSend(devon, 'POST', `/api/projects/${created.id}/cancellation/agree`, {});
    await expect.poll(async () => (await apiGet<Payment>(maya, `/api/projects/${created.id}/payment`)).status).toBe('refunded');
    expect(await apiGet<Payment>(maya, `/api/projects/${created.id}/payment`)).toMatchObject({ refundedCents: 50000, releasedCents: 0 });
    await maya.context().close();
    await devon.context().close();
  });
});
