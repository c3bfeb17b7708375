import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, newApiUser, openLive } from './helpers.js';
import { expectAccessibleAtBothWidths, recordErrors } from './page-checks.js';

// Issue 32, item 1: each side sends an image and a PDF; the other reads the image's preview and the
// PDF's download live, the sender reads "Read" live; a file refused before the upload (too large)
// and after it (its bytes are no file a conversation takes) is explained beside the files.

const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubble = (page: Page, text: string) => messageLog(page).getByRole('listitem').filter({ hasText: text });

// A 2 x 2 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwTjtjnHaGAUIBACS2BZUFBQd/AAAAAElFTkSuQmCC',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}

async function sendFiles(page: Page, text: string, prefix: string) {
  await attach(page, [
    { name: `${prefix} screen.png`, mimeType: 'image/png', buffer: png },
    { name: `${prefix} spec.pdf`, mimeType: 'application/pdf', buffer: pdf },
  ]);
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
}

async function expectFiles(page: Page, text: string, prefix: string) {
  const message = bubble(page, text);
  const image = message.getByRole('img', { name: `${prefix} screen.webp` });
  await expect(image).toBeVisible();
  // The preview is served (the image decodes), and the PDF is a download.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  const download = message.getByRole('link', { name: new RegExp(`${prefix} spec\\.pdf`) });
  await expect(download).toHaveAttribute('download', `${prefix} spec.pdf`);
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(response.headers()['content-type']).toBe('application/pdf');
}

test('each side sends an image and a PDF, the other reads them live, and refused files are explained', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await newApiUser(browser, 'files_owner', 'creator');
  const finisher = await newApiUser(browser, 'files_dev', 'developer');
  const ownerErrors = recordErrors(owner.page);
  const finisherErrors = recordErrors(finisher.page);
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: `Tide tables ${Date.now().toString(36)}`,
    description: 'The tide predictions load; the charts, the station picker and the offline mode still need to be finished.',
    // Technologies no other spec searches or filters by.
    techStack: ['Elm', 'Haskell'],
    codeLink: 'https://github.com/example/tides',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 800,
    timeline: 9,
    message: 'I have shipped two offline-first chart apps.',
    finisherId: finisher.id,
  });
  await openLive(finisher.page, `/messages?bid=${bid.id}`);
  await openLive(owner.page, `/messages?bid=${bid.id}`);

  // The finisher sends a screenshot and a PDF; the owner, who has the conversation open, reads them live.
  await sendFiles(finisher.page, 'The chart bug and the spec', 'finisher');
  await expectFiles(owner.page, 'The chart bug and the spec', 'finisher');
  await expectFiles(finisher.page, 'The chart bug and the spec', 'finisher');
  await expect(bubble(finisher.page, 'The chart bug and the spec').getByTestId('message-status')).toHaveText('Read');

  // The owner answers with files of their own.
  await sendFiles(owner.page, 'Our design and the contract', 'owner');
  await expectFiles(finisher.page, 'Our design and the contract', 'owner');

  // Refused before the upload: a file over 10 MB never leaves the browser.
  await attach(owner.page, [{ name: 'recording.zip', mimeType: 'application/zip', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) }]);
  await expect(owner.page.getByRole('alert')).toHaveText('“recording.zip” is larger than 10 MB. Each file must be 10 MB or smaller.');
  await expect(owner.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await owner.page.getByRole('button', { name: 'Remove recording.zip' }).click();
  await expect(owner.page.getByRole('alert')).toHaveCount(0);

  // Refused after the upload: a program named as a text file is none of the files a conversation takes.
  await attach(owner.page, [
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1') },
  ]);
  await owner.page.getByRole('button', { name: 'Send message' }).click();
  await expect(owner.page.getByRole('alert')).toHaveText(
    '“notes.txt” cannot be attached. Use an image (PNG, JPEG, GIF or WebP), a PDF, a text file or a zip archive.',
  );
  await expect(owner.page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(1);

  await expectAccessibleAtBothWidths(owner.page, "the owner's conversation with files and a refused file");
  await expectAccessibleAtBothWidths(finisher.page, "the finisher's conversation with files");
  // At 320 px the preview fits the window.
  await finisher.page.setViewportSize({ width: 320, height: 800 });
  const box = await bubble(finisher.page, 'Our design and the contract').getByRole('img').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);

  expect(ownerErrors).toEqual([]);
  expect(finisherErrors).toEqual([]);
});
