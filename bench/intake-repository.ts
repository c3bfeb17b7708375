// The intake benches' repository: a deterministic bare repository written by fast-import, 10,000
// files of about 5 KB in 10 extensions, 100 folders, 10 commits by 3 authors (about 50 MB).
import path from 'node:path';
import { type ImportCommit, importCommits, initBareRepository } from '#server/integrations/repositories/fast-import.js';

export const FILES = 10_000;
const FILE_BYTES = 5_000;

/** One line of each extension's language; every 20th line is a comment, every 50th carries a TODO. */
const lineMakers: Record<string, (n: number) => string> = {
  ts: (n) => `export const value${n}: number = ${n} * 2;`,
  js: (n) => `module.exports.value${n} = function () { return ${n}; };`,
  py: (n) => `def value_${n}(x):\n    return x + ${n}`,
  go: (n) => `func Value${n}(x int) int { return x + ${n} }`,
  rs: (n) => `pub fn value_${n}(x: i64) -> i64 { x + ${n} }`,
  rb: (n) => `def value_${n}(x) = x + ${n}`,
  java: (n) => `    static int value${n}(int x) { return x + ${n}; }`,
  c: (n) => `int value_${n}(int x) { return x + ${n}; }`,
  css: (n) => `.item-${n} { margin: ${n % 16}px; padding: ${n % 8}px; }`,
  html: (n) => `<div class="item-${n}"><span>${n}</span></div>`,
};
const extensions = Object.keys(lineMakers);

function fileContent(index: number, extension: string): string {
  const make = lineMakers[extension]!;
  const comment = extension === 'py' || extension === 'rb' ? '#' : extension === 'css' || extension === 'html' ? null : '//';
  const lines: string[] = [];
  let bytes = 0;
  for (let n = 0; bytes < FILE_BYTES; n += 1) {
    const line = n % 20 === 0 && comment ? `${comment} ${n % 50 === 0 ? 'TODO' : 'note'}: section ${n} of file ${index}` : make(index * 1000 + n);
    lines.push(line);
    bytes += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

export async function buildBenchRepository(dir: string): Promise<{ gitDir: string; commit: string; bytes: number }> {
  const gitDir = path.join(dir, 'bench.git');
  await initBareRepository(gitDir);
  const commits: ImportCommit[] = [];
  let bytes = 0;
  for (let c = 0; c < 10; c += 1) {
    const files: Record<string, string> = {};
    for (let i = c * (FILES / 10); i < (c + 1) * (FILES / 10); i += 1) {
      const extension = extensions[i % extensions.length]!;
      const content = fileContent(i, extension);
      bytes += content.length;
      files[`src/module${i % 100}/file${i}.${extension}`] = content;
    }
    const author = { name: `Author ${c % 3}`, email: `author${c % 3}@example.com` };
    commits.push({ message: `Part ${c}`, author, date: new Date(Date.UTC(2024, 0, 1 + c)), files });
  }
  const commit = await importCommits(gitDir, commits);
  return { gitDir, commit, bytes };
}
