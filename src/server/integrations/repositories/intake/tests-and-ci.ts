/**
 * The counters the intake keeps besides languages: test files and frameworks, CI, README and
 * licence, and TODO markers. All decided from paths and text; nothing from the repository runs.
 */
const testPathPatterns = [
  /(^|\/)(tests?|__tests__|spec)\//,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /_test\.go$/,
  /(^|\/)test_[^/]*\.py$/,
  /Tests?\.java$/,
  /_spec\.rb$/,
];

export function isTestPath(filePath: string): boolean {
  return testPathPatterns.some((pattern) => pattern.test(filePath));
}

/** Frameworks known by a declared package name (package.json, requirements, Gemfile, composer, Maven, Gradle). */
const frameworksByPackage: [RegExp, string][] = [
  [/^vitest$/, 'Vitest'],
  [/^jest$/, 'Jest'],
  [/^mocha$/, 'Mocha'],
  [/^@playwright\/test$/, 'Playwright'],
  [/^cypress$/, 'Cypress'],
  [/^pytest$/, 'pytest'],
  [/^rspec(-core|-rails)?$/, 'RSpec'],
  [/^minitest$/, 'minitest'],
  [/^phpunit\/phpunit$/, 'PHPUnit'],
  [/(^|[:.])junit(-jupiter[\w-]*)?($|:)|^org\.junit/, 'JUnit'],
];

export function frameworksFromPackages(names: readonly string[]): string[] {
  return frameworksByPackage.filter(([pattern]) => names.some((name) => pattern.test(name))).map(([, framework]) => framework);
}

/** Frameworks known by what a test file imports. */
const frameworksByImport: [RegExp, string][] = [
  [/\bfrom\s+["']vitest["']|require\(\s*["']vitest["']\s*\)/, 'Vitest'],
  [/\bfrom\s+["']@jest\/globals["']|require\(\s*["']@jest\/globals["']\s*\)/, 'Jest'],
  [/\bfrom\s+["']mocha["']|require\(\s*["']mocha["']\s*\)/, 'Mocha'],
  [/\bfrom\s+["']@playwright\/test["']|require\(\s*["']@playwright\/test["']\s*\)/, 'Playwright'],
  [/\bfrom\s+["']cypress["']|\/\/\/\s*<reference types=["']cypress["']/, 'Cypress'],
  [/^\s*(import\s+pytest\b|from\s+pytest\b)/m, 'pytest'],
  [/^\s*(import\s+unittest\b|from\s+unittest\b)/m, 'unittest'],
  [/^\s*import\s+(\(\s*[^)]*)?"testing"/m, 'go test'],
  [/^\s*import\s+(static\s+)?org\.junit\b/m, 'JUnit'],
  [/^\s*require\s+["'](rspec|spec_helper|rails_helper)["']|\bRSpec\.describe\b/m, 'RSpec'],
  [/^\s*require\s+["']minitest\b|\bMinitest::Test\b/m, 'minitest'],
  [/\bPHPUnit\\Framework\\/, 'PHPUnit'],
];

export function frameworksFromImports(text: string): string[] {
  return frameworksByImport.filter(([pattern]) => pattern.test(text)).map(([, framework]) => framework);
}

const ciByPath: [RegExp, string][] = [
  [/^\.github\/workflows\/[^/]+\.ya?ml$/, 'GitHub Actions'],
  [/^\.gitlab-ci\.yml$/, 'GitLab CI'],
  [/^\.circleci\/config\.yml$/, 'CircleCI'],
  [/^Jenkinsfile$/, 'Jenkins'],
  [/^azure-pipelines\.yml$/, 'Azure Pipelines'],
  [/^\.travis\.yml$/, 'Travis CI'],
  [/^bitbucket-pipelines\.yml$/, 'Bitbucket Pipelines'],
];

/** The CI service a file configures, or null. Decided by path alone, so a CI file is never parsed. */
export function ciForPath(filePath: string): string | null {
  return ciByPath.find(([pattern]) => pattern.test(filePath))?.[1] ?? null;
}

/** README at the root of the repository (any extension and case, as GitHub shows it). */
export const isReadmePath = (filePath: string) => /^readme(\.[^/]*)?$/i.test(filePath);

/** A licence at the root: LICENSE, LICENCE, COPYING, with or without an extension. */
export const isLicensePath = (filePath: string) => /^(licen[cs]e|copying)([.-][^/]*)?$/i.test(filePath);

export function countTodos(text: string): number {
  return text.match(/\b(TODO|FIXME|XXX)\b/g)?.length ?? 0;
}

/** Markers per thousand lines of code, one decimal; 0 for a repository without code. */
export function todoPerKloc(todos: number, linesOfCode: number): number {
  return linesOfCode === 0 ? 0 : Math.round((todos / linesOfCode) * 10_000) / 10;
}
