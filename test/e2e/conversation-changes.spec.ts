import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, newApiUser, openLive } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors } from './page-checks.js';

// Issue 32: the sender reads "Sent" then "Read" live, the other party's typing shows, edits and deletes a message within five
// minutes (the other party reads "edited" and "Message deleted" live), and both find a message by
// searching their conversations, at desktop width and at 320 px.

const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubble = (page: Page, text: string) => messageLog(page).getByRole('listitem').filter({ hasText: text });

const openConversation = (page: Page, bidId: number) => openLive(page, `/messages?bid=${bidId}`);

test('the sender sees a message read live, edits and deletes it, and both find a message by search', async ({ browser }) => {
  const owner = await newApiUser(browser, 'edit_owner', 'creator');
  const finisher = await newApiUser(browser, 'edit_dev', 'developer');
  const ownerErrors = recordErrors(owner.page);
  const finisherErrors = recordErrors(finisher.page);
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: `Greenhouse sensors ${Date.now().toString(36)}`,
    description: 'Sensor readings arrive; the alerts, the charts and the export to CSV still need to be finished.',
    // Technologies no other spec searches or filters by: every spec that lists open projects sees this one.
    techStack: ['Elixir', 'Phoenix'],
    codeLink: 'https://github.com/example/greenhouse',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 900,
    timeline: 10,
    message: 'I have built alerting for two sensor networks.',
    finisherId: finisher.id,
  });

  // The finisher writes first, with the owner away: "Sent".
  await openConversation(finisher.page, bid.id);
  await finisher.page.getByRole('textbox', { name: 'Message' }).fill('The humidity alert fires twice per reading.');
  await finisher.page.keyboard.press('Enter');
  const sent = bubble(finisher.page, 'The humidity alert fires twice per reading.');
  await expect(sent.getByTestId('message-status')).toHaveText('Sent');

  // The owner opens the conversation; the finisher's mark turns to "Read" without a reload.
  await openConversation(owner.page, bid.id);
  await expect(bubble(owner.page, 'The humidity alert fires twice per reading.')).toBeVisible();
  await expect(sent.getByTestId('message-status')).toHaveText('Read');

  // The owner types without sending: the finisher reads that the other party is typing, live.
  await owner.page.getByRole('textbox', { name: 'Message' }).fill('Which sensor');
  await expect(finisher.page.getByTestId('typing-indicator')).toHaveText('The other party is typing…');
  await owner.page.getByRole('textbox', { name: 'Message' }).fill('');

  // The finisher edits it with the keyboard; the owner reads the new text, marked edited.
  await sent.getByRole('button', { name: 'Edit message' }).focus();
  await finisher.page.keyboard.press('Enter');
  const editor = finisher.page.getByRole('textbox', { name: 'Edited message' });
  await expect(editor).toBeFocused();
  await editor.fill('The humidity alert fires twice per sensor reading.');
  await finisher.page.getByRole('form', { name: 'Edit message' }).getByRole('button', { name: 'Save' }).click();
  const edited = bubble(owner.page, 'The humidity alert fires twice per sensor reading.');
  await expect(edited).toContainText('edited');

  // The owner writes and deletes a message; the finisher reads "Message deleted", never the text.
  await owner.page.getByRole('textbox', { name: 'Message' }).fill('Our staging password is greenhouse42');
  await owner.page.keyboard.press('Enter');
  await expect(bubble(finisher.page, 'Our staging password is greenhouse42')).toBeVisible();
  await bubble(owner.page, 'Our staging password is greenhouse42').getByRole('button', { name: 'Delete message' }).click();
  await expect(messageLog(finisher.page).getByText('Message deleted')).toBeVisible();
  await expect(messageLog(finisher.page).getByText('greenhouse42')).toHaveCount(0);
  await expect(messageLog(owner.page).getByText('Message deleted')).toBeVisible();

  await expectAccessibleAtBothWidths(finisher.page, "the finisher's conversation with an edited and a deleted message");

  // Search: the owner finds the edited message by a word in it, at 320 px too, and it opens the conversation.
  for (const width of [1280, 320]) {
    await owner.page.setViewportSize({ width, height: 900 });
    await openLive(owner.page, '/messages');
    await owner.page.getByRole('searchbox', { name: 'Search messages' }).fill('humidity');
    const found = owner.page.getByRole('list', { name: 'Messages found' });
    await expect(found.getByRole('listitem')).toHaveCount(1);
    await expect(found).toContainText('The humidity alert fires twice per sensor reading.');
    await owner.page.getByRole('searchbox', { name: 'Search messages' }).fill('greenhouse42');
    await expect(owner.page.getByText('No messages match “greenhouse42”.')).toBeVisible();
    await owner.page.getByRole('searchbox', { name: 'Search messages' }).fill('humidity');
    await found.getByRole('button').first().click();
    await expect(owner.page).toHaveURL(new RegExp(`/messages\\?bid=${bid.id}$`));
    await expect(bubble(owner.page, 'The humidity alert fires twice per sensor reading.')).toBeVisible();
  }
  await owner.page.setViewportSize({ width: 1280, height: 900 });
  await openLive(owner.page, '/messages');
  await owner.page.getByRole('searchbox', { name: 'Search messages' }).fill('humidity');
  await expect(owner.page.getByRole('list', { name: 'Messages found' })).toBeVisible();
  await expectAccessibleAtBothWidths(owner.page, "the owner's message search");

  expect(ownerErrors).toEqual([]);
  expect(finisherErrors).toEqual([]);
});
