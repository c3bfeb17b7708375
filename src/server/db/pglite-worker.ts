// The embedded database's own thread (decision 081): PGlite opens and runs here, so that its
// start (PostgreSQL inside WebAssembly, about a second of CPU on a small machine) no longer shares
// the main thread with loading and building the app. pglite-thread.ts starts this file and speaks
// to it through the messages below; nothing else imports it. The thread starts before the app's
// configuration is read: PGlite's modules load meanwhile, and the `open` message names the directory.
import { parentPort } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite.js';
import type { PgliteReply, PgliteRequest, SerializedError } from './pglite-thread.js';

const port = parentPort!;

/** An error's message and the fields callers read (SQLSTATE code, constraint, detail...), as plain data. */
function serialize(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null && !Array.isArray(value))) continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/**
 * Node-side parsers (drizzle asks for dates as text): here every type named comes back as its text.
 * One object per list of types, built once: every statement of a prepared query names the same list.
 */
const textParsers = new Map<string, Record<number, (value: string) => string>>();
function asText(types: number[] | undefined) {
  if (!types?.length) return undefined;
  const key = types.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) textParsers.set(key, (parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]))));
  return parsers;
}

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  /** PGlite's transaction(): settles once COMMIT or ROLLBACK ran, rejects when COMMIT failed. */
  settled: Promise<void>;
}

/** Answers each request on the opened database, in the order they came. */
function server(database: PGlite) {
  const transactions = new Map<number, OpenTransaction>();
  const reply = (message: PgliteReply) => port.postMessage(message);
  const target = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return database;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  /** BEGIN, answered once it ran; the transaction stays open until an `end` message settles it. */
  function begin(id: number) {
    let started = false;
    const settled: Promise<void> = database.transaction(async (tx) => {
      started = true;
      const commit = await new Promise<boolean>((finish) => {
        transactions.set(id, { tx, finish, settled });
        reply({ id, ok: true, value: id });
      });
      if (!commit) await tx.rollback();
    });
    // A failed BEGIN answers the begin; a failed COMMIT answers the end that asked for it.
    settled.catch((error: unknown) => {
      if (!started) reply({ id, ok: false, error: serialize(error) });
    });
  }

  async function end(tx: number, commit: boolean): Promise<void> {
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    transactions.delete(tx);
    open.finish(commit);
    await open.settled;
  }

  async function run(request: Exclude<PgliteRequest, { op: 'open' | 'begin' }>): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, { rowMode: request.rowMode, parsers: asText(request.textTypes) });
      case 'exec':
        return target(request.tx).exec(request.sql);
      case 'end':
        return end(request.tx, request.commit);
      case 'close':
        await database.close();
        return null;
    }
  }

  return (request: Exclude<PgliteRequest, { op: 'open' }>) => {
    if (request.op === 'begin') return begin(request.id);
    run(request).then(
      (value) => {
        reply({ id: request.id, ok: true, value });
        if (request.op === 'close') port.close();
      },
      (error: unknown) => reply({ id: request.id, ok: false, error: serialize(error) }),
    );
  };
}

// One listener from the first message on: requests that come before PGlite is open (or before the
// `open` message itself) wait for it, in order: promise callbacks run in the order they were added,
// and PGlite takes statements first come, first served.
let open!: (handler: Promise<ReturnType<typeof server>>) => void;
const opened = new Promise<ReturnType<typeof server>>((resolve) => (open = resolve));
let isOpening = false;
port.on('message', (request: PgliteRequest) => {
  const fail = (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serialize(error) } satisfies PgliteReply);
  if (request.op === 'open') {
    if (isOpening) return fail(new Error('The embedded database is already open'));
    isOpening = true;
    open(createPglite({ dataDir: request.dataDir }).then(server));
    opened.then(() => port.postMessage({ id: request.id, ok: true, value: null } satisfies PgliteReply), fail);
    return;
  }
  opened.then((handle) => handle(request), fail);
});
