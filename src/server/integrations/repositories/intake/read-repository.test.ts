import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IntakeLimits, intakeLimits } from '#shared/domain/repository-report.js';
import { buildKnownRepository, buildRepository } from '#test/fixtures/repositories.js';
import { readRepository } from './read-repository.js';

const dir = mkdtempSync(path.join(tmpdir(), 'intake-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (repo: { gitDir: string; commit: string }, limits: Partial<IntakeLimits> = {}) =>
  readRepository({ ...repo, limits: { ...intakeLimits, ...limits } });

describe('readRepository on the known repository', () => {
  let known: { gitDir: string; commit: string };
  beforeAll(async () => {
    known = await buildKnownRepository(dir);
  });

  it('measures every figure exactly', async () => {
    const result = await read(known);
    expect(result).toEqual({
      figures: {
        languages: [
          { name: 'TypeScript', lines: 21, share: 65.6 },
          { name: 'Python', lines: 11, share: 34.4 },
        ],
        linesOfCode: 32,
        files: 10,
        testFiles: 2,
        testFrameworks: ['pytest', 'Vitest'],
        ci: ['GitHub Actions'],
        manifests: [
          { path: 'package.json', dependencies: 3, lockfile: true },
          { path: 'requirements.txt', dependencies: 3, lockfile: false },
        ],
        readme: true,
        license: true,
        todoPerKloc: 125,
        lastCommitAt: '2024-03-05T12:00:00.000Z',
        commits: 3,
        contributors: 2,
      },
      problems: [],
      partial: false,
    });
  });

  it('reads an older commit as that commit', async () => {
    const { gitText } = await import('#server/integrations/repositories/git-cli.js');
    const first = await gitText(['rev-parse', `${known.commit}~2`], { gitDir: known.gitDir });
    const { figures } = await read({ gitDir: known.gitDir, commit: first });
    expect(figures).toMatchObject({ files: 5, languages: [{ name: 'TypeScript', lines: 16, share: 100 }], commits: 1, contributors: 1, testFiles: 0 });
    expect(figures.lastCommitAt).toBe('2024-01-10T09:00:00.000Z');
  });

  it('rejects a commit the repository does not hold, and a name that looks like an option', async () => {
    await expect(read({ gitDir: known.gitDir, commit: 'a'.repeat(40) })).rejects.toThrow(`The commit ${'a'.repeat(40)} does not exist in the repository`);
    await expect(read({ gitDir: known.gitDir, commit: '--output=/tmp/x' })).rejects.toThrow('is not a valid commit name');
  });
});

describe('readRepository on bad inputs', () => {
  it('never follows a symbolic link, lists those that leave the repository and counts none as a file', async () => {
    const repo = await buildRepository(dir, 'links', {
      'src/x.ts': 'export const x = 1;\n',
      'src/empty.ts': '',
      'a/b': { symlink: '/etc/passwd' },
      'a/up': { symlink: '../../x' },
      'a/in': { symlink: '../src/x.ts' },
      'a/deep/ok': { symlink: '../../src/x.ts' },
    });
    const result = await read(repo);
    expect(result.problems).toEqual([
      'A symbolic link points outside the repository: a/b -> /etc/passwd (not read)',
      'A symbolic link points outside the repository: a/up -> ../../x (not read)',
    ]);
    expect(result.figures.files).toBe(2);
    expect(result.figures.languages).toEqual([{ name: 'TypeScript', lines: 1, share: 100 }]);
    expect(result.partial).toBe(false);
  });

  it('counts a file over 2 MB but never reads it (a vendored one not even that)', async () => {
    const big = `${'const big = 1; // TODO\n'.repeat(140_000)}`; // 3.2 MB of TypeScript
    const repo = await buildRepository(dir, 'big', { 'big.ts': big, 'big2.ts': big, 'small.ts': 'export const a = 1;\n', 'node_modules/huge/index.js': big });
    const result = await read(repo);
    expect(result.figures).toMatchObject({ files: 3, linesOfCode: 1, todoPerKloc: 0 });
    expect(result.problems).toEqual(['2 files over 2 MB were not read']);
  });

  it('uses the limit it is given for oversized files', async () => {
    const repo = await buildRepository(dir, 'over-1k', { 'a.ts': 'export const a = 1;\n'.repeat(100), 'b.ts': 'export const b = 2;\n' });
    const result = await read(repo, { maxFileBytes: 1024 });
    expect(result.problems).toEqual(['1 file over 1 KB was not read']);
    expect(result.figures).toMatchObject({ files: 2, linesOfCode: 1 });
  });

  it('stops at the file limit in path order and says the report is partial', async () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`f${index}.py`, `x = ${index}\n`]));
    const repo = await buildRepository(dir, 'many', files);
    const result = await read(repo, { maxFiles: 4 });
    expect(result.partial).toBe(true);
    expect(result.problems).toEqual(['Stopped after 4 files (the limit is 4 files): the report covers part of the repository']);
    expect(result.figures).toMatchObject({ files: 4, linesOfCode: 4 });
  });

  it('stops at the byte limit and says the report is partial', async () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`f${index}.py`, `${'x = 1\n'.repeat(166)}y = ${index}\n`]));
    const repo = await buildRepository(dir, 'heavy', files); // 1,002 bytes each
    const result = await read(repo, { maxTotalBytes: 3500 });
    expect(result.partial).toBe(true);
    expect(result.problems).toEqual(['Stopped after 3 files (the limit is 3,500 bytes of files read): the report covers part of the repository']);
    expect(result.figures).toMatchObject({ files: 3, linesOfCode: 501 });
  });

  it('lists a submodule without entering it', async () => {
    const repo = await buildRepository(dir, 'submodule', { 'lib/dep': { submodule: 'c'.repeat(40) }, 'main.go': 'package main\n' });
    const result = await read(repo);
    expect(result.problems).toEqual(['Submodule lib/dep: not read']);
    expect(result.figures).toMatchObject({ files: 1, languages: [{ name: 'Go', lines: 1, share: 100 }] });
  });

  it('counts a file with a NUL byte in its first 8,000 bytes as binary, and one with a later NUL as text', async () => {
    const early = Buffer.concat([Buffer.from('var a = 1;\n'.repeat(10)), Buffer.from([0]), Buffer.from('var b = 2; // TODO\n')]);
    const late = Buffer.concat([Buffer.from('var c = 3;\n'.repeat(800)), Buffer.from([0]), Buffer.from('\n')]);
    const repo = await buildRepository(dir, 'binary', { 'early.js': early, 'late.js': late });
    const result = await read(repo);
    expect(result.figures).toMatchObject({ files: 2, languages: [{ name: 'JavaScript', lines: 801, share: 100 }], todoPerKloc: 0 });
    expect(result.problems).toEqual([]);
  });

  it('makes a problem of a package.json it cannot read, and goes on', async () => {
    const repo = await buildRepository(dir, 'bad-json', {
      'package.json': '{ "dependencies": ',
      'api/package.json': '{"dependencies": []}',
      'index.js': 'let a = 1;\n',
    });
    const result = await read(repo);
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toBe('api/package.json could not be read: "dependencies" is not an object');
    expect(result.problems[1]).toMatch(/^package\.json could not be read: .*JSON/);
    expect(result.figures).toMatchObject({ files: 3, manifests: [], linesOfCode: 1 });
  });

  it('lists at most maxProblems lines, the stop first', async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`m${index}`, { submodule: `${index}`.repeat(40) }]));
    const repo = await buildRepository(dir, 'problems', { ...files, 'z1.txt': 'a\n', 'z2.txt': 'b\n' });
    const result = await read(repo, { maxProblems: 3, maxFiles: 1 });
    expect(result.problems).toEqual([
      'Stopped after 1 file (the limit is 1 file): the report covers part of the repository',
      'Submodule m0: not read',
      '5 more problems not listed',
    ]);
  });
});
