import { type SQL, sql } from 'drizzle-orm';

// Its own module, not prepared.ts: the schema uses it, and prepared.ts reads the database types of
// client.ts, which loads the schema (an import circle inside db/, decision 045).

/**
 * A list of constant words written into the statement text, not sent as parameters: a status list
 * from src/shared/domain keeps one definition while the planner still sees the values.
 */
export function sqlList(values: readonly string[]): SQL {
  for (const value of values) if (!/^[a-z_]+$/.test(value)) throw new TypeError(`sqlList takes status words only, got ${value}`);
  return sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
}
