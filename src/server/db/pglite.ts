import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export function pgliteExtensions() {
  return { pg_trgm };
}

/**
 * Starts the embedded PostgreSQL, persisted under dataDir (or in memory). This module imports
 * nothing but PGlite, so that main.ts can start it before the rest of the app's modules load: the
 * two then overlap (docs/decisions/035-a-bundled-server-and-an-overlapped-start.md). client.ts wraps the result.
 */
export async function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  return PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions(),
  });
}
