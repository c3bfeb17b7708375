import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.js';
import { createStorage, type FileStorage } from './storage.js';

let dataDir: string;
let storage: FileStorage;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'finishline-disk-'));
  storage = createDiskStorage(dataDir);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function bodyText(key: string) {
  const stored = await storage.get(key);
  if (!stored) return null;
  return Buffer.isBuffer(stored.body) ? stored.body.toString() : text(stored.body);
}

describe('disk storage', () => {
  it('puts, gets and deletes a file under DATA_DIR/uploads', async () => {
    const key = 'screenshots/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.webp';
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(await readFile(path.join(dataDir, 'uploads', key), 'utf8')).toBe('webp bytes');

    const stored = await storage.get(key);
    expect(stored).toMatchObject({ contentType: 'image/webp', size: 10 });
    expect(await bodyText(key)).toBe('webp bytes');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting again is not an error.
    await storage.delete(key);
  });

  it('replaces a file whole and leaves no temporary file behind', async () => {
    const key = 'avatars/a.webp';
    await storage.put(key, Buffer.from('first'), 'image/webp');
    await storage.put(key, Buffer.from('second version'), 'image/webp');
    expect(await bodyText(key)).toBe('second version');
    expect(await readdir(path.join(dataDir, 'uploads', 'avatars'))).toEqual(['a.webp']);
  });

  it('puts a file from the disk by copying it, and leaves the source and no temporary file behind', async () => {
    const source = path.join(dataDir, 'incoming-upload');
    await writeFile(source, 'zip bytes');
    const key = 'attachments/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.zip';
    await storage.putFile(key, source, 'application/zip');
    expect(await bodyText(key)).toBe('zip bytes');
    expect(await readFile(source, 'utf8')).toBe('zip bytes');
    expect(await readdir(path.join(dataDir, 'uploads', 'attachments'))).toEqual(['0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.zip']);
    await expect(storage.putFile('attachments/x.zip', source, 'text/html')).rejects.toThrow(/content type/);
  });

  it('answers null for a missing key and for a directory', async () => {
    expect(await storage.get('screenshots/missing.webp')).toBeNull();
    await storage.put('nested/dir/file.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.get('nested/dir')).toBeNull();
  });

  it.each([
    '../outside.webp',
    'screenshots/../../outside.webp',
    '/etc/passwd',
    'screenshots//double.webp',
    'screenshots\\..\\outside.webp',
    '..',
    '.hidden.webp',
    'screenshots/.x.webp.tmp',
    'screen shots/a.webp',
    'screenshots/a.webp\0.png',
    '%2e%2e/outside.webp',
    '',
  ])('refuses the key %j for put, get and delete', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Refused storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Refused storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Refused storage key/);
  });

  it('never reads outside its root, even where a file exists', async () => {
    await writeFile(path.join(dataDir, 'secret.webp'), 'secret');
    await expect(storage.get('../secret.webp')).rejects.toThrow(/Refused storage key/);
  });

  it('refuses a content type the extension does not carry, as it keeps no metadata', async () => {
    await expect(storage.put('screenshots/b.webp', Buffer.from('x'), 'text/html')).rejects.toThrow(/content type/);
  });
});

describe('createStorage', () => {
  it('uses the disk without S3 settings', async () => {
    const fromConfig = createStorage({ dataDir, s3: undefined });
    await fromConfig.put('avatars/c.webp', Buffer.from('c'), 'image/webp');
    expect(await readFile(path.join(dataDir, 'uploads', 'avatars', 'c.webp'), 'utf8')).toBe('c');
  });
});
