import type { Db, DbOrTx } from './client.js';

/**
 * Builds a prepared statement once per database handle and reuses it: the SQL text is not
 * rebuilt on every request, and PostgreSQL skips parsing and planning. Inside a transaction the
 * query is built as usual (a prepared statement belongs to the handle it was made on).
 */
export function preparedPerDb<P, R>(build: (db: Db) => { execute(params: P): Promise<R> }, unprepared: (db: DbOrTx, params: P) => Promise<R>) {
  const cache = new WeakMap<object, { execute(params: P): Promise<R> }>();
  return (db: DbOrTx, params: P): Promise<R> => {
    if (isTransaction(db)) return unprepared(db, params);
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db as Db);
      cache.set(db, statement);
    }
    return statement.execute(params);
  };
}

function isTransaction(db: DbOrTx): boolean {
  // PgTransaction has rollback(); a database handle does not.
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}
