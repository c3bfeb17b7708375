import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { paidDeliveredDeal } from './deal-setup.js';
import { apiPost, confirmEmailFromMail, newApiUser, payThroughSandbox } from './helpers.js';
import { readMailTo } from './mail.js';
import { expectAccessibleAtBothWidths } from './page-checks.js';

// Issue 28, items 2, 6 and 11: what waits for a payout account and where to set it up, the
// criteria a revision names, on both parties' screens at 1280 and 320 px, with the notification
// and the mail saying the same.

/** Every console error of a page, to be empty at the end. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('money waiting for the payout account says how much and links the setup, then says it moved', async ({ browser }) => {
  test.setTimeout(240_000);
  const deal = await paidDeliveredDeal(browser, { owner: 'waitowner', finisher: 'waitdev', project: 'Invoicing tool' });
  const { owner, finisher } = deal;
  const finisherErrors = collectConsoleErrors(finisher.page);
  const ownerErrors = collectConsoleErrors(owner.page);
  await apiPost(owner.page, `/api/projects/${deal.projectId}/accept`, { accepted: true });

  // The finisher's project page: the $900 (90% of $1,000) waits, and the card opens the payout setup.
  await finisher.page.goto(deal.url);
  const waiting = finisher.page.getByRole('region', { name: '$900 waits for your payout account' });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole('link', { name: 'Set up payouts' })).toHaveAttribute('href', '/profile?tab=skills');
  await expectAccessibleAtBothWidths(finisher.page, 'the payout waiting card');
  // The owner's page has no such card.
  await owner.page.goto(deal.url);
  await expect(owner.page.getByRole('region', { name: 'Deal history' })).toBeVisible();
  await expect(owner.page.getByRole('region', { name: /waits for your payout account/ })).toHaveCount(0);
  await expectAccessibleAtBothWidths(owner.page, 'the owner’s page of an accepted deal');

  // The notification says the same and opens the payout setup; so does the mail.
  await finisher.page.goto('/notifications');
  const list = finisher.page.getByRole('list', { name: 'Notifications' });
  const accepted = list.getByRole('button', { name: /Work accepted/ });
  await expect(accepted).toContainText('$900 waits for your payout account');
  await expectAccessibleAtBothWidths(finisher.page, 'the notifications with money waiting');
  await accepted.click();
  await expect(finisher.page).toHaveURL(/\/profile\?tab=skills$/);
  await expect
    .poll(() => readMailTo(finisher.account.email).find((m) => m.subject.startsWith('Your work on'))?.text ?? '')
    .toContain('$900 waits for your payout account');
  const acceptedMail = readMailTo(finisher.account.email).find((m) => m.subject.startsWith('Your work on'))!;
  expect(acceptedMail.text).toMatch(/Set up payouts: https?:\/\/\S+\/profile\?tab=skills/);

  // The finisher sets up payouts from there: the money moves and the page and the notification say so, once.
  await confirmEmailFromMail(finisher.page, finisher.account.email);
  await finisher.page.goto('/profile?tab=skills');
  await finisher.page.getByRole('region', { name: 'Payment Settings' }).getByRole('button', { name: 'Set up payouts' }).click();
  await finisher.page.waitForURL(/\/sandbox\/onboarding\//);
  await finisher.page.getByRole('button', { name: 'Submit' }).click();
  await finisher.page.waitForURL(/\/onboarding-redirect\?outcome=success$/);
  await expect(finisher.page.getByRole('heading', { name: 'Payout account ready' })).toBeVisible();

  await finisher.page.goto('/notifications');
  const payout = list.getByRole('button', { name: /Payout released/ });
  await expect(payout).toHaveCount(1);
  await expect(payout).toContainText(`Your payout account is set up, so the money that waited for it is paid out: $900 for the deal on "${deal.name}"`);
  await finisher.page.goto(deal.url);
  await expect(finisher.page.getByRole('region', { name: 'Deal history' })).toBeVisible();
  await expect(finisher.page.getByRole('region', { name: /waits for your payout account/ })).toHaveCount(0);
  await expect
    .poll(() =>
      readMailTo(finisher.account.email)
        .filter((m) => m.subject.startsWith('Payout released for'))
        .map((m) => m.subject),
    )
    .toEqual([`Payout released for "${deal.name}": $900`]);

  expect(finisherErrors).toEqual([]);
  expect(ownerErrors).toEqual([]);
});

test('a revision names its unmet criteria in the finisher’s callout and in both parties’ history', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await newApiUser(browser, 'critowner', 'creator');
  const finisher = await newApiUser(browser, 'critdev', 'developer');
  const criteria = ['Checkout works with a test card', 'The admin can add products with a very long name that wraps at 320 px'];
  const project = await apiPost<{ id: number; acceptanceCriteria: { id: number; text: string }[] }>(owner.page, '/api/projects', {
    name: `Half-built shop ${Date.now().toString(36)}`,
    description: 'The catalogue works; the checkout and the admin screens still need to be finished properly.',
    techStack: ['React'],
    codeLink: 'https://github.com/example/shop',
    acceptanceCriteria: criteria,
  });
  const [first, second] = project.acceptanceCriteria;
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 800,
    timeline: 10,
    message: 'I will finish the checkout and the admin within ten days.',
    criteriaAnswers: [
      { criterionId: first!.id, answer: 'agree' },
      { criterionId: second!.id, answer: 'agree' },
    ],
  });
  await apiPost(owner.page, `/api/bids/${bid.id}/accept`);
  await payThroughSandbox(owner.page, bid.id);
  await apiPost(finisher.page, `/api/projects/${project.id}/complete`, {
    deliveryMessage: 'Both are done; see the README.',
    evidence: [
      { criterionId: first!.id, note: 'https://example.com/checkout-demo' },
      { criterionId: second!.id, note: 'See the admin recording in the PR' },
    ],
  });
  await apiPost(owner.page, `/api/projects/${project.id}/accept`, {
    accepted: false,
    reason: 'The checkout fails with the test card, and products cannot be saved.',
    unmetCriteria: [first!.id, second!.id],
  });
  const finisherErrors = collectConsoleErrors(finisher.page);
  const ownerErrors = collectConsoleErrors(owner.page);
  const url = `/projects/${project.id}`;

  // The finisher's "Changes requested" box lists both criteria, then the reason.
  await finisher.page.goto(url);
  const callout = finisher.page.getByRole('region', { name: 'Changes requested' });
  const calloutList = callout.getByRole('list', { name: 'Criteria not met' });
  await expect(calloutList.getByRole('listitem')).toHaveText(criteria);
  await expect(callout).toContainText('The checkout fails with the test card');
  // The history, for both parties.
  for (const page of [finisher.page, owner.page]) {
    if (page === owner.page) await owner.page.goto(url);
    const entry = page.getByRole('listitem', { name: 'Sent back for a revision' });
    await expect(entry.getByRole('list', { name: 'Criteria not met' }).getByRole('listitem')).toHaveText(criteria);
  }
  await expectAccessibleAtBothWidths(finisher.page, 'the changes requested box with criteria');
  await expectAccessibleAtBothWidths(owner.page, 'the owner’s history with unmet criteria');

  // The notification names them too.
  await finisher.page.goto('/notifications');
  const notice = finisher.page.getByRole('list', { name: 'Notifications' }).getByRole('button', { name: /Revision requested/ });
  await expect(notice).toContainText(`Not met: "${criteria[0]}"; "${criteria[1]}".`);
  await expectAccessibleAtBothWidths(finisher.page, 'the revision notification');

  expect(finisherErrors).toEqual([]);
  expect(ownerErrors).toEqual([]);
});
