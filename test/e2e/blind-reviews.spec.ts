import { expect } from '@playwright/test';
import { paidDeliveredDeal } from './deal-setup.js';
import { test } from './fixtures.js';
import { apiPost } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 30, item 8: reviews are double-blind. The owner's review stays hidden from the finisher and
// the public (its author may still change it) until the finisher reviews too; then both show, on both
// pages at once, and neither can change any more.

test('a review stays hidden from the other party until both have reviewed, then both show live on both pages', async ({ browser }) => {
  test.setTimeout(120_000);
  const { owner, finisher, projectId, url } = await paidDeliveredDeal(browser, { owner: 'blind-owner', finisher: 'blind-dev', project: 'Blind reviews' });
  await apiPost(owner.page, `/api/projects/${projectId}/accept`, { accepted: true });
  const ownerErrors = recordErrors(owner.page);
  const finisherErrors = recordErrors(finisher.page);
  await owner.page.goto(url);
  await finisher.page.goto(url);

  // The owner rates the developer by keyboard.
  const panel = owner.page.getByRole('region', { name: 'Reviews' });
  await expect(panel.getByText('Reviews are double-blind')).toBeVisible();
  const form = panel.getByRole('form', { name: 'Rate the developer' });
  await tabTo(owner.page, form.getByRole('button', { name: '4 stars' }), 150);
  await owner.page.keyboard.press('Enter');
  await form.getByLabel('Comment (optional)').fill('Careful work, a little slow to answer.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(panel.getByText('Careful work, a little slow to answer.')).toBeVisible();
  await expect(panel.getByText(/^Only you can see this review until the other party leaves theirs, or until /)).toBeVisible();

  // Hidden from the finisher, who learns a review waits (live), and from a visitor.
  const finisherPanel = finisher.page.getByRole('region', { name: 'Reviews' });
  await expect(finisherPanel.getByRole('form', { name: 'Rate the client' })).toBeVisible();
  await expect(finisher.page.getByText('Careful work')).toHaveCount(0);
  await finisher.page.goto('/notifications');
  await expect(finisher.page.getByText(/reviewed you on ".+"\. You will see it once you leave your own review, or on /)).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/developers/${finisher.account.username}`);
  await expect(visitor.getByRole('heading', { level: 1, name: finisher.account.username })).toBeVisible();
  await expect(visitor.getByText('Careful work')).toHaveCount(0);

  // While hidden the owner changes it.
  await panel.getByRole('button', { name: 'Edit review' }).click();
  const edit = panel.getByRole('form', { name: 'Edit your review' });
  await edit.getByLabel('Comment (optional)').fill('Careful work, and quick once the brief was clear.');
  await expectAccessibleAtBothWidths(owner.page, 'a hidden review being edited');
  await edit.getByRole('button', { name: 'Save review' }).click();
  await expect(panel.getByText('Careful work, and quick once the brief was clear.')).toBeVisible();

  // The finisher's review reveals both, on both pages, without a reload.
  await finisher.page.goto(url);
  const finisherForm = finisherPanel.getByRole('form', { name: 'Rate the client' });
  await finisherForm.getByRole('button', { name: '5 stars' }).click();
  await finisherForm.getByLabel('Comment (optional)').fill('A clear brief and fast payment.');
  await finisherForm.getByRole('button', { name: 'Submit Review' }).click();
  await expect(finisherPanel.getByText('Careful work, and quick once the brief was clear.')).toBeVisible();
  await expect(panel.getByText('A clear brief and fast payment.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit review' })).toHaveCount(0);
  await expect(panel.getByText(/^Only you can see this review/)).toHaveCount(0);
  await expectAccessibleAtBothWidths(finisher.page, 'revealed reviews');

  await visitor.reload();
  await expect(visitor.getByText('Careful work, and quick once the brief was clear.')).toBeVisible();
  expect(ownerErrors).toEqual([]);
  expect(finisherErrors).toEqual([]);
});
