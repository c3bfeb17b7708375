// Counts the statements the app sends to its database: every one is a round trip, BEGIN and
// COMMIT included. Used by the chat round-trip test and bench/chat-round-trips.ts.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '#server/db/client.js';

export interface RoundTripCounter {
  /** The statements sent since the last reset, first words only (e.g. "insert into messages"). */
  readonly statements: string[];
  reset(): void;
  /** Unwraps the client; counting stops. */
  stop(): void;
}

const firstWords = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);

/**
 * Wraps the database's client. PGlite: its query and exec, and a transaction's BEGIN, statements
 * and COMMIT/ROLLBACK (PGlite sends those itself). PostgreSQL: pg.Client#query, which every
 * statement of the pool goes through (drizzle sends begin and commit as statements).
 */
export function countRoundTrips(database: Database): RoundTripCounter {
  const statements: string[] = [];
  const note = (text: unknown) => statements.push(firstWords(typeof text === 'string' ? text : ((text as { text?: string }).text ?? String(text))));
  const restore: (() => void)[] = [];

  if (database.kind === 'postgres') {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = prototype.query;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return query.apply(this, args);
    };
    restore.push(() => (prototype.query = query));
  } else {
    const client = (database as Database & { pglite: PGlite }).pglite;
    const { query, exec, transaction } = client;
    client.query = ((text: string, ...rest: unknown[]) => {
      note(text);
      return (query as (...args: unknown[]) => unknown).call(client, text, ...rest);
    }) as PGlite['query'];
    client.exec = ((text: string, ...rest: unknown[]) => {
      note(text);
      return (exec as (...args: unknown[]) => unknown).call(client, text, ...rest);
    }) as PGlite['exec'];
    client.transaction = (async <T>(work: (tx: Transaction) => Promise<T>) => {
      note('BEGIN');
      let ended = 'ROLLBACK';
      try {
        const result = await transaction.call(client, (tx: Transaction) => {
          const txQuery = tx.query.bind(tx);
          const txExec = tx.exec.bind(tx);
          tx.query = ((text: string, ...rest: unknown[]) => {
            note(text);
            return (txQuery as (...args: unknown[]) => unknown)(text, ...rest);
          }) as Transaction['query'];
          tx.exec = ((text: string, ...rest: unknown[]) => {
            note(text);
            return (txExec as (...args: unknown[]) => unknown)(text, ...rest);
          }) as Transaction['exec'];
          return work(tx);
        });
        ended = 'COMMIT';
        return result;
      } finally {
        note(ended);
      }
    }) as PGlite['transaction'];
    restore.push(() => Object.assign(client, { query, exec, transaction }));
  }

  return {
    statements,
    reset: () => void statements.splice(0),
    stop: () => restore.forEach((undo) => undo()),
  };
}
