import { describe, expect, it } from 'vitest';
import { isDocumentation, isVendored } from './classify.js';
import { ciForPath, countTodos, frameworksFromImports, frameworksFromPackages, isLicensePath, isReadmePath, isTestPath, todoPerKloc } from './tests-and-ci.js';

describe('the counters', () => {
  it('knows test files by their path', () => {
    const tests = [
      'tests/a.py',
      'src/__tests__/a.js',
      'spec/models/user_spec.rb',
      'a.test.ts',
      'b.spec.mjs',
      'c.test.jsx',
      'pkg/x_test.go',
      'test_x.py',
      'src/FooTest.java',
      'FooTests.java',
    ];
    expect(tests.filter((path) => !isTestPath(path))).toEqual([]);
    expect(['src/testing.ts', 'latest/a.py', 'contest.py', 'src/attest.go'].filter(isTestPath)).toEqual([]);
  });

  it('knows frameworks from package names and from imports', () => {
    expect(frameworksFromPackages(['vitest', '@playwright/test', 'cypress', 'org.junit.jupiter:junit-jupiter', 'phpunit/phpunit', 'rspec-rails'])).toEqual([
      'Vitest',
      'Playwright',
      'Cypress',
      'RSpec',
      'PHPUnit',
      'JUnit',
    ]);
    expect(frameworksFromPackages(['jest-dom', 'pytest-cov'])).toEqual([]);
    expect(frameworksFromImports("import { test } from '@playwright/test';")).toEqual(['Playwright']);
    expect(frameworksFromImports('import unittest\n')).toEqual(['unittest']);
    expect(frameworksFromImports('package x\n\nimport (\n\t"fmt"\n\t"testing"\n)\n')).toEqual(['go test']);
    expect(frameworksFromImports('import org.junit.jupiter.api.Test;')).toEqual(['JUnit']);
    expect(frameworksFromImports("require 'minitest/autorun'")).toEqual(['minitest']);
    expect(frameworksFromImports('class T extends \\PHPUnit\\Framework\\TestCase {}')).toEqual(['PHPUnit']);
    expect(frameworksFromImports("const { describe } = require('mocha');")).toEqual(['Mocha']);
  });

  it('knows CI files, the README and the licence at the root only', () => {
    expect(
      [
        '.github/workflows/ci.yaml',
        '.gitlab-ci.yml',
        '.circleci/config.yml',
        'Jenkinsfile',
        'azure-pipelines.yml',
        '.travis.yml',
        'bitbucket-pipelines.yml',
      ].map(ciForPath),
    ).toEqual(['GitHub Actions', 'GitLab CI', 'CircleCI', 'Jenkins', 'Azure Pipelines', 'Travis CI', 'Bitbucket Pipelines']);
    expect(['.github/workflows/sub/x.yml', 'ci/Jenkinsfile', '.github/dependabot.yml'].map(ciForPath)).toEqual([null, null, null]);
    expect(['README.md', 'readme', 'README.rst'].every(isReadmePath)).toBe(true);
    expect(['docs/README.md', 'READMEFIRST.txt2/x'].some(isReadmePath)).toBe(false);
    expect(['LICENSE', 'LICENCE.txt', 'COPYING', 'license-MIT'].every(isLicensePath)).toBe(true);
    expect(['src/LICENSE', 'licensing.md'].some(isLicensePath)).toBe(false);
  });

  it('counts TODO, FIXME and XXX as words, per thousand lines of code', () => {
    expect(countTodos('// TODO: a\n// FIXME b XXX\nTODOS XXXL todo\n')).toBe(3);
    expect(todoPerKloc(3, 2000)).toBe(1.5);
    expect(todoPerKloc(1, 3)).toBe(333.3);
    expect(todoPerKloc(5, 0)).toBe(0);
  });

  it("leaves out linguist's vendored, generated and documentation paths", () => {
    expect(['node_modules/a/index.js', 'vendor/x.rb', 'web/dist/app.js', 'package-lock.json', 'a/jquery.min.js'].every(isVendored)).toBe(true);
    expect(['src/index.js', 'src/vendorize.ts'].some(isVendored)).toBe(false);
    expect(['docs/guide.md', 'README.md', 'CHANGELOG.md'].every(isDocumentation)).toBe(true);
    expect(isDocumentation('src/docs.ts')).toBe(false);
  });
});
