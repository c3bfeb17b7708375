import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRepository } from '#test/fixtures/repositories.js';
import { BlobReader, toBatches } from './read-blobs.js';
import { parseLsTree, readTree } from './read-tree.js';

const dir = mkdtempSync(path.join(tmpdir(), 'intake-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toBatches', () => {
  it('cuts at the count or the bytes, whichever comes first, and gives a big item a batch of its own', () => {
    expect(toBatches([1, 1, 1, 1, 1], (n) => n, 2, 100)).toEqual([[1, 1], [1, 1], [1]]);
    expect(toBatches([40, 40, 40, 200, 10], (n) => n, 500, 100)).toEqual([[40, 40], [40], [200], [10]]);
    expect(toBatches([], (n: number) => n)).toEqual([]);
  });
});

describe('readTree and BlobReader', () => {
  it('lists the tree sorted by path and reads the exact bytes of every blob, batch after batch', async () => {
    const binary = Buffer.from([0, 1, 2, 10, 255, 10]);
    const big = Buffer.alloc(300_000, 'x'); // spans many pipe chunks
    const repo = await buildRepository(dir, 'blobs', { 'b.txt': 'b\n', 'a/z.txt': '', 'a.bin': binary, 'big.txt': big, link: { symlink: 'b.txt' } });
    const entries = await readTree(repo.gitDir, repo.commit);
    expect(entries.map((entry) => [entry.path, entry.mode, entry.size])).toEqual([
      ['a.bin', '100644', 6],
      ['a/z.txt', '100644', 0],
      ['b.txt', '100644', 2],
      ['big.txt', '100644', 300_000],
      ['link', '120000', 5],
    ]);
    const reader = new BlobReader(repo.gitDir);
    try {
      const first = await reader.read(entries.slice(0, 3).map((entry) => entry.sha));
      expect(first).toEqual([binary, Buffer.alloc(0), Buffer.from('b\n')]);
      const second = await reader.read([...entries.slice(3).map((entry) => entry.sha), 'f'.repeat(40)]);
      expect(second).toEqual([big, Buffer.from('b.txt'), null]);
    } finally {
      reader.close();
    }
  });

  it('rejects a read when the signal aborts', async () => {
    const repo = await buildRepository(dir, 'abort', { 'a.txt': 'a\n' });
    const controller = new AbortController();
    const reader = new BlobReader(repo.gitDir, controller.signal);
    controller.abort();
    await expect(reader.read(['f'.repeat(40)])).rejects.toThrow();
    reader.close();
  });

  it('parses a submodule line, whose size is "-"', () => {
    const line = Buffer.from(`160000 commit ${'c'.repeat(40)}       -\tlib/dep\u0000100644 blob ${'d'.repeat(40)}      12\tREADME\u0000`);
    expect(parseLsTree(line)).toEqual([
      { path: 'README', mode: '100644', sha: 'd'.repeat(40), size: 12 },
      { path: 'lib/dep', mode: '160000', sha: 'c'.repeat(40), size: null },
    ]);
  });

  it('takes a blob a partial clone left out (size "BAD") as over every limit', () => {
    const line = Buffer.from(`100644 blob ${'e'.repeat(40)}     BAD\tassets/video.mp4\u0000`);
    expect(parseLsTree(line)).toEqual([{ path: 'assets/video.mp4', mode: '100644', sha: 'e'.repeat(40), size: Number.POSITIVE_INFINITY }]);
  });
});
