import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiGet, apiPost, payThroughSandbox, registerThroughUi, uniqueAccount } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors } from './page-checks.js';

// Issue 28, item 9 (decision 048): every time reads in its reader's zone. The owner's browser is in
// Los Angeles, the finisher's in Tokyo: each reads the same delivery deadline (with its grace days) and
// the same chat message in their own zone, at desktop width and at 320 px, on a server-rendered
// project page that hydrates without a console error; the owner's zone came from the registration
// form and is changed in the account settings.

test.use({ timezoneId: 'America/Los_Angeles' });
test.describe.configure({ timeout: 180_000 });

const OWNER_ZONE = 'America/Los_Angeles';
const FINISHER_ZONE = 'Asia/Tokyo';

interface Deal {
  nextStep: { action: string; dueAt: string | null; graceMs?: number; description: string } | null;
}
interface Message {
  createdAt: string;
  content: string;
}

/** The page's own wording, rebuilt here from Intl: 'Mon 30 Nov 2026, 14:05 PST'. */
function shownDateTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/** Spec section 9's chat time, 'MMM d, h:mm a', in the zone. */
function shownChatTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

const shownDay = (iso: string, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, day: 'numeric', month: 'short' }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month}`;
};

/** A developer whose browser is in Tokyo, registered as the registration form would: with the browser's zone. */
async function tokyoFinisher(browser: Browser) {
  const page = await (await browser.newContext({ timezoneId: FINISHER_ZONE })).newPage();
  await page.goto('/');
  const account = uniqueAccount('tokyodev');
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const user = await apiPost<{ id: number; timeZone: string }>(page, '/api/register', { ...account, role: 'developer', timeZone: browserZone });
  expect(user.timeZone).toBe(FINISHER_ZONE);
  return { page, account };
}

const clock = (page: Page) => page.getByRole('region', { name: 'Deal clock' });

test('each party reads the delivery deadline and a chat message in their own zone, on a page that hydrates cleanly', async ({ browser, page }) => {
  // The owner registers through the form: it sends the browser's zone.
  const ownerAccount = uniqueAccount('laowner');
  await registerThroughUi(page, ownerAccount, 'Creator');
  expect((await apiGet<{ timeZone: string }>(page, '/api/user')).timeZone).toBe(OWNER_ZONE);
  const finisher = await tokyoFinisher(browser);

  const project = await apiPost<{ id: number }>(page, '/api/projects', {
    name: `Zoned invoicing ${Date.now().toString(36)}`,
    description: 'A half-built invoicing tool: the invoices work, the CSV export and the reminders still need to be finished.',
    techStack: ['React', 'TypeScript'],
    codeLink: 'https://github.com/finishline-demo/invoicing',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 1000,
    timeline: 14,
    message: 'I will finish the CSV export and the reminders within two weeks.',
  });
  await apiPost(page, `/api/bids/${bid.id}/accept`);
  await payThroughSandbox(page, bid.id);
  await apiPost(page, `/api/bids/${bid.id}/conversations`);
  const message = await apiPost<Message>(page, `/api/bids/${bid.id}/messages`, { content: 'Welcome aboard: the CSV export first, please.' });

  const { nextStep } = await apiGet<Deal>(page, `/api/projects/${project.id}/deal`);
  expect(nextStep).toMatchObject({ action: 'deliver' });
  const { dueAt, graceMs } = nextStep!;
  expect(graceMs).toBeGreaterThan(0);
  const graceDays = graceMs! / 86_400_000;
  const grace = `includes ${graceDays} grace ${graceDays === 1 ? 'day' : 'days'}`;
  // The server's sentence names the day in the reader's stored zone, and says the grace it includes.
  expect(nextStep!.description).toContain(`has until ${shownDay(dueAt!, OWNER_ZONE)} (the deadline ${grace}) to deliver the work`);
  const finisherStep = (await apiGet<Deal>(finisher.page, `/api/projects/${project.id}/deal`)).nextStep!;
  expect(finisherStep.description).toContain(`has until ${shownDay(dueAt!, FINISHER_ZONE)} (the deadline ${grace})`);

  for (const [who, reader, zone, description] of [
    ['owner', page, OWNER_ZONE, nextStep!.description],
    ['finisher', finisher.page, FINISHER_ZONE, finisherStep.description],
  ] as const) {
    const errors = recordErrors(reader);
    await reader.goto(`/projects/${project.id}`);
    const due = clock(reader).locator('time');
    await expect(due).toHaveAttribute('datetime', dueAt!);
    await expect(due).toHaveText(shownDateTime(dueAt!, zone));
    await expect(due).toHaveAttribute('data-time-zone', zone);
    await expect(clock(reader).getByTestId('deal-due-grace')).toHaveText(` (${grace})`);
    await expect(clock(reader).getByText(description, { exact: true })).toBeVisible();
    await reader.waitForLoadState('networkidle');
    await reader.setViewportSize({ width: 320, height: 900 });
    await expect(due).toBeVisible();
    await expect(due).toHaveText(shownDateTime(dueAt!, zone));
    await expectAccessibleAtBothWidths(reader, `the deal clock in ${zone}, as the ${who}`);
    expect(errors, `console errors on the server-rendered project page, as the ${who}`).toEqual([]);

    await reader.goto(`/chat/${bid.id}`);
    const log = reader.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(message.content)).toBeVisible();
    await expect(log.locator(`time[datetime="${message.createdAt}"]`)).toHaveText(shownChatTime(message.createdAt, zone));
    await reader.setViewportSize({ width: 320, height: 900 });
    await expect(log.locator(`time[datetime="${message.createdAt}"]`)).toBeVisible();
    await expectAccessibleAtBothWidths(reader, `the chat in ${zone}, as the ${who}`);
  }

  // Without scripts, the server's markup says UTC, labelled: the browser's zone comes after hydration.
  const bare = await browser.newContext({ javaScriptEnabled: false, timezoneId: OWNER_ZONE, storageState: await page.context().storageState() });
  const barePage = await bare.newPage();
  await barePage.goto(`/projects/${project.id}`);
  const serverDue = clock(barePage).locator('time');
  await expect(serverDue).toHaveAttribute('data-time-zone', 'UTC');
  await expect(serverDue).toHaveText(shownDateTime(dueAt!, 'UTC'));
  await bare.close();
  await finisher.page.context().close();
});

test('the owner sees the zone mail uses and changes it in the account settings', async ({ page }) => {
  const account = uniqueAccount('zonesettings');
  await registerThroughUi(page, account, 'Creator');
  await page.goto('/profile?tab=security');
  const form = page.getByRole('form', { name: 'Time zone' });
  await expect(form.getByTestId('time-zone-hint')).toHaveText(`Emails give dates in ${OWNER_ZONE}. This browser shows times in ${OWNER_ZONE}.`);
  await expect(form.getByLabel('Time zone')).toHaveValue(OWNER_ZONE);
  await expect(form.getByRole('button', { name: "Use this browser's zone" })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
  await form.getByLabel('Time zone').selectOption('Europe/Berlin');
  await form.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Time zone saved', { exact: true })).toBeVisible();
  await expect(form.getByTestId('time-zone-hint')).toHaveText(`Emails give dates in Europe/Berlin. This browser shows times in ${OWNER_ZONE}.`);
  expect((await apiGet<{ timeZone: string }>(page, '/api/user')).timeZone).toBe('Europe/Berlin');
  await expectAccessibleAtBothWidths(page, 'the time zone setting');
  // One click goes back to the browser's zone.
  await form.getByRole('button', { name: "Use this browser's zone" }).click();
  await expect(form.getByTestId('time-zone-hint')).toHaveText(`Emails give dates in ${OWNER_ZONE}. This browser shows times in ${OWNER_ZONE}.`);
});
