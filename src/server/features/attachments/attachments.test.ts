import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageSchema } from '#shared/contracts/conversations.schemas.js';
import { attachments } from '#server/db/schema/attachments.js';
import { bids } from '#server/db/schema/bids.js';
import { messages } from '#server/db/schema/conversations.js';
import { operatorAudit } from '#server/db/schema/disputes.js';
import { notifications } from '#server/db/schema/notifications.js';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { createProject } from '#test/support/factories.js';
import type { client } from '#test/support/http.js';
import { multipart, type MultipartFile } from '#test/support/multipart.js';

// Issue 32, item 1: files in a bid's conversation, checked by their bytes, stored only whole, and
// served to the two parties (and to an operator through the deal's dispute) only.

let w: DealWorld;
let operator: ReturnType<typeof client>;
let operatorId: number;
let png: Buffer;
let spoolDir: string;
const originalTmpdir = process.env.TMPDIR;
beforeAll(async () => {
  // Uploads stream to temporary files (readMultipartToDisk); this file's own directory shows they are deleted.
  spoolDir = await mkdtemp(path.join(tmpdir(), 'finishline-spool-'));
  process.env.TMPDIR = spoolDir;
  w = await createDealWorld({ UPLOADS_PER_HOUR: '1000', CHAT_MESSAGES_PER_MINUTE: '1000' });
  await w.onboardFinisher();
  const signedIn = await w.signInOperator();
  operator = signedIn.api;
  operatorId = signedIn.user.id;
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2255aa' } })
    .png()
    .withExifMerge({ IFD0: { Copyright: 'secret camera' } })
    .toBuffer();
});
afterAll(async () => {
  // Assigning undefined would leave the text "undefined" for the files after this one.
  if (originalTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmpdir;
  await rm(spoolDir, { recursive: true, force: true });
  await w.t.close();
});

/** The uploads' temporary files are gone once the answer is sent (deleted in the response's last hook). */
const expectNoTemporaryFiles = () =>
  expect.poll(async () => (await readdir(spoolDir)).filter((name) => name.startsWith('finishline-upload-')), { timeout: 2_000 }).toEqual([]);

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const text = Buffer.from('Steps to reproduce:\n1. Sign in\n2. Open the cart — it is empty\n');
// A zip of one stored file, a.txt ('Hello').
const zip = Buffer.from(
  '504b030414000000000088757b5d8289d1f7050000000500000005000000612e74787448656c6c6f504b0102140314000000000088757b5d8289d1f70500000005000000050000000000000000000000800100000000612e747874504b0506000000000100010033000000280000000000',
  'hex',
);

const file = (filename: string, contentType: string, body: Buffer): MultipartFile => ({ field: 'files', filename, contentType, body });

async function newBid() {
  const project = await createProject(w.t.database.db, { submitterId: w.cast.owner.user.id });
  const response = await w.cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
    amount: 500,
    timeline: 10,
    message: 'I can finish this in two weeks.',
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

function send(bidId: number, content: string | null, files: MultipartFile[], api = w.cast.finisher.api) {
  const form = multipart(content === null ? {} : { content }, files);
  return api.post(`/api/bids/${bidId}/messages`, form.payload, form.headers);
}

const storedFiles = async () => {
  const dir = path.join(w.t.config.dataDir, 'uploads', 'attachments');
  return readdir(dir).catch(() => [] as string[]);
};

describe('POST /api/bids/{bidId}/messages with files', () => {
  it('stores an image, a PDF, a text file and a zip, each checked by its bytes, and both parties fetch them', async () => {
    const bidId = await newBid();
    const response = await send(bidId, 'The bug, the spec, the log and the build', [
      file('cart bug.png', 'image/png', png),
      file('spec.pdf', 'application/pdf', pdf),
      file('steps.txt', 'text/plain', text),
      file('build.zip', 'application/zip', zip),
    ]);
    expect(response.statusCode).toBe(201);
    const message = chatMessageSchema.parse(response.json());
    expect(message.attachments.map((a) => [a.name, a.contentType])).toEqual([
      ['cart bug.webp', 'image/webp'],
      ['spec.pdf', 'application/pdf'],
      ['steps.txt', 'text/plain; charset=utf-8'],
      ['build.zip', 'application/zip'],
    ]);
    const [image, document, log, archive] = message.attachments;
    expect(image!.previewUrl).toBe(`/api/attachments/${image!.id}/preview`);
    expect(document!.previewUrl).toBeNull();
    expect(log!.size).toBe(text.length);
    await expectNoTemporaryFiles();

    // The owner reads the same files in the conversation, and the notification names them.
    const listed = (await w.cast.owner.api.get(`/api/bids/${bidId}/messages`)).json() as { id: number; attachments: unknown[] }[];
    expect(listed.find((m) => m.id === message.id)!.attachments).toEqual(message.attachments);

    for (const api of [w.cast.owner.api, w.cast.finisher.api]) {
      const shown = await api.get(image!.url);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
      expect(shown.headers['content-disposition']).toMatch(/^inline; /);
      // Re-encoded: the camera's metadata is gone and the pixels are WebP.
      const metadata = await sharp(shown.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      const preview = await api.get(image!.previewUrl!);
      expect(preview.statusCode).toBe(200);
      expect((await sharp(preview.rawPayload).metadata()).width).toBe(480);

      const downloaded = await api.get(document!.url);
      expect(downloaded.headers['content-disposition']).toBe("attachment; filename*=UTF-8''spec.pdf");
      expect(downloaded.rawPayload.equals(pdf)).toBe(true);
      expect((await api.get(log!.url)).rawPayload.equals(text)).toBe(true);
      // A zip is kept as it came and only ever downloaded.
      const archived = await api.get(archive!.url);
      expect(archived.headers['content-type']).toBe('application/zip');
      expect(archived.rawPayload.equals(zip)).toBe(true);
      expect((await api.get(`/api/attachments/${document!.id}/preview`)).statusCode).toBe(404);
    }
  });

  it('takes files without text, and says so in the list and the notification', async () => {
    const bidId = await newBid();
    const response = await send(bidId, null, [file('spec.pdf', 'application/pdf', pdf)]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ content: '', attachments: [{ name: 'spec.pdf' }] });
    const [note] = await w.t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, w.cast.owner.user.id),
          eq(notifications.type, 'message'),
          eq(notifications.relatedId, (response.json() as { id: number }).id),
        ),
      );
    expect(note!.content).toBe('Sent a file: spec.pdf');
    const chats = (await w.cast.owner.api.get(`/api/users/${w.cast.owner.user.id}/chats`)).json() as { bidId: number; lastMessage: string }[];
    expect(chats.find((c) => c.bidId === bidId)!.lastMessage).toBe('Sent a file');
  });

  it('keeps a file for what its bytes are: a page named .png is text, downloaded under a name that says so', async () => {
    const bidId = await newBid();
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const message = chatMessageSchema.parse((await send(bidId, 'Look', [file('picture.png', 'image/png', html)])).json());
    expect(message.attachments[0]).toMatchObject({ name: 'picture.png.txt', contentType: 'text/plain; charset=utf-8', previewUrl: null });
    const served = await w.cast.owner.api.get(message.attachments[0]!.url);
    expect(served.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': "attachment; filename*=UTF-8''picture.png.txt",
      'x-content-type-options': 'nosniff',
    });
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses too many, too large, empty and disguised files with a sentence, storing nothing', async () => {
    const bidId = await newBid();
    const before = await storedFiles();
    const refusals: [MultipartFile[], number, string][] = [
      [Array.from({ length: 6 }, (_, i) => file(`p${i}.pdf`, 'application/pdf', pdf)), 400, 'Attach at most 5 files at a time.'],
      [[file('huge.pdf', 'application/pdf', Buffer.alloc(10 * 1024 * 1024 + 1, 1))], 413, 'The file must be 10 MB or smaller'],
      [[file('empty.txt', 'text/plain', Buffer.alloc(0, 0))], 400, '“empty.txt” is empty.'],
      // A script named as an image is text by its bytes, which is what it is stored and served as; an executable is refused.
      [
        [file('photo.png', 'image/png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'))],
        415,
        '“photo.png” cannot be attached. Use an image (PNG, JPEG, GIF or WebP), a PDF, a text file or a zip archive.',
      ],
      [
        [file('binary.txt', 'text/plain', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe]))],
        415,
        '“binary.txt” cannot be attached. Use an image (PNG, JPEG, GIF or WebP), a PDF, a text file or a zip archive.',
      ],
      // A good file before a bad one: the message is refused whole.
      [
        [file('spec.pdf', 'application/pdf', pdf), file('fake.png', 'image/png', Buffer.from('\x89PNG\r\n\x1a\nnot really', 'latin1'))],
        415,
        '“fake.png” cannot be attached. Use an image (PNG, JPEG, GIF or WebP), a PDF, a text file or a zip archive.',
      ],
    ];
    for (const [files, status, message] of refusals) {
      const response = await send(bidId, 'Files', files);
      expect(response.statusCode, message).toBe(status);
      expect(response.json()).toMatchObject({ message });
    }
    expect((await send(bidId, '', [])).json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Message cannot be empty' });
    expect(await storedFiles()).toEqual(before);
    await expectNoTemporaryFiles();
    expect(
      await w.t.database.db
        .select()
        .from(messages)
        .where(eq(messages.senderId, w.cast.finisher.user.id))
        .then((rows) => rows.filter((r) => r.content === 'Files')),
    ).toEqual([]);
  });

  it('leaves nothing behind when an upload is cut off half-way', async () => {
    const bidId = await newBid();
    const countRows = () => w.t.database.db.$count(attachments);
    const [filesBefore, rowsBefore] = [await storedFiles(), await countRows()];
    const form = multipart({ content: 'Cut off' }, [
      file('spec.pdf', 'application/pdf', pdf),
      file('big.zip', 'application/zip', Buffer.concat([zip, Buffer.alloc(200_000, 7)])),
    ]);
    const half = form.payload.subarray(0, Math.floor(form.payload.length / 2));
    const response = await w.cast.finisher.api.post(`/api/bids/${bidId}/messages`, half, form.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await countRows()).toBe(rowsBefore);
    expect(await w.t.database.db.$count(messages, eq(messages.content, 'Cut off'))).toBe(0);
    await expectNoTemporaryFiles();
  });

  it('refuses a stranger before reading the files, and a visitor', async () => {
    const bidId = await newBid();
    for (const api of [w.cast.otherFinisher.api, w.cast.otherSubmitter.api, operator]) {
      expect((await send(bidId, 'Hi', [file('spec.pdf', 'application/pdf', pdf)], api)).statusCode).toBe(403);
    }
    expect((await send(bidId, 'Hi', [file('spec.pdf', 'application/pdf', pdf)], w.cast.visitor.api)).statusCode).toBe(401);
  });
});

describe('GET /api/attachments/{id}', () => {
  it('is for the two parties only: strangers, a losing finisher, visitors and operators without a dispute are told it does not exist', async () => {
    const bidId = await newBid();
    const message = chatMessageSchema.parse((await send(bidId, 'Spec', [file('spec.pdf', 'application/pdf', pdf)], w.cast.owner.api)).json());
    const url = message.attachments[0]!.url;
    for (const api of [w.cast.otherFinisher.api, w.cast.otherSubmitter.api, operator]) {
      expect((await api.get(url)).json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
    }
    expect((await w.cast.visitor.api.get(url)).statusCode).toBe(401);
    for (const bad of ['/api/attachments/0', '/api/attachments/abc', '/api/attachments/99999999999', '/api/attachments/999999']) {
      expect((await w.cast.owner.api.get(bad)).statusCode).toBeGreaterThanOrEqual(400);
      expect((await w.cast.owner.api.get(bad)).statusCode).toBeLessThan(500);
    }

    // Deleting the message takes its files away from the parties too.
    expect((await w.cast.owner.api.delete(`/api/messages/${message.id}`)).json()).toMatchObject({ attachments: [] });
    expect((await w.cast.owner.api.get(url)).statusCode).toBe(404);
    expect((await w.cast.finisher.api.get(url)).statusCode).toBe(404);
  });

  it("reaches an operator through the deal's dispute, audited, but never a losing bidder's conversation", async () => {
    const { projectId, bidId } = await w.paidDeal();
    const inDeal = chatMessageSchema.parse((await send(bidId, 'The failing build', [file('log.txt', 'text/plain', text)])).json());
    // The losing bid on the same project (the deal world's), with its own conversation.
    const [loser] = await w.t.database.db
      .select()
      .from(bids)
      .where(and(eq(bids.projectId, projectId), eq(bids.finisherId, w.cast.otherFinisher.user.id)));
    expect((await operator.get(inDeal.attachments[0]!.url)).statusCode).toBe(404);

    expect((await w.deliver(projectId)).statusCode).toBe(200);
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, { reason: 'The delivery does not build.', finisherAmountCents: 0 });
    expect(opened.statusCode).toBe(201);
    const read = await operator.get(inDeal.attachments[0]!.url);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(text)).toBe(true);
    const audit = await w.t.database.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.operatorId, operatorId), eq(operatorAudit.action, 'read_attachment')));
    expect(audit.map((row) => row.details)).toContainEqual({ attachmentId: inDeal.attachments[0]!.id });

    const other = chatMessageSchema.parse((await send(loser!.id, 'My offer', [file('offer.pdf', 'application/pdf', pdf)], w.cast.otherFinisher.api)).json());
    expect((await operator.get(other.attachments[0]!.url)).statusCode).toBe(404);
    expect((await w.cast.owner.api.get(other.attachments[0]!.url)).statusCode).toBe(200);
  });
});

describe('delivery files (issue 32, item 2)', () => {
  it('a delivery carries up to 10 files into the deal history and a dispute, for the parties and the operator only', async () => {
    const { projectId } = await w.paidDeal();
    const deliver = (
      files: MultipartFile[],
      api = w.cast.finisher.api,
      fields: Record<string, string> = { deliveryMessage: 'All done, the build and the notes are attached.' },
    ) => {
      const form = multipart(fields, files);
      return api.post(`/api/projects/${projectId}/complete`, form.payload, form.headers);
    };
    // The owner, a stranger and an operator cannot deliver, whatever they attach; eleven files are refused.
    for (const api of [w.cast.owner.api, w.cast.otherFinisher.api, operator])
      expect((await deliver([file('build.zip', 'application/zip', zip)], api)).statusCode).toBe(403);
    const eleven = Array.from({ length: 11 }, (_, i) => file(`notes${i}.txt`, 'text/plain', text));
    expect((await deliver(eleven)).json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Attach at most 10 files at a time.' });
    expect((await deliver([file('build.zip', 'application/zip', zip)], w.cast.finisher.api, { deliveryMessage: 'short' })).statusCode).toBe(400);
    expect(
      (await deliver([file('build.zip', 'application/zip', zip)], w.cast.finisher.api, { deliveryMessage: 'All done, see the notes.', evidence: '[{' })).json(),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The evidence could not be read',
    });

    const delivered = await deliver([file('build.zip', 'application/zip', zip), file('screen.png', 'image/png', png)]);
    expect(delivered.statusCode).toBe(200);
    const deal = await w.deal(projectId);
    const entry = (deal.history as { kind: string; files?: { name: string; url: string; previewUrl: string | null }[] }[]).find((e) => e.kind === 'delivery')!;
    expect(entry.files!.map((f) => f.name)).toEqual(['build.zip', 'screen.webp']);
    const [zipUrl, imageUrl] = entry.files!.map((f) => f.url);
    expect((await w.deal(projectId, w.cast.finisher.api)).history).toEqual(deal.history);
    for (const api of [w.cast.owner.api, w.cast.finisher.api]) expect((await api.get(zipUrl!)).rawPayload.equals(zip)).toBe(true);
    for (const api of [w.cast.otherFinisher.api, w.cast.otherSubmitter.api, operator]) expect((await api.get(imageUrl!)).statusCode).toBe(404);

    // In a dispute the files are in the record the operator reads, and the operator may open them.
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, { reason: 'The archive does not build.', finisherAmountCents: 0 });
    expect(opened.statusCode).toBe(201);
    const dispute = (await operator.get(`/api/disputes/${(opened.json() as { id: number }).id}`)).json() as {
      record: { history: { kind: string; files?: { url: string }[] }[] };
    };
    expect(dispute.record.history.find((e) => e.kind === 'delivery')!.files!.map((f) => f.url)).toEqual([zipUrl, imageUrl]);
    expect((await operator.get(zipUrl!)).statusCode).toBe(200);
    expect((await operator.get(`${imageUrl}/preview`)).statusCode).toBe(200);
  });

  it('a milestone completion carries its files into the history', async () => {
    const { projectId } = await w.paidDeal();
    const added = await w.cast.owner.api.post(`/api/projects/${projectId}/milestones`, { title: 'Checkout', amount: 300 });
    expect(added.statusCode).toBe(201);
    const milestoneId = (added.json() as { id: number }).id;
    const complete = (api: ReturnType<typeof client>, fields: Record<string, string> = { note: 'Checkout works, the test log is attached.' }) => {
      const form = multipart(fields, [file('test-log.txt', 'text/plain', text)]);
      return api.post(`/api/milestones/${milestoneId}/complete`, form.payload, form.headers);
    };
    for (const api of [w.cast.owner.api, w.cast.otherFinisher.api]) expect((await complete(api)).statusCode).toBe(403);
    expect((await complete(w.cast.finisher.api, { note: 'ok' })).statusCode).toBe(400);
    expect((await complete(w.cast.finisher.api)).statusCode).toBe(200);
    const entry = ((await w.deal(projectId)).history as { kind: string; milestoneId?: number; files?: { name: string }[] }[]).find(
      (e) => e.kind === 'milestone_delivery',
    )!;
    expect(entry).toMatchObject({ milestoneId, files: [{ name: 'test-log.txt' }] });
  });
});

describe("a dispute's transcript (issue 32, item 5)", () => {
  it('keeps what was said: the text of a deleted message, the earlier text of an edited one, and the files', async () => {
    const { projectId, bidId } = await w.paidDeal();
    const say = async (content: string) => chatMessageSchema.parse((await w.cast.finisher.api.post(`/api/bids/${bidId}/messages`, { content })).json());
    const edited = await say('The staging server is at 10.0.0.5');
    expect((await w.cast.finisher.api.patch(`/api/messages/${edited.id}`, { content: 'The staging server is ready.' })).statusCode).toBe(200);
    const deleted = await say('I never tested the refunds.');
    expect((await w.cast.finisher.api.delete(`/api/messages/${deleted.id}`)).statusCode).toBe(200);
    const withFile = chatMessageSchema.parse((await send(bidId, 'The log', [file('log.txt', 'text/plain', text)])).json());
    expect((await w.deliver(projectId)).statusCode).toBe(200);
    const opened = await w.cast.owner.api.post(`/api/projects/${projectId}/disputes`, { reason: 'Refunds were never tested.', finisherAmountCents: 0 });
    expect(opened.statusCode).toBe(201);

    for (const api of [operator, w.cast.owner.api]) {
      const { record } = (await api.get(`/api/disputes/${(opened.json() as { id: number }).id}`)).json() as {
        record: {
          messages: {
            id: number;
            content: string;
            editedAt: string | null;
            deletedAt: string | null;
            earlierTexts: string[];
            attachments: { url: string }[];
          }[];
        };
      };
      const byId = new Map(record.messages.map((m) => [m.id, m]));
      expect(byId.get(edited.id)).toMatchObject({ content: 'The staging server is ready.', earlierTexts: ['The staging server is at 10.0.0.5'] });
      expect(byId.get(edited.id)!.editedAt).not.toBeNull();
      expect(byId.get(deleted.id)).toMatchObject({ content: 'I never tested the refunds.', earlierTexts: [] });
      expect(byId.get(deleted.id)!.deletedAt).not.toBeNull();
      expect(byId.get(withFile.id)!.attachments.map((a) => a.url)).toEqual([withFile.attachments[0]!.url]);
    }
  });
});
