import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
// The API tests' git client. Relative: Playwright's loader maps ./x.js to x.ts but not a #test/* subpath.
// eslint-disable-next-line no-restricted-imports
import { gitOk, newWorkDir, withCredentials } from '../support/git-client.js';
import { test } from './fixtures.js';
import { apiGet, apiPost, confirmEmailFromMail, newApiUser, payThroughSandbox } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors, tabTo } from './page-checks.js';

// Issue 29, deals that know the code: a connected repository's intake report as a bidder reads it,
// and a deal delivered by pull request on the sandbox git host, accepted by merging it.

interface ReportAnswer {
  status: 'pending' | 'ready' | 'partial' | 'failed';
}

/** The demo data's people sign in with one password (src/server/db/seed-data.ts). */
async function signInDemo(page: Page, username: string) {
  await page.goto('/');
  await apiPost(page, '/api/login', { email: `${username}@demo.finishline.dev`, password: 'finishline' });
}

test('a bidder reads the intake report of a demo project’s repository, on its page and its browse card', async ({ page }) => {
  const errors = recordErrors(page);
  await signInDemo(page, 'devon');

  // The seed queues the intake job, which the server runs at its first listen: the report is written moments later.
  const projects = await apiGet<{ id: number; name: string }[]>(page, '/api/projects?q=Invoice%20generator%20SaaS');
  const projectId = projects.find((project) => project.name === 'Invoice generator SaaS')!.id;
  await expect.poll(async () => (await apiGet<ReportAnswer>(page, `/api/projects/${projectId}/repository-report`)).status, { timeout: 30_000 }).toBe('ready');

  // The browse card's one line.
  await page.goto('/projects');
  await page.getByRole('searchbox', { name: 'Search projects' }).fill('Invoice generator SaaS');
  const card = page.getByRole('article', { name: 'Invoice generator SaaS' });
  await expect(card.getByText(/^Repository: .*\bTypeScript\b.* · [\d,]+ lines · [1-9]\d* test files?$/)).toBeVisible();

  // The project page: the report card with its figures.
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  const report = page.getByRole('region', { name: 'Repository connected' });
  await expect(report.getByRole('link', { name: 'jonas/invoice-generator' })).toBeVisible();
  await expect(report.getByRole('list', { name: 'Languages by share of lines' })).toContainText('TypeScript');
  const figure = (term: string) => report.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Tests')).toHaveText(/^[1-9]\d* test files?/);
  await expect(figure('Continuous integration')).toHaveText('GitHub Actions');
  // A bidder reads it; only the owner may ask for a fresh read.
  await expect(report.getByRole('button', { name: 'Refresh report' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'a project page with its repository report');
  expect(errors).toEqual([]);
});

test('a deal delivered by pull request on the sandbox git host is accepted by merging it, and the payout released', async ({ browser }) => {
  test.setTimeout(150_000);
  const owner = await newApiUser(browser, 'repoowner', 'creator');
  const finisher = await newApiUser(browser, 'repodev', 'developer');
  const ownerErrors = recordErrors(owner.page);
  const finisherErrors = recordErrors(finisher.page);

  // The finisher can be paid out: address confirmed, sandbox onboarding done.
  await confirmEmailFromMail(finisher.page, finisher.account.email);
  const { url: onboardingUrl } = await apiPost<{ url: string }>(finisher.page, '/api/stripe/create-connect-account', {});
  await finisher.page.goto(onboardingUrl);
  await finisher.page.getByRole('button', { name: 'Submit' }).click();
  await finisher.page.waitForURL(/\/onboarding-redirect\?outcome=success$/);

  // The owner's repository on the sandbox host, created on the sandbox git page (reached from the
  // project form's picker) with the keyboard, then its first commit pushed with the real git client.
  const stamp = Date.now().toString(36);
  const repositoryName = `shop-${stamp}`;
  await owner.page.goto('/submit');
  await owner.page.getByRole('link', { name: 'Create a sandbox repository' }).click();
  await expect(owner.page).toHaveURL(/\/sandbox\/git$/);
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Sandbox git host' })).toBeVisible();
  const nameField = owner.page.getByLabel('Repository name');
  await tabTo(owner.page, nameField, 40);
  await owner.page.keyboard.type('my shop');
  await owner.page.keyboard.press('Enter');
  // The server's name rule, checked before anything is sent.
  await expect(owner.page.getByText('A repository name has 1 to 100 letters, digits, dots, dashes or underscores')).toBeVisible();
  await nameField.fill(repositoryName);
  await tabTo(owner.page, owner.page.getByRole('button', { name: 'Create repository' }), 5);
  await owner.page.keyboard.press('Enter');
  const created = owner.page.getByRole('region', { name: `Repository ${owner.account.username}/${repositoryName} created` });
  await expect(created).toBeVisible();
  const cloneUrl = (await created.getByTestId('clone-url').textContent())!;
  expect(cloneUrl).toMatch(new RegExp(`/git/${owner.account.username}/${repositoryName}\\.git$`));
  await expect(created).toContainText(`git clone ${cloneUrl}`);
  await expect(created).toContainText('git push -u origin main');
  await tabTo(owner.page, owner.page.getByRole('button', { name: 'Create a token' }), 10);
  await owner.page.keyboard.press('Enter');
  const tokenPanel = owner.page.getByRole('region', { name: 'Your new token' });
  await expect(tokenPanel).toContainText('Copy it now: it won’t be shown again.');
  await expect(tokenPanel.getByRole('button', { name: 'Copy the token' })).toBeVisible();
  const ownerToken = { username: owner.account.username, token: (await tokenPanel.getByTestId('sandbox-token').textContent())! };
  await expectAccessibleAtBothWidths(owner.page, 'the sandbox git page with a new repository and token');
  // The server's refusal, { code, message }, is shown as it says it.
  await nameField.fill(repositoryName);
  await owner.page.getByRole('button', { name: 'Create repository' }).click();
  await expect(owner.page.getByRole('alert').filter({ hasText: `You already have a repository named ${repositoryName}` })).toBeVisible();
  const repositories = await apiGet<{ id: number; fullName: string }[]>(owner.page, '/api/repositories');
  const repository = { ...repositories.find((listed) => listed.fullName === `${owner.account.username}/${repositoryName}`)!, cloneUrl };

  const work = newWorkDir();
  await gitOk(['init', '--quiet', '--initial-branch=main', work]);
  writeFileSync(path.join(work, 'README.md'), '# Shop\n\nThe catalogue works; the CSV export is still to do.\n');
  writeFileSync(path.join(work, 'export.ts'), 'export function exportCsv(): string {\n  return "";\n}\n');
  await gitOk(['add', '-A'], work);
  await gitOk(['commit', '--quiet', '-m', 'Initial commit'], work);
  await gitOk(['push', '--quiet', withCredentials(repository.cloneUrl, ownerToken.username, ownerToken.token), 'main'], work);
  const startCommit = await gitOk(['rev-parse', 'HEAD'], work);

  // The owner posts the project through the Submit Project form, connecting the repository.
  const name = `Shop with a repository ${stamp}`;
  await owner.page.goto('/submit');
  const form = owner.page.getByRole('form', { name: 'Submit Project' });
  await form.getByLabel('Project Name').fill(name);
  await form.getByLabel('Description').fill('A half-built shop: the catalogue works, the CSV export of the orders still needs to be finished.');
  await form.getByLabel('Tech Stack').click();
  await owner.page.getByRole('option', { name: 'TypeScript', exact: true }).click();
  await form.getByLabel('Code Repository Link').fill(`https://github.com/example/shop-${stamp}`);
  await form.getByLabel('Connected repository (optional)').click();
  await owner.page.getByRole('option', { name: `${repository.fullName} (Sandbox)` }).click();
  await expect(form.getByLabel('Merging the delivered pull request accepts the delivery')).toBeChecked();
  await form.getByRole('button', { name: 'Submit Project' }).click();
  await expect(owner.page).toHaveURL(/\/my-projects$/);
  await owner.page.getByRole('article', { name }).getByRole('link', { name: 'View Details' }).click();
  await expect(owner.page).toHaveURL(/\/projects\/\d+$/);
  const url = new URL(owner.page.url()).pathname;
  const projectId = Number(url.split('/').pop());
  await expect(owner.page.getByRole('region', { name: 'Repository connected' })).toContainText(repository.fullName);

  // The report is read before the bid is accepted, so the statement of work freezes a finished one.
  await expect
    .poll(async () => (await apiGet<ReportAnswer>(owner.page, `/api/projects/${projectId}/repository-report`)).status, { timeout: 30_000 })
    .toBe('ready');

  // A bid, accepted and paid: the finisher's push access is granted at once on the sandbox host.
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${projectId}/bids`, {
    amount: 1000,
    timeline: 14,
    message: 'I will finish the CSV export of the orders within two weeks.',
  });
  await apiPost(owner.page, `/api/bids/${bid.id}/accept`);
  await payThroughSandbox(owner.page, bid.id);
  await finisher.page.goto(url);
  await expect(finisher.page.getByTestId('repository-access')).toContainText('Push access: granted to you.');
  // The statement of work names the commit the deal starts from, and the report bidders read.
  const statement = finisher.page.getByTestId('statement-repository');
  await expect(statement).toContainText(`Starts from commit ${startCommit.slice(0, 7)}`);
  await expect(statement).toContainText(/Repository: .*[\d,]+ lines/);

  // The finisher pushes a branch with a token of their own, from the access line's link, and opens a pull request.
  await finisher.page.getByRole('link', { name: 'Get a token to push' }).click();
  await expect(finisher.page).toHaveURL(/\/sandbox\/git$/);
  await finisher.page.getByRole('button', { name: 'Create a token' }).click();
  const finisherToken = {
    username: finisher.account.username,
    token: (await finisher.page.getByRole('region', { name: 'Your new token' }).getByTestId('sandbox-token').textContent())!,
  };
  await finisher.page.goto(url);
  await gitOk(['checkout', '--quiet', '-b', 'finish'], work);
  writeFileSync(
    path.join(work, 'export.ts'),
    'export function exportCsv(rows: string[][]): string {\n  return rows.map((row) => row.join(",")).join("\\n");\n}\n',
  );
  await gitOk(['commit', '--quiet', '-am', 'Export the orders as CSV'], work);
  await gitOk(['push', '--quiet', withCredentials(repository.cloneUrl, finisherToken.username, finisherToken.token), 'finish'], work);
  const title = 'Export the orders as CSV';
  const pull = await apiPost<{ number: number }>(finisher.page, `/api/sandbox/git/repositories/${repository.id}/pulls`, {
    head: 'finish',
    base: 'main',
    title,
  });

  // Delivered in the UI by naming the pull request.
  await finisher.page.getByRole('button', { name: 'Mark as Completed' }).click();
  const dialog = finisher.page.getByRole('dialog', { name: 'Mark project as completed' });
  await dialog.getByLabel('Deliver by pull request').check();
  await dialog.getByLabel('Pull request number').fill(String(pull.number));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(finisher.page.getByText('Pull request delivered', { exact: true }).first()).toBeVisible();

  // Both parties read the pull request card.
  const pullCard = (page: Page) => page.getByRole('region', { name: `${title} #${pull.number}` });
  await expect(pullCard(finisher.page)).toContainText('1 commit');
  await expect(pullCard(finisher.page)).toContainText('1 file changed');
  await owner.page.reload();
  await expect(pullCard(owner.page)).toContainText('Open');
  await expect(pullCard(owner.page)).toContainText('1 file changed');
  await expectAccessibleAtBothWidths(owner.page, 'a deal delivered by pull request, as its owner');

  // Only the owner may merge from Finishline.
  await expect(pullCard(finisher.page).getByRole('button', { name: 'Merge pull request' })).toHaveCount(0);

  // The owner merges with the card's button, after being told it accepts the delivery: the host's
  // signed event accepts it and releases the payout, and the finisher's page follows live.
  await pullCard(owner.page).getByRole('button', { name: 'Merge pull request' }).click();
  const confirm = owner.page.getByRole('alertdialog', { name: 'Merge the pull request?' });
  await expect(confirm).toContainText('Merging accepts the delivery');
  await confirm.getByRole('button', { name: 'Merge and accept' }).click();
  await expect(owner.page.getByTestId('project-status')).toHaveText('Completed', { timeout: 20_000 });
  await expect(finisher.page.getByTestId('project-status')).toHaveText('Completed', { timeout: 20_000 });
  await expect(pullCard(owner.page)).toContainText('Accepted by merging the pull request');
  const payment = finisher.page.getByRole('region', { name: 'Payment', exact: true });
  await expect(payment.getByText('Released to developer')).toBeVisible({ timeout: 20_000 });
  await expect(pullCard(finisher.page)).toContainText('Merged');
  await expectAccessibleAtBothWidths(finisher.page, 'a deal accepted by merging its pull request, as its finisher');
  expect(ownerErrors).toEqual([]);
  expect(finisherErrors).toEqual([]);
});
