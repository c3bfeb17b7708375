import path from 'node:path';
import type { ReportManifest } from '#shared/domain/repository-report.js';

/**
 * Dependency manifests: how many dependencies each declares and whether a lockfile sits beside it.
 * Only the few fields counted here are read, so TOML, Gemfile, Gradle and POM files go through small
 * line readers rather than full parsers: no new dependency for the worker, nothing evaluated, and a
 * file in a shape they do not know gives a smaller count, never a crash. Nothing here throws on a
 * repository's content: a file that cannot be read becomes a problem line.
 */
export interface ManifestReading {
  manifest: ReportManifest;
  /** The declared package names, for the test frameworks. */
  names: string[];
}

const lockfiles: Record<string, readonly string[]> = {
  'package.json': ['package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock', 'npm-shrinkwrap.json'],
  'requirements.txt': [],
  'pyproject.toml': ['poetry.lock', 'uv.lock', 'pdm.lock'],
  Pipfile: ['Pipfile.lock'],
  'go.mod': ['go.sum'],
  'Cargo.toml': ['Cargo.lock'],
  Gemfile: ['Gemfile.lock'],
  'pom.xml': [],
  'build.gradle': ['gradle.lockfile'],
  'build.gradle.kts': ['gradle.lockfile'],
  'composer.json': ['composer.lock'],
};

const readers: Record<string, (text: string) => string[]> = {
  'package.json': (text) => jsonKeys(text, ['dependencies', 'devDependencies']),
  'requirements.txt': readRequirements,
  'pyproject.toml': readPyproject,
  Pipfile: (text) => [...tomlKeys(text, 'packages'), ...tomlKeys(text, 'dev-packages')],
  'go.mod': readGoMod,
  'Cargo.toml': (text) => [...tomlKeys(text, 'dependencies'), ...tomlKeys(text, 'dev-dependencies')],
  Gemfile: (text) => [...text.matchAll(/^\s*gem\s+["']([^"']+)["']/gm)].map((match) => match[1] ?? ''),
  'pom.xml': readPom,
  'build.gradle': readGradle,
  'build.gradle.kts': readGradle,
  'composer.json': (text) => jsonKeys(text, ['require', 'require-dev']),
};

export function isManifestPath(filePath: string): boolean {
  return Object.hasOwn(readers, path.posix.basename(filePath));
}

/** Reads one manifest; `treePaths` (every path of the tree) answers whether a lockfile sits beside it. */
export function readManifest(filePath: string, text: string, treePaths: ReadonlySet<string>): ManifestReading | { problem: string } {
  const name = path.posix.basename(filePath);
  const reader = readers[name];
  if (!reader) return { problem: `${filePath} is not a manifest` };
  try {
    const names = reader(text);
    const folder = path.posix.dirname(filePath);
    const lockfile = (lockfiles[name] ?? []).some((lock) => treePaths.has(folder === '.' ? lock : `${folder}/${lock}`));
    return { manifest: { path: filePath, dependencies: names.length, lockfile }, names };
  } catch (error) {
    return { problem: `${filePath} could not be read: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300) };
  }
}

function jsonKeys(text: string, fields: readonly string[]): string[] {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('it is not a JSON object');
  const object = parsed as Record<string, unknown>;
  return fields.flatMap((field) => {
    const value = object[field];
    if (value === undefined) return [];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`"${field}" is not an object`);
    return Object.keys(value);
  });
}

/** A requirement's name: what comes before a version, marker, extra or URL. */
const requirementName = (line: string) => line.split(/[\s<>=!~;[@(]/)[0]?.toLowerCase() ?? '';

function readRequirements(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('-'))
    .map(requirementName);
}

/** The lines of each `[section]` of a TOML file, comments and blank lines left out. */
function tomlSections(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>([['', []]]);
  let current: string[] = sections.get('') ?? [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header?.[1] !== undefined) {
      current = [];
      sections.set(header[1], current);
    } else current.push(line);
  }
  return sections;
}

/** The keys of a TOML table (`name = ...`), plus `[table.name]` sub-tables (Cargo's long form). */
function tomlKeys(text: string, table: string): string[] {
  const sections = tomlSections(text);
  const keys = (sections.get(table) ?? []).flatMap((line) => {
    const key = /^"?([A-Za-z0-9_.-]+)"?\s*=/.exec(line);
    return key?.[1] ? [key[1]] : [];
  });
  const subTables = [...sections.keys()].filter((name) => name.startsWith(`${table}.`)).map((name) => name.slice(table.length + 1));
  return [...keys, ...subTables];
}

function readPyproject(text: string): string[] {
  const project = (tomlSections(text).get('project') ?? []).join('\n');
  // `dependencies = [ "a>=1", "b" ]`, on one line or several.
  const list = /(?:^|\n)dependencies\s*=\s*\[([\s\S]*?)\]/.exec(project)?.[1] ?? '';
  const declared = [...list.matchAll(/["']([^"']+)["']/g)].map((match) => requirementName(match[1] ?? ''));
  const poetry = tomlKeys(text, 'tool.poetry.dependencies').filter((name) => name.toLowerCase() !== 'python');
  return [...declared, ...poetry];
}

function readGoMod(text: string): string[] {
  const names: string[] = [];
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (inBlock) {
      if (line === ')') inBlock = false;
      else if (line !== '') names.push(line.split(/\s+/)[0] ?? '');
    } else if (/^require\s*\($/.test(line)) inBlock = true;
    else if (line.startsWith('require ')) names.push(line.split(/\s+/)[1] ?? '');
  }
  return names;
}

function readPom(text: string): string[] {
  return [...text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)].map((match) => {
    const block = match[1] ?? '';
    const group = /<groupId>\s*([^<]*?)\s*<\/groupId>/.exec(block)?.[1] ?? '';
    const artifact = /<artifactId>\s*([^<]*?)\s*<\/artifactId>/.exec(block)?.[1] ?? '';
    return `${group}:${artifact}`;
  });
}

const gradleConfigurations =
  /^\s*(implementation|api|compileOnly|runtimeOnly|testImplementation|testRuntimeOnly|testCompileOnly|annotationProcessor|kapt|ksp|androidTestImplementation|debugImplementation)\b\s*[(\s'"]/;

function readGradle(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => gradleConfigurations.test(line))
    .map((line) => /["']([^"']+)["']/.exec(line)?.[1] ?? line.trim());
}
