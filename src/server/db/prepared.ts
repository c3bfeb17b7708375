import { Column, getTableName, is, type Query, SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
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

/** What a database handle and a transaction both keep: their session and dialect (drizzle-orm 0.45, as db.execute uses them). */
interface RawHandle {
  dialect: PgDialect;
  _: { session: PgSession };
}

function prepareRaw<R>(db: DbOrTx, query: SQL | Query, name: string | undefined) {
  const { dialect, _: internals } = db as unknown as RawHandle;
  const built = is(query, SQL) ? dialect.sqlToQuery(query) : query;
  return internals.session.prepareQuery<{ execute: { rows: R[] }; all: unknown; values: unknown }>(built, undefined, name, false);
}

/**
 * A raw statement's rows (as selectRows answers them), prepared once per database handle under
 * `name`: for a hot statement that no query builder spells. Its values are sql.placeholder()s,
 * filled from `params`; inside a transaction it runs unnamed.
 */
export function preparedRows<P extends Record<string, unknown>, R>(name: string, query: SQL) {
  return preparedPerDb<P, R[]>(
    (db) => {
      const prepared = prepareRaw<R>(db, query, name);
      return { execute: async (params) => (await prepared.execute(params)).rows };
    },
    async (db, params) => (await prepareRaw<R>(db, query, undefined).execute(params)).rows,
  );
}

/**
 * Names a statement built per request by the text it has (its values are parameters), so that each
 * connection parses a text once and PostgreSQL's plan cache may keep a generic plan for it after
 * five executions (it does when that plan costs no more than the custom ones). For a statement
 * whose shapes are few and whose plan follows from its text, not from its values: browse's page
 * statements took 0.5 to 2 ms to plan on every request (decision 080).
 * Past `maxShapes` texts of one family, the others run unnamed.
 */
export function namedByText(family: string, maxShapes = 64) {
  const names = new Map<string, string>();
  return async <R>(db: DbOrTx, query: SQL): Promise<R[]> => {
    if (isTransaction(db)) return (await prepareRaw<R>(db, query, undefined).execute()).rows;
    const built = (db as unknown as RawHandle).dialect.sqlToQuery(query);
    let name = names.get(built.sql);
    if (name === undefined && names.size < maxShapes) {
      name = `${family}_${names.size + 1}`;
      names.set(built.sql, name);
    }
    return (await prepareRaw<R>(db, built, name).execute()).rows;
  };
}

function isTransaction(db: DbOrTx): boolean {
  // PgTransaction has rollback(); a database handle does not.
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

interface DriverDecoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's prepared select keeps of its selection (drizzle-orm 0.45; checked at build time). */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

function decoderOf(field: unknown): DriverDecoder {
  if (is(field, Column)) return field;
  // An SQL fragment's decoder (mapWith) is drizzle-internal in its types.
  if (is(field, SQL)) return (field as unknown as { decoder: DriverDecoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: DriverDecoder }).decoder;
  throw new TypeError('mapRowsOnce: a selected field is neither a column nor SQL');
}

/**
 * Maps a prepared select's rows with a mapper worked out once from its selection: the same decoders
 * (the same values) as drizzle's mapResultRow, which on every row and field tells columns from SQL
 * again and walks the field's path. For hot reads only. It refuses a selection mapResultRow would
 * treat differently: a nested object deeper than one level, or one from a table that a left join
 * can leave null (mapResultRow turns such an object into null).
 */
export function mapRowsOnce<T>(prepared: T): T {
  const select = prepared as PreparedSelect;
  if (!select.fields || select.customResultMapper) throw new TypeError('mapRowsOnce takes a prepared select');
  const plan = select.fields.map(({ path, field }) => {
    if (path.length > 2) throw new TypeError(`mapRowsOnce: ${path.join('.')} is nested too deep`);
    if (path.length === 2 && !(is(field, Column) && select.joinsNotNullableMap?.[getTableName(field.table)] === true))
      throw new TypeError(`mapRowsOnce: ${path.join('.')} may come from a left join`);
    return { outer: path.length === 2 ? path[0]! : null, key: path.at(-1)!, decoder: decoderOf(field) };
  });
  select.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < plan.length; i++) {
        const { outer, key, decoder } = plan[i]!;
        const raw = row[i];
        const value = raw === null ? null : decoder.mapFromDriverValue(raw);
        if (outer === null) out[key] = value;
        else ((out[outer] ??= {}) as Record<string, unknown>)[key] = value;
      }
      return out;
    });
  return prepared;
}
