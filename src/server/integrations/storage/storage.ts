import type { Config } from '#server/config.js';
import { createDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';

export interface StoredFile {
  body: Buffer | NodeJS.ReadableStream;
  contentType: string;
  size?: number;
}

/**
 * Where uploaded files live. Keys are names the server generated (`screenshots/<uuid>.webp`),
 * never text a user sent; adapters still refuse keys that could leave their root.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** put() of a file on this machine's disk (an upload streamed to a temporary file), without reading it into memory. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The file, or null when no file has this key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived URL that serves one private file straight from the store, with the headers
   * given; only stores that can sign one (S3) have it, the disk streams through the server.
   */
  signedUrl?(key: string, options: SignedUrlOptions): Promise<string>;
}

export interface SignedUrlOptions {
  expiresInSeconds: number;
  contentType: string;
  contentDisposition: string;
}

/** S3 (or an S3-compatible store) when S3_BUCKET is set, else files under DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir);
}
