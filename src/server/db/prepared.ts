import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';

interface Statement<P, R> {
  execute(params: P): Promise<R>;
}

/**
 * Builds a prepared statement once per database handle and variant, and reuses it: the SQL text
 * is not rebuilt on every request, and PostgreSQL skips parsing and planning. A variant names
 * one shape of a query whose filters come and go (each shape is its own statement).
 */
export function preparedVariants<K extends string, P, R>(build: (db: Db, variant: K) => Statement<P, R>) {
  const cache = new WeakMap<object, Map<K, Statement<P, R>>>();
  return (db: Db, variant: K, params: P): Promise<R> => {
    let statements = cache.get(db);
    if (!statements) {
      statements = new Map();
      cache.set(db, statements);
    }
    let statement = statements.get(variant);
    if (!statement) {
      statement = build(db, variant);
      statements.set(variant, statement);
    }
    return statement.execute(params);
  };
}

/**
 * One prepared statement per database handle. Inside a transaction the query is built as usual
 * (a prepared statement belongs to the handle it was made on).
 */
export function preparedPerDb<P, R>(build: (db: Db) => Statement<P, R>, unprepared: (db: DbOrTx, params: P) => Promise<R>) {
  const run = preparedVariants<'only', P, R>((db) => build(db));
  return (db: DbOrTx, params: P): Promise<R> => (isTransaction(db) ? unprepared(db, params) : run(db, 'only', params));
}

function isTransaction(db: DbOrTx): boolean {
  // PgTransaction has rollback(); a database handle does not.
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

/**
 * A list of constant words written into the statement text, not sent as parameters: a status list
 * from src/shared/domain keeps one definition while the planner still sees the values.
 */
export function sqlList(values: readonly string[]): SQL {
  for (const value of values) if (!/^[a-z_]+$/.test(value)) throw new TypeError(`sqlList takes status words only, got ${value}`);
  return sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
}
