import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 28, item 18: the client names the fee through the shared constant and an API path through its
// contract; a typed '10%' or '/api/...' drifts the day either changes.
function clientSources(directory = 'src/client'): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return clientSources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The lines of every client source (comments left out) that match a pattern. */
function linesMatching(pattern: RegExp): string[] {
  return clientSources().flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, where: `${path}:${index + 1}` }))
      .filter(({ line }) => !/^\s*(\/\/|\/?\*)/.test(line) && pattern.test(line))
      .map(({ line, where }) => `${where}: ${line.trim()}`),
  );
}

describe('client texts and paths', () => {
  it('types no fee or share percentage by hand', () => {
    expect(linesMatching(/\b(10|90)%/)).toEqual([]);
  });

  it('names no API path by hand', () => {
    expect(linesMatching(/['"`]\/api\//)).toEqual([]);
  });
});
