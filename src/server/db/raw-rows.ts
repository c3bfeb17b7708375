import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** The rows of a raw statement, as both drivers (pg and PGlite) answer them. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
