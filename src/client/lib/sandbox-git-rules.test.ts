import { describe, expect, it } from 'vitest';
import { canMergeOnSandbox, commitHref, frozenReportSummary, gitCommands, offersSandboxRepositories } from './sandbox-git-rules.js';
import { repositoryNameProblem } from './sandbox-repository-name.js';

describe('repositoryNameProblem', () => {
  it('accepts what the server accepts', () => {
    for (const name of ['shop', 'my-app_2', 'v1.2', 'a'.repeat(100), '.github', 'git']) expect(repositoryNameProblem(name)).toBeNull();
  });

  it('refuses what the server refuses, with its sentence', () => {
    expect(repositoryNameProblem('')).toBe('Enter a repository name');
    expect(repositoryNameProblem('a'.repeat(101))).not.toBeNull();
    expect(repositoryNameProblem('my shop')).toBe('A repository name has 1 to 100 letters, digits, dots, dashes or underscores');
    expect(repositoryNameProblem('owner/name')).not.toBeNull();
    expect(repositoryNameProblem('.')).toBe('A repository name cannot be . or ..');
    expect(repositoryNameProblem('..')).toBe('A repository name cannot be . or ..');
    expect(repositoryNameProblem('shop.GIT')).toBe('A repository name does not end in .git');
  });
});

describe('gitCommands', () => {
  it('clones into the folder git makes, and pushes main to a new remote', () => {
    const commands = gitCommands('http://localhost:5000/git/maya/shop.git');
    expect(commands.clone).toBe('git clone http://localhost:5000/git/maya/shop.git\ncd shop');
    expect(commands.push).toBe('git remote add origin http://localhost:5000/git/maya/shop.git\ngit push -u origin main');
  });
});

describe('offersSandboxRepositories', () => {
  it('waits for the list, then offers the page unless only GitHub repositories are offered', () => {
    expect(offersSandboxRepositories(undefined)).toBe(false);
    expect(offersSandboxRepositories([])).toBe(true);
    expect(offersSandboxRepositories([{ provider: 'sandbox' }])).toBe(true);
    expect(offersSandboxRepositories([{ provider: 'github' }])).toBe(false);
    // On the GitHub host an empty list means nothing is linked or administered there: no sandbox page.
    expect(offersSandboxRepositories([], 'github')).toBe(false);
    expect(offersSandboxRepositories([], 'sandbox')).toBe(true);
  });
});

describe('canMergeOnSandbox', () => {
  it('is the owner’s, on the sandbox host, while the pull request is open', () => {
    expect(canMergeOnSandbox({ isOwner: true, provider: 'sandbox', state: 'open' })).toBe(true);
    expect(canMergeOnSandbox({ isOwner: false, provider: 'sandbox', state: 'open' })).toBe(false);
    expect(canMergeOnSandbox({ isOwner: true, provider: 'github', state: 'open' })).toBe(false);
    expect(canMergeOnSandbox({ isOwner: true, provider: undefined, state: 'open' })).toBe(false);
    expect(canMergeOnSandbox({ isOwner: true, provider: 'sandbox', state: 'merged' })).toBe(false);
    expect(canMergeOnSandbox({ isOwner: true, provider: 'sandbox', state: 'closed' })).toBe(false);
  });
});

describe('commitHref', () => {
  const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
  it('links a GitHub commit to its page and a sandbox one to its repository', () => {
    expect(commitHref({ provider: 'github', url: 'https://github.com/maya/ledger' }, sha)).toBe(`https://github.com/maya/ledger/commit/${sha}`);
    expect(commitHref({ provider: 'sandbox', url: 'http://localhost/git/maya/notes' }, sha)).toBe('http://localhost/git/maya/notes');
    expect(commitHref(null, sha)).toBeNull();
  });
});

describe('frozenReportSummary', () => {
  it('keeps the three largest languages, the lines and the test files', () => {
    const summary = frozenReportSummary({
      status: 'ready',
      commit: 'abc',
      languages: [
        { name: 'CSS', lines: 50, share: 5 },
        { name: 'TypeScript', lines: 700, share: 70 },
        { name: 'Shell', lines: 10, share: 1 },
        { name: 'JavaScript', lines: 240, share: 24 },
      ],
      linesOfCode: 1000,
      files: 40,
      testFiles: 6,
      finishedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(summary).toEqual({ status: 'ready', languages: ['TypeScript', 'JavaScript', 'CSS'], linesOfCode: 1000, testFiles: 6 });
  });
});
