import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeStorageKey } from './storage-key.js';
import type { FileStorage } from './storage.js';

const contentTypeByExtension: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  // Dispute evidence (decision 029).
  '.pdf': 'application/pdf',
  // Conversation and delivery files (issue 32).
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};

/** The disk keeps no metadata beside the bytes, so the content type is the extension's. */
function contentTypeOf(key: string): string | undefined {
  return contentTypeByExtension[path.extname(key).toLowerCase()];
}

/** Files under `${dataDir}/uploads`, one per key; written to a temporary file, then renamed into place. */
export function createDiskStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'uploads');

  function pathOf(key: string): string {
    assertSafeStorageKey(key);
    const filePath = path.resolve(root, key);
    // The key pattern already rules out '..'; this holds even if that pattern is ever loosened.
    if (!filePath.startsWith(root + path.sep)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
    return filePath;
  }

  /** Writes and flushes a temporary file beside the target with `write`, then renames it into place. */
  async function writeAtomically(key: string, contentType: string, write: (tempPath: string) => Promise<void>) {
    const filePath = pathOf(key);
    if (contentTypeOf(key) !== contentType) {
      throw new Error(`Disk storage derives the content type from the extension; ${key} cannot hold ${contentType}`);
    }
    await mkdir(path.dirname(filePath), { recursive: true });
    // Same directory as the target so rename() is atomic: readers see the old file or the whole new one.
    const tempPath = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${randomUUID()}.tmp`);
    try {
      await write(tempPath);
      await rename(tempPath, filePath);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  return {
    put(key, body, contentType) {
      return writeAtomically(key, contentType, async (tempPath) => {
        const handle = await open(tempPath, 'wx');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
      });
    },

    putFile(key, sourcePath, contentType) {
      // The kernel copies (copy_file_range) on libuv's thread pool: the bytes never pass the event loop.
      return writeAtomically(key, contentType, async (tempPath) => {
        await copyFile(sourcePath, tempPath, constants.COPYFILE_EXCL);
        const handle = await open(tempPath, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      });
    },

    async get(key) {
      const filePath = pathOf(key);
      let handle;
      try {
        handle = await open(filePath, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: contentTypeOf(key) ?? 'application/octet-stream',
        size: stats.size,
      };
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
