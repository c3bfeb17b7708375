import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { blockingAxeViolations } from './page-checks.js';
import { openLive, uniqueAccount } from './helpers.js';

// Chat, notifications and the live connection between two parties of one bid, in two browser
// contexts: messages and toasts arrive without a reload, the header badges follow, and a third
// user is kept out of the chat.

interface Party {
  page: Page;
  id: number;
  username: string;
}

/** page.request shares the page's cookies; the explicit Origin satisfies the server's cross-origin check. */
const originHeader = () => ({ origin: test.info().project.use.baseURL! });

async function apiPost<T>(page: Page, url: string, data: unknown = {}): Promise<T> {
  const response = await page.request.post(url, { data, headers: originHeader() });
  expect(response.ok(), `POST ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A fresh account in its own browser context, registered (and so signed in) through the API. */
async function newParty(browser: Browser, prefix: string, role: 'creator' | 'developer'): Promise<Party> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  const { username, email, password } = uniqueAccount(prefix);
  const user = await apiPost<{ id: number }>(page, '/api/register', { username, email, password, role });
  return { page, id: user.id, username };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first();
const header = (page: Page) => page.getByRole('banner');
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const messageInput = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });

test.describe.configure({ mode: 'serial' });

let owner: Party;
let finisher: Party;
let stranger: Party;
let projectId: number;
let bidId: number;
const projectName = `Half-built invoicing tool ${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  owner = await newParty(browser, 'chat_owner', 'creator');
  finisher = await newParty(browser, 'chat_dev', 'developer');
  stranger = await newParty(browser, 'chat_other', 'developer');
  projectId = (
    await apiPost<{ id: number }>(owner.page, '/api/projects', {
      name: projectName,
      description: 'Invoices and PDF export work; recurring billing, reminders and the tax report still need to be finished.',
      techStack: ['React', 'Node.js'],
      codeLink: 'https://github.com/example/invoicing',
    })
  ).id;
  bidId = (
    await apiPost<{ id: number }>(finisher.page, `/api/projects/${projectId}/bids`, {
      amount: 1200,
      timeline: 14,
      message: 'I can finish recurring billing and the reminders within two weeks.',
      finisherId: finisher.id,
    })
  ).id;
});

test.afterAll(async () => {
  for (const party of [owner, finisher, stranger]) await party?.page.context().close();
});

test('the owner starts the conversation from the bid and lands on the dashboard’s messages tab', async () => {
  const { page } = owner;
  await page.goto(`/projects/${projectId}`);
  // The page arrives rendered by the server: before it has hydrated the link is a plain link to /messages.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const bid = page.getByRole('listitem', { name: `Bid from ${finisher.username}` });
  const opened = page.waitForURL(/\/dashboard\?tab=messages&channel=\d+&thread=\d+$/);
  // Still a link to /messages (spec section 2); a click starts the conversation instead.
  await expect(bid.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/messages');
  await bid.getByRole('link', { name: 'Chat' }).click();
  await expect(toast(page, 'Conversation started')).toBeVisible();
  await opened;

  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('heading', { name: finisher.username })).toBeVisible();
  await expect(conversation.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Developer Info' })).toContainText(finisher.username);
  await expect(page.getByRole('region', { name: 'Developer Info' }).getByRole('link', { name: projectName })).toHaveAttribute('href', `/projects/${projectId}`);
});

test('messages travel live both ways, Enter sends, Shift+Enter adds a line and HTML stays text', async () => {
  // The finisher's chat page.
  await openLive(finisher.page, `/chat/${bidId}`);
  await expect(finisher.page.getByRole('heading', { name: 'Project Chat' })).toBeVisible();
  await expect(finisher.page.getByText(`Chatting with the client about "${projectName}"`)).toBeVisible();
  await expect(finisher.page.getByText('Bid Amount: $1,200')).toBeVisible();
  await expect(finisher.page.getByRole('heading', { name: `Chat with ${owner.username}` })).toBeVisible();
  await expect(finisher.page.getByText(`Project: ${projectName}`)).toBeVisible();
  await expect(finisher.page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expect(finisher.page.getByRole('link', { name: 'Back to Messages' })).toHaveAttribute('href', '/messages');
  await expect(messageInput(finisher.page)).toHaveAttribute('placeholder', 'Type your message...');

  // An empty or blank message cannot be sent.
  await expect(sendButton(finisher.page)).toBeDisabled();
  await messageInput(finisher.page).fill('   ');
  await expect(sendButton(finisher.page)).toBeDisabled();
  await messageInput(finisher.page).press('Enter');
  await expect(finisher.page.getByText('No messages yet. Start the conversation!')).toBeVisible();

  // The owner opens the conversation on the Messages page.
  await openLive(owner.page, '/messages');
  await expect(owner.page.getByText('Select a conversation')).toBeVisible();
  await owner.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(finisher.username) })
    .click();
  await expect(owner.page.getByText('No messages yet. Start the conversation!')).toBeVisible();

  // Enter sends (trimmed); the owner sees it without reloading, with the 'New Message' toast.
  await messageInput(finisher.page).fill('  Hi! I can start on Monday.  ');
  await messageInput(finisher.page).press('Enter');
  await expect(messageLog(finisher.page).getByText('Hi! I can start on Monday.', { exact: true })).toBeVisible();
  await expect(messageInput(finisher.page)).toHaveValue('');
  await expect(messageLog(owner.page).getByText('Hi! I can start on Monday.', { exact: true })).toBeVisible();
  // The owner is reading this very conversation: no toast covers its composer (issue 16).
  await expect(owner.page.locator('[data-sonner-toast]').filter({ hasText: 'New Message' })).toHaveCount(0);
  const incoming = messageLog(owner.page).getByRole('listitem').filter({ hasText: 'Hi! I can start on Monday.' });
  await expect(incoming).toHaveAttribute('data-own', 'false');
  await expect(incoming).toContainText(finisher.username);
  await expect(incoming.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);

  // Shift+Enter adds a line instead of sending.
  await messageInput(finisher.page).fill('Line one');
  await messageInput(finisher.page).press('Shift+Enter');
  await messageInput(finisher.page).pressSequentially('Line two');
  await expect(messageInput(finisher.page)).toHaveValue('Line one\nLine two');
  await expect(messageLog(finisher.page).getByRole('listitem')).toHaveCount(1);
  await messageInput(finisher.page).press('Enter');
  await expect(messageLog(owner.page).getByTestId('message-content').last()).toHaveText('Line one\nLine two', { useInnerText: true });

  // Markup arrives as literal text.
  const markup = '<b>bold</b><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  await messageInput(finisher.page).fill(markup);
  await sendButton(finisher.page).click();
  await expect(messageLog(owner.page).getByText(markup, { exact: true })).toBeVisible();
  await expect(messageLog(owner.page).locator('b, img, script')).toHaveCount(0);
  expect(await owner.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // The owner answers with the button; it sits on the right and reaches the finisher live.
  await messageInput(owner.page).fill('Monday works. Welcome aboard!');
  await sendButton(owner.page).click();
  await expect(messageLog(owner.page).getByRole('listitem').filter({ hasText: 'Monday works. Welcome aboard!' })).toHaveAttribute('data-own', 'true');
  await expect(messageLog(finisher.page).getByText('Monday works. Welcome aboard!')).toBeVisible();
  await expect(finisher.page.locator('[data-sonner-toast]').filter({ hasText: 'New Message' })).toHaveCount(0);

  // Reading as it arrived left nothing unread.
  await expect(header(owner.page).getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
});

test('the messages badge rises with a message read elsewhere and clears once the conversation is read', async () => {
  await openLive(owner.page, '/dashboard');
  await messageInput(finisher.page).fill('Are you there?');
  await messageInput(finisher.page).press('Enter');
  await expect(header(owner.page).getByRole('link', { name: 'Messages (1 unread)' })).toBeVisible();
  // Away from the conversation, the message raises the spec's toast.
  await expect(toast(owner.page, 'New Message')).toBeVisible();
  await expect(owner.page.locator('[data-sonner-toast]').getByText(`New message in thread: Bid #${bidId}: ${projectName}`)).toBeVisible();

  await header(owner.page).getByRole('link', { name: 'Messages (1 unread)' }).click();
  await expect(owner.page).toHaveURL(/\/messages$/);
  const row = owner.page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(finisher.username) });
  await expect(row).toContainText('Are you there?');
  await expect(row).toContainText('1 unread');
  await row.click();
  await expect(messageLog(owner.page).getByText('Are you there?')).toBeVisible();
  await expect(header(owner.page).getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(row).not.toContainText('unread');
});

test('the finisher sees the client’s details on the Messages page', async () => {
  await finisher.page.goto(`/messages?bid=${bidId}`);
  await expect(finisher.page.getByRole('region', { name: 'Client Info' })).toContainText(owner.username);
  await expect(messageLog(finisher.page).getByText('Monday works. Welcome aboard!')).toBeVisible();
});

test('a third user cannot open the chat', async () => {
  await stranger.page.goto(`/chat/${bidId}`);
  await expect(stranger.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(stranger.page.getByText("You don't have permission to access this chat.")).toBeVisible();
  await expect(stranger.page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(messageInput(stranger.page)).toHaveCount(0);

  await stranger.page.goto('/chat/987654');
  await expect(stranger.page.getByRole('heading', { name: 'Chat Not Found' })).toBeVisible();
  await expect(stranger.page.getByText("This chat conversation could not be found or you don't have access to it.")).toBeVisible();
});

test('notifications open what they are about, and mark all as read clears the badge', async () => {
  const { page } = owner;
  await openLive(page, '/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });

  // The bid left a 'New bid received' notification; it opens the project's bids.
  const bidNotification = list.getByRole('button', { name: /New bid received/ });
  await expect(bidNotification).toContainText(`${finisher.username} placed a bid on "${projectName}": $`);
  await expect(bidNotification).toContainText('(unread)');
  await bidNotification.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}\\?tab=bids$`));

  // A new message arrives while the list is open; it shows up unread and raises the badge.
  await header(page)
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await expect(list.getByRole('button', { name: /New bid received/ })).not.toContainText('(unread)');
  await messageInput(finisher.page).fill('Sent you the repo invite.');
  await messageInput(finisher.page).press('Enter');
  const messageNotification = list.getByRole('button', { name: new RegExp(`New message from ${finisher.username}`) }).first();
  await expect(messageNotification).toContainText('Sent you the repo invite.');
  await expect(messageNotification).toContainText('(unread)');
  await expect(header(page).getByRole('link', { name: /^Notifications \(\d+ unread\)$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(toast(page, 'All notifications marked as read')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(list.getByText('(unread)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // A message notification opens its conversation.
  await messageNotification.click();
  await expect(page).toHaveURL(/\/messages\?bid=\d+$/);
  await expect(messageLog(page).getByText('Sent you the repo invite.')).toBeVisible();
});

test('the test panel creates a notification whose toast arrives live', async () => {
  const { page } = owner;
  await openLive(page, '/test-notifications');
  const form = page.getByRole('form', { name: 'Create test notification' });
  await form.getByRole('button', { name: 'Create Notification' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Content is required')).toBeVisible();

  await form.getByLabel('Title').fill('Staging deploy finished');
  await form.getByLabel('Content').fill('Build 42 is live on staging.');
  await form.getByLabel('Related ID (optional)').fill('abc');
  await form.getByRole('button', { name: 'Create Notification' }).click();
  await expect(form.getByText('Related ID must be a number')).toBeVisible();

  await form.getByLabel('Related ID (optional)').fill(String(projectId));
  await form.getByLabel('Type').click();
  await page.getByRole('option', { name: 'project', exact: true }).click();
  await form.getByRole('button', { name: 'Create Notification' }).click();
  await expect(toast(page, 'Staging deploy finished')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').getByText('Build 42 is live on staging.')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Notifications (1 unread)' })).toBeVisible();

  // Without a relatedId a notification is not clickable.
  await form.getByLabel('Title').fill('Just so you know');
  await form.getByLabel('Content').fill('Nothing to open here.');
  await form.getByLabel('Related ID (optional)').fill('');
  await form.getByRole('button', { name: 'Create Notification' }).click();
  await expect(toast(page, 'Just so you know')).toBeVisible();
  await page.goto('/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Just so you know' }).getByRole('button')).toHaveCount(0);
  await list.getByRole('button', { name: /Staging deploy finished/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
});

test('the chat and notification pages have no serious or critical axe violations', async () => {
  const pages: [Page, string, string][] = [
    [owner.page, `/messages?bid=${bidId}`, 'Monday works. Welcome aboard!'],
    [finisher.page, `/chat/${bidId}`, 'Project Chat'],
    [owner.page, '/notifications', 'Staging deploy finished'],
    [owner.page, '/test-notifications', 'Create a test notification'],
  ];
  for (const [page, path, ready] of pages) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await blockingAxeViolations(page, { allRules: true }), path).toEqual([]);
  }
});
