import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * What the app's drivers call on the embedded database (drizzle's PGlite session and migrator): a
 * PGlite in this thread, or one on its own thread through PgliteThread.
 */
export type EmbeddedPglite = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;

export interface PgliteOpenOptions {
  /** Where the database lives (DATA_DIR/pglite); in memory without one. */
  dataDir?: string;
}

/** The messages to pglite-worker.ts, without their id: one answer each, with the same id. */
type PgliteOperation =
  | { op: 'open'; dataDir?: string }
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };
export type PgliteRequest = PgliteOperation & { id: number };

export interface SerializedError {
  name: string;
  message: string;
  /** SQLSTATE `code`, `constraint`, `detail`...: what db/errors.ts and the logs read. */
  fields: Record<string, unknown>;
}

export type PgliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** In source (tsx, Vitest) this is a .ts file beside pglite-worker.ts; in the build, scripts/build-server.mjs writes pglite-worker.js beside it. */
const runningFromSource = path.extname(fileURLToPath(import.meta.url)) === '.ts';
const workerFile = new URL(runningFromSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);

/**
 * The thread's entry: the built file, or from source a module (as a data: URL) that registers tsx's
 * loader in the thread and then imports the .ts file. Node 20 applies neither the parent's loader
 * nor `--import` in a worker's execArgv to a worker's entry.
 */
function workerEntry(): URL {
  if (!runningFromSource) return workerFile;
  // tsx's ESM API, beside the CommonJS one require.resolve finds (its exports map has both).
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(workerFile.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

function revive(error: SerializedError): Error {
  const revived = Object.assign(new Error(error.message), error.fields);
  revived.name = error.name;
  return revived;
}

type Parsers = NonNullable<QueryOptions['parsers']>;

/** The types a parsers object names: drizzle passes one object per prepared query, so each is listed once. */
const parserTypes = new WeakMap<Parsers, number[]>();
function typesOf(parsers: Parsers): number[] {
  let types = parserTypes.get(parsers);
  if (!types) parserTypes.set(parsers, (types = Object.keys(parsers).map(Number)));
  return types;
}

/**
 * The embedded PostgreSQL on a worker thread (decision 081): opening it no longer takes the main
 * thread from loading and building the app, and its statements run beside the event loop. Queries,
 * exec and transactions keep PGlite's own semantics (one statement at a time; a query outside a
 * transaction waits for it to end); parsers run here, on the text the worker sends for their types.
 *
 * The thread starts with the object; `open()` names the directory. Statements may be sent before
 * the opening ends: they run after it, in order, or fail with its error.
 */
export class PgliteThread implements EmbeddedPglite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #failure: Error | undefined;

  constructor() {
    this.#worker = new Worker(workerEntry());
    this.#worker.on('message', (reply: PgliteReply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(revive(reply.error));
    });
    const stop = (error: Error) => {
      this.#failure ??= error;
      for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
      this.#pending.clear();
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', (code) => stop(new Error(`The embedded database stopped (thread exit ${code})`)));
  }

  #send<T>(request: PgliteOperation): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id } satisfies PgliteRequest);
    });
  }

  async #query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx: number | undefined): Promise<Results<T>> {
    const parsers: Parsers | undefined = options?.parsers;
    const textTypes = parsers ? typesOf(parsers) : undefined;
    const result = await this.#send<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes, tx });
    return parsers ? applyParsers(result, parsers, options?.rowMode) : result;
  }

  /** Opens PGlite on the thread; settles when it can answer, or with why it cannot. */
  open(options: PgliteOpenOptions = {}): Promise<void> {
    return this.#send<void>({ op: 'open', dataDir: options.dataDir });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#send<Results[]>({ op: 'exec', sql });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#send<number>({ op: 'begin' });
    let closed = false;
    const open = () => (closed ? Promise.reject(new Error('Transaction is closed')) : Promise.resolve());
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => open().then(() => this.#query<R>(sql, params, options, id)),
      exec: (sql: string) => open().then(() => this.#send<Results[]>({ op: 'exec', sql, tx: id })),
      rollback: async () => {
        await open();
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await callback(tx);
      // Unless the callback rolled back itself.
      if (!closed) {
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: true });
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Closes the database (its last writes reach the disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.#failure) return;
    await this.#send({ op: 'close' }).catch(() => undefined);
    await this.#worker.terminate();
  }

  /** Ends the thread without closing a database: for a start that turned out not to need it. */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }
}

/** The parsers a caller gave, run on the text of their types (PGlite skips nulls, and so does this). */
function applyParsers<T>(result: Results<T>, parsers: Parsers, rowMode: QueryOptions['rowMode']): Results<T> {
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ index, name: field.name, parse }] : [];
  });
  if (!columns.length) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const column of columns) {
      const key = rowMode === 'array' ? column.index : column.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = column.parse(value as string);
    }
  }
  return result;
}

/** Opens PGlite on its own thread; resolves once it is ready to answer. */
export async function startPgliteThread(options: PgliteOpenOptions = {}): Promise<PgliteThread> {
  const thread = new PgliteThread();
  await thread.open(options);
  return thread;
}
