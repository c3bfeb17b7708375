import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { blockingAxeViolations } from './page-checks.js';
import { apiGet, apiPost, newApiUser } from './helpers.js';
import { readMailTo } from './mail.js';

// Deal mail (docs/decisions/028-deal-mail.md): the Email preferences section of the profile and
// the page an emailed unsubscribe link opens, by keyboard, at desktop width and at 320 px, with axe.

async function expectAccessible(page: Page, state: string) {
  const blocking = await blockingAxeViolations(page);
  expect(blocking, `axe on ${state}`).toEqual([]);
}

/**
 * Nothing of this feature sticks out sideways. (The site header is checked by the layout's own
 * tests; at 320 px a visitor's header is 3 px too wide, which is not this feature's.)
 */
async function expectFitsWidth(part: Locator) {
  const overflowing = await part.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 || element.getBoundingClientRect().left < -0.5)
      .map((element) => `${element.tagName.toLowerCase()} ${element.textContent?.slice(0, 40) ?? ''}`),
  );
  expect(overflowing, 'elements wider than the window').toEqual([]);
}

const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '320 px', width: 320, height: 640 },
];

for (const size of widths) {
  test(`email preferences on the profile, by keyboard (${size.name})`, async ({ browser }) => {
    // A long name: the profile header above the section must not widen the page at 320 px.
    const user = await newApiUser(browser, 'email_preferences', 'creator');
    const { page } = user;
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/profile?tab=security');
    const section = page.getByRole('region', { name: 'Email preferences' });
    await expect(section).toBeVisible();
    for (const name of ['Bid updates', 'Deal updates', 'Reminders']) await expect(section.getByRole('checkbox', { name })).toBeChecked();
    await expectAccessible(page, `the email preferences (${size.name})`);
    await expectFitsWidth(section);

    // From the first box, Tab moves to the next; Space toggles and saves.
    await section.getByRole('checkbox', { name: 'Bid updates' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(section.getByRole('checkbox', { name: 'Reminders' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByText('Email preferences saved')).toBeVisible();
    await expect(section.getByRole('checkbox', { name: 'Reminders' })).not.toBeChecked();
    expect(await apiGet(page, `/api/users/${user.id}/email-preferences`)).toEqual({
      bidUpdates: true,
      dealUpdates: true,
      reminders: false,
      projectAlerts: true,
    });

    await page.reload();
    await expect(page.getByRole('region', { name: 'Email preferences' }).getByRole('checkbox', { name: 'Reminders' })).not.toBeChecked();
    await page.context().close();
  });

  test(`the unsubscribe page an emailed link opens (${size.name})`, async ({ browser }) => {
    const owner = await newApiUser(browser, 'mailowner', 'creator');
    const finisher = await newApiUser(browser, 'mailfinisher', 'developer');
    const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
      name: `Storefront <b>${Date.now().toString(36)}</b>`,
      description: 'A half-built storefront: the catalogue works, checkout and the order emails still need to be finished.',
      techStack: ['React'],
      codeLink: 'https://github.com/finishline-demo/storefront',
    });
    await apiPost(finisher.page, `/api/projects/${project.id}/bids`, {
      amount: 800,
      timeline: 14,
      message: 'I have finished three storefronts like this one.',
    });
    // Deal mail only: every new account also got its confirmation mail (decision 036).
    const dealMail = () => readMailTo(owner.account.email).filter((mail) => mail.subject !== 'Confirm your Finishline email address');
    await expect.poll(() => dealMail().length).toBe(1);
    const [mail] = dealMail();
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /https?:\/\/\S+\/email\/unsubscribe\?token=\S+/.exec(mail!.text)![0];

    // Opened in a browser with no session, as from a mail program.
    const page = await (await browser.newContext()).newPage();
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByText('This turns off bid updates emails')).toBeVisible();
    await expectAccessible(page, `the unsubscribe page (${size.name})`);
    await expectFitsWidth(page.getByRole('main'));
    // Opening the page changed nothing: a link scanner's GET does not unsubscribe.
    expect(await apiGet(owner.page, `/api/users/${owner.id}/email-preferences`)).toMatchObject({ bidUpdates: true });

    const button = page.getByRole('button', { name: 'Turn off bid updates emails' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Bid updates emails are turned off. You can turn them back on at any time.');
    await expect(page.getByRole('link', { name: 'Change your email preferences' })).toBeVisible();
    await expectAccessible(page, `the unsubscribe confirmation (${size.name})`);
    expect(await apiGet(owner.page, `/api/users/${owner.id}/email-preferences`)).toEqual({
      bidUpdates: false,
      dealUpdates: true,
      reminders: true,
      projectAlerts: true,
    });

    // A damaged link says so.
    await page.goto(`${link.slice(0, -3)}xyz`);
    await page.getByRole('button', { name: 'Turn off bid updates emails' }).click();
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
    await page.goto('/email/unsubscribe?token=nonsense');
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');

    for (const context of [page.context(), owner.page.context(), finisher.page.context()]) await context.close();
  });
}
