import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RepositoryReport } from '#shared/contracts/repositories.js';
import { RepositoryReportView } from './repository-report-view.js';

const report = (overrides: Partial<RepositoryReport> = {}): RepositoryReport => ({
  status: 'ready',
  commit: '3f9c2a1b7d4e5f60718293a4b5c6d7e8f9012345',
  languages: [
    { name: 'TypeScript', lines: 930, share: 75 },
    { name: 'CSS', lines: 310, share: 25 },
  ],
  linesOfCode: 1240,
  files: 48,
  testFiles: 6,
  testFrameworks: ['Vitest'],
  ci: ['GitHub Actions'],
  manifests: [{ path: 'package.json', dependencies: 14, lockfile: true }],
  readme: true,
  license: false,
  todoPerKloc: 2.4,
  lastCommitAt: '2026-11-20T09:30:00.000Z',
  commits: 112,
  contributors: 3,
  problems: [],
  finishedAt: '2026-11-26T10:00:00.000Z',
  repository: { id: 4, provider: 'github', fullName: 'maya/half-built-ledger', url: 'https://github.com/maya/half-built-ledger', private: false },
  ...overrides,
});

const render = (value: RepositoryReport) => renderToStaticMarkup(createElement(RepositoryReportView, { report: value }));
// The text a person reads, without tags and with entities decoded where the tests look.
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('RepositoryReportView', () => {
  it('shows a ready report: the repository linked, its commit, languages with shares and every figure', () => {
    const markup = render(report());
    const words = text(markup);
    expect(markup).toContain('href="https://github.com/maya/half-built-ledger"');
    expect(words).toContain('Repository connected');
    expect(words).toContain('Read from commit 3f9c2a1 on');
    expect(words).toContain('TypeScript 75% · 930 lines');
    expect(words).toContain('CSS 25% · 310 lines');
    expect(markup).toContain('width:75%');
    expect(words).toContain('Lines of code 1,240');
    expect(words).toContain('6 test files (Vitest)');
    expect(words).toContain('GitHub Actions');
    expect(words).toContain('package.json · 14 dependencies · lockfile');
    expect(words).toContain('README · no licence');
    expect(words).toContain('TODO and FIXME per 1,000 lines 2.4');
    expect(words).toContain('112 commits · 3 contributors');
    expect(words).not.toContain('private');
    expect(words).not.toContain('Reading the repository');
  });

  it('names a private repository without linking it', () => {
    const markup = render(report({ repository: { ...report().repository, private: true } }));
    expect(markup).not.toContain('href=');
    expect(text(markup)).toContain('private');
  });

  it('says a partial report covers part of the repository, and lists what it left out', () => {
    const words = text(render(report({ status: 'partial', problems: ['12 files over 1 MB were not read.'] })));
    expect(words).toContain('This report covers part of the repository');
    expect(words).toContain('What the report left out or could not read (1)');
    expect(words).toContain('12 files over 1 MB were not read.');
    expect(words).toContain('Lines of code 1,240');
  });

  it('gives a failed report’s reason and no figures', () => {
    const words = text(render(report({ status: 'failed', commit: null, problems: ['The repository is empty.'] })));
    expect(words).toContain('The report could not be written: The repository is empty.');
    expect(words).not.toContain('Lines of code');
    expect(words).not.toContain('What the report left out');
    expect(words).not.toContain('Read from commit');
  });

  it('shows a pending report as being read, with no figures', () => {
    const markup = render(report({ status: 'pending', commit: null, finishedAt: null }));
    expect(markup).toContain('role="status"');
    expect(text(markup)).toContain('Reading the repository…');
    expect(text(markup)).not.toContain('Lines of code');
  });
});
