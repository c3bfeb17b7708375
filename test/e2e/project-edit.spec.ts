import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, newApiUser } from './helpers.js';
import { expectAccessibleAtBothWidths, isFocused, tabTo } from './page-checks.js';

// Issue 18, item 1: the owner edits an open project (its fields and acceptance criteria) from the
// project page; nobody else is offered the action, and it goes once a bid is accepted. The dialog is
// checked with axe at desktop width and at 320 px, and used with the keyboard.

const LIMIT = 60;
const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first();
const editButton = (page: Page) => page.getByRole('button', { name: 'Edit Project' });
const criteriaList = (page: Page) => page.getByRole('region', { name: 'Acceptance Criteria' });

test('the owner edits the description and a criterion; a finisher and a visitor are not offered the edit', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await newApiUser(browser, 'editowner', 'creator');
  const finisher = await newApiUser(browser, 'editdev', 'developer');
  const criteria = ['Checkout works with a test card', 'The admin can add products'];
  const project = await apiPost<{ id: number; acceptanceCriteria: { id: number; text: string }[] }>(owner.page, '/api/projects', {
    name: `Half-built shop ${Date.now().toString(36)}`,
    description: 'The catalogue works; the checkout, the admin screens and the order e-mails still need to be finished.',
    techStack: ['React'],
    codeLink: 'https://github.com/example/shop',
    acceptanceCriteria: criteria,
  });
  const [first, second] = project.acceptanceCriteria;
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 900,
    timeline: 10,
    message: 'I have finished three shops like this one.',
    criteriaAnswers: [
      { criterionId: first!.id, answer: 'agree' },
      { criterionId: second!.id, answer: 'agree' },
    ],
  });
  const url = `/projects/${project.id}`;

  // A developer who bid, and a visitor, read the project without the edit action.
  await finisher.page.goto(url);
  await expect(criteriaList(finisher.page).getByText(criteria[0]!)).toBeVisible();
  await expect(editButton(finisher.page)).toHaveCount(0);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url);
  await expect(criteriaList(visitor).getByText(criteria[0]!)).toBeVisible();
  await expect(editButton(visitor)).toHaveCount(0);

  // The owner opens the dialog with the keyboard: the fields hold the project as posted.
  await owner.page.goto(url);
  await tabTo(owner.page, editButton(owner.page), LIMIT);
  await owner.page.keyboard.press('Enter');
  const dialog = owner.page.getByRole('dialog', { name: 'Edit Project' });
  const description = dialog.getByLabel('Description', { exact: true });
  const criteriaField = dialog.getByLabel('Acceptance Criteria (optional)');
  await expect(description).toHaveValue(/^The catalogue works/);
  await expect(criteriaField).toHaveValue(criteria.join('\n'));
  await expectAccessibleAtBothWidths(owner.page, 'the Edit Project dialog');

  // The shared schema refuses a short description before anything is sent.
  await description.fill('Too short.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Description must be at least 50 characters')).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expectAccessibleAtBothWidths(owner.page, 'the Edit Project dialog with a field error');

  // A new description and a reworded second criterion, saved from the keyboard.
  const newDescription = 'The catalogue and the checkout work; the admin screens and the order e-mails are what is left to finish.';
  const newCriterion = 'The admin can add and archive products';
  await description.fill(newDescription);
  await criteriaField.fill([criteria[0], newCriterion].join('\n'));
  const save = dialog.getByRole('button', { name: 'Save Changes' });
  await tabTo(owner.page, save, 10);
  expect(await isFocused(save)).toBe(true);
  await owner.page.keyboard.press('Enter');
  await expect(toast(owner.page, 'Project updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(editButton(owner.page)).toBeFocused();

  // The page shows the new text at once; the unchanged criterion kept its id (and the bid's answer to it).
  const overview = criteriaList(owner.page);
  await expect(owner.page.getByText(newDescription)).toBeVisible();
  await expect(overview.getByText(newCriterion)).toBeVisible();
  await expect(overview.getByText(criteria[1]!, { exact: true })).toHaveCount(0);
  const after = await (await owner.page.request.get(`/api/projects/${project.id}`)).json();
  expect(after.acceptanceCriteria[0]).toEqual({ id: first!.id, text: criteria[0] });
  expect(after.acceptanceCriteria[1].text).toBe(newCriterion);
  expect(after.acceptanceCriteria[1].id).not.toBe(second!.id);

  // The developer reads the edited project too.
  await finisher.page.reload();
  await expect(finisher.page.getByText(newDescription)).toBeVisible();
  await expect(criteriaList(finisher.page).getByText(newCriterion)).toBeVisible();

  // Once a bid is accepted the project is no longer open for bids, and the edit action goes.
  await apiPost(owner.page, `/api/bids/${bid.id}/accept`);
  await owner.page.reload();
  await expect(owner.page.getByRole('heading', { name: 'Statement of Work' })).toBeVisible();
  await expect(editButton(owner.page)).toHaveCount(0);
});
