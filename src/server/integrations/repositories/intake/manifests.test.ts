import { describe, expect, it } from 'vitest';
import { isManifestPath, readManifest } from './manifests.js';

const beside = (...paths: string[]) => new Set(paths);
const count = (path: string, text: string, tree = beside()) => {
  const reading = readManifest(path, text, tree);
  return 'problem' in reading ? reading.problem : reading.manifest;
};

describe('readManifest', () => {
  it('counts package.json dependencies and devDependencies, with any of the npm lockfiles beside it', () => {
    const text = JSON.stringify({ dependencies: { a: '1' }, devDependencies: { b: '1', c: '1' }, peerDependencies: { d: '1' } });
    expect(count('web/package.json', text, beside('web/yarn.lock'))).toEqual({ path: 'web/package.json', dependencies: 3, lockfile: true });
    expect(count('package.json', text, beside('web/pnpm-lock.yaml'))).toEqual({ path: 'package.json', dependencies: 3, lockfile: false });
    expect(count('package.json', '{}', beside('bun.lockb'))).toEqual({ path: 'package.json', dependencies: 0, lockfile: true });
  });

  it('makes a problem of a package.json that is not a JSON object, never a throw', () => {
    expect(count('package.json', '[1, 2]')).toBe('package.json could not be read: it is not a JSON object');
    expect(count('package.json', '{')).toMatch(/^package\.json could not be read: /);
  });

  it('counts requirement lines, not comments, blank lines or options', () => {
    expect(count('requirements.txt', '# a\n\n-r base.txt\n--index-url https://x\nDjango>=4 ; python_version > "3"\nrequests[socks]==2\nnumpy\n')).toEqual({
      path: 'requirements.txt',
      dependencies: 3,
      lockfile: false,
    });
  });

  it('reads pyproject.toml from [project] dependencies and Poetry, Python itself left out', () => {
    const pep621 = '[project]\nname = "x"\ndependencies = [\n  "httpx>=0.27",\n  "pydantic",  # models\n]\n\n[tool.ruff]\nline-length = 100\n';
    expect(count('pyproject.toml', pep621, beside('uv.lock'))).toEqual({ path: 'pyproject.toml', dependencies: 2, lockfile: true });
    const poetry = '[tool.poetry.dependencies]\npython = "^3.11"\nfastapi = "^0.110"\nuvicorn = { version = "*", extras = ["standard"] }\n';
    expect(count('pyproject.toml', poetry, beside('poetry.lock'))).toEqual({ path: 'pyproject.toml', dependencies: 2, lockfile: true });
  });

  it('reads Pipfile, go.mod, Cargo.toml, Gemfile, pom.xml, build.gradle(.kts) and composer.json', () => {
    expect(
      count('Pipfile', '[packages]\nrequests = "*"\n\n[dev-packages]\npytest = "*"\n\n[requires]\npython_version = "3.11"\n', beside('Pipfile.lock')),
    ).toMatchObject({
      dependencies: 2,
      lockfile: true,
    });
    const goMod = 'module x\n\ngo 1.22\n\nrequire github.com/a/b v1.0.0\n\nrequire (\n\tgithub.com/c/d v1.2.0\n\tgolang.org/x/e v0.1.0 // indirect\n)\n';
    expect(count('go.mod', goMod, beside('go.sum'))).toMatchObject({ dependencies: 3, lockfile: true });
    const cargo =
      '[package]\nname = "x"\n\n[dependencies]\nserde = "1"\ntokio = { version = "1", features = ["full"] }\n\n[dependencies.rand]\nversion = "0.8"\n\n[dev-dependencies]\ninsta = "1"\n';
    expect(count('Cargo.toml', cargo)).toMatchObject({ dependencies: 4, lockfile: false });
    expect(
      count('Gemfile', "source 'https://rubygems.org'\ngem 'rails', '~> 7'\n  gem \"rspec-rails\", group: :test\n# gem 'old'\n", beside('Gemfile.lock')),
    ).toMatchObject({
      dependencies: 2,
      lockfile: true,
    });
    const pom =
      '<project><dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId></dependency><dependency><groupId>a</groupId><artifactId>b</artifactId></dependency></dependencies></project>';
    expect(count('pom.xml', pom)).toMatchObject({ dependencies: 2, lockfile: false });
    const gradle =
      "plugins { id 'java' }\ndependencies {\n  implementation 'com.google.guava:guava:33.0'\n  testImplementation(\"org.junit.jupiter:junit-jupiter:5.10.0\")\n  api project(':core')\n}\n";
    expect(count('app/build.gradle.kts', gradle)).toMatchObject({ dependencies: 3 });
    expect(
      count(
        'composer.json',
        JSON.stringify({ require: { php: '>=8.2', 'laravel/framework': '^11' }, 'require-dev': { 'phpunit/phpunit': '^11' } }),
        beside('composer.lock'),
      ),
    ).toMatchObject({
      dependencies: 3,
      lockfile: true,
    });
  });

  it('knows manifests by their file name', () => {
    expect(['a/package.json', 'Cargo.toml', 'x/build.gradle', 'Pipfile'].every(isManifestPath)).toBe(true);
    expect(['package.json.bak', 'Pipfile.lock', 'cargo.toml', 'src/main.go'].some(isManifestPath)).toBe(false);
  });
});
