import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { gitEnv } from '#server/integrations/repositories/git-cli.js';

/** A batch stays under these, so that the worker's memory holds about one batch of blobs. */
export const blobBatchFiles = 500;
export const blobBatchBytes = 8 * 1024 * 1024;

/** Splits items (in their order) into batches of at most `maxCount` items or `maxBytes` (a bigger single item gets a batch of its own). */
export function toBatches<T>(items: readonly T[], sizeOf: (item: T) => number, maxCount = blobBatchFiles, maxBytes = blobBatchBytes): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

type ParseState = { kind: 'header' } | { kind: 'body'; data: Buffer; filled: number } | { kind: 'trailer'; data: Buffer };

/**
 * One `git cat-file --batch` process for a whole intake: shas in, `<sha> blob <size>\n<bytes>\n`
 * out. cat-file applies no filter or textconv, so the bytes are exactly what the commit stores.
 * A blob's bytes are copied once into a buffer of its announced size (no growing concatenation).
 */
export class BlobReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private state: ParseState = { kind: 'header' };
  private leftover = Buffer.alloc(0);
  private results: (Buffer | null)[] = [];
  private expected = 0;
  private waiting: { resolve: (blobs: (Buffer | null)[]) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;
  private stderr = '';

  constructor(gitDir: string, signal?: AbortSignal) {
    this.child = spawn('git', ['cat-file', '--batch'], { env: gitEnv({}, gitDir), stdio: ['pipe', 'pipe', 'pipe'], signal });
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.child.stdin.on('error', () => undefined); // surfaces as the close below
    this.child.on('error', (error) => this.fail(error));
    this.child.on('close', (code) => this.fail(new Error(`git cat-file ended (${code ?? 'signal'}) ${this.stderr.trim().slice(0, 300)}`.trim())));
  }

  /** The blobs of these shas, in the same order; null for an object the repository does not hold. */
  read(shas: readonly string[]): Promise<(Buffer | null)[]> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.waiting) return Promise.reject(new Error('BlobReader reads one batch at a time'));
    if (shas.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.results = [];
      this.expected = shas.length;
      this.waiting = { resolve, reject };
      this.child.stdin.write(`${shas.join('\n')}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
    if (this.child.exitCode === null) this.child.kill();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(this.failure);
  }

  private onData(chunk: Buffer): void {
    const buffer = this.leftover.length > 0 ? Buffer.concat([this.leftover, chunk]) : chunk;
    this.leftover = Buffer.alloc(0);
    let position = 0;
    while (position < buffer.length) {
      const state = this.state;
      if (state.kind === 'header') {
        const newline = buffer.indexOf(10, position);
        if (newline < 0) break;
        const header = buffer.toString('latin1', position, newline).split(' ');
        position = newline + 1;
        if (header[1] === 'missing' || header[1] === 'ambiguous') this.deliver(null);
        else this.state = { kind: 'body', data: Buffer.allocUnsafe(Number(header[2])), filled: 0 };
      } else if (state.kind === 'body') {
        const copied = buffer.copy(state.data, state.filled, position, Math.min(buffer.length, position + state.data.length - state.filled));
        state.filled += copied;
        position += copied;
        if (state.filled === state.data.length) this.state = { kind: 'trailer', data: state.data };
      } else {
        position += 1; // the newline after the bytes
        this.state = { kind: 'header' };
        this.deliver(state.data);
      }
    }
    // A copy, so that a header cut in two does not keep the whole chunk alive.
    this.leftover = position < buffer.length ? Buffer.from(buffer.subarray(position)) : Buffer.alloc(0);
  }

  private deliver(blob: Buffer | null): void {
    this.results.push(blob);
    if (this.results.length < this.expected || !this.waiting) return;
    const { resolve } = this.waiting;
    const results = this.results;
    this.waiting = null;
    this.results = [];
    resolve(results);
  }
}
