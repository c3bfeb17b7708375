import { describe, expect, it } from 'vitest';
import {
  choiceOf,
  diffStat,
  diffWords,
  githubLinkHref,
  NO_REPOSITORY,
  noRepositoryChoice,
  repositoryAccessText,
  repositoryFieldsOf,
  repositoryIdOf,
  summaryLine,
  topLanguages,
} from './repository-rules.js';

const AUTHORIZE = '/api/github/authorize';

describe('the repository picker’s choice', () => {
  it('reads "No repository" as null and any other value as the repository’s id', () => {
    expect(repositoryIdOf(NO_REPOSITORY)).toBeNull();
    expect(repositoryIdOf('17')).toBe(17);
  });

  it('sends null for "No repository", without the two options, which mean nothing without one', () => {
    expect(repositoryFieldsOf(noRepositoryChoice)).toEqual({ repositoryId: null });
    expect(repositoryFieldsOf({ repositoryId: null, grantRepositoryAccess: false, mergeAcceptsDelivery: false })).toEqual({ repositoryId: null });
  });

  it('sends a chosen repository with both options as the owner left them', () => {
    expect(repositoryFieldsOf({ repositoryId: 7, grantRepositoryAccess: true, mergeAcceptsDelivery: false })).toEqual({
      repositoryId: 7,
      grantRepositoryAccess: true,
      mergeAcceptsDelivery: false,
    });
  });

  it('starts both options on', () => {
    expect(choiceOf({})).toEqual({ repositoryId: null, grantRepositoryAccess: true, mergeAcceptsDelivery: true });
    expect(choiceOf({ repositoryId: 3, grantRepositoryAccess: false })).toEqual({ repositoryId: 3, grantRepositoryAccess: false, mergeAcceptsDelivery: true });
  });
});

describe('summaryLine', () => {
  it('reads the card’s one line from the report’s summary', () => {
    expect(summaryLine({ status: 'ready', languages: ['TypeScript', 'JavaScript'], linesOfCode: 1240, testFiles: 6 })).toBe(
      'TypeScript, JavaScript · 1,240 lines · 6 test files',
    );
    expect(summaryLine({ status: 'partial', languages: [], linesOfCode: 1, testFiles: 1 })).toBe('1 line · 1 test file');
    expect(summaryLine({ status: 'pending', languages: [], linesOfCode: 0, testFiles: 0 })).toBe('Report pending');
    expect(summaryLine({ status: 'failed', languages: [], linesOfCode: 0, testFiles: 0 })).toBe('Report unavailable');
  });
});

describe('topLanguages', () => {
  const language = (name: string, lines: number, share: number) => ({ name, lines, share });

  it('keeps a short list as it is, largest first', () => {
    expect(topLanguages([language('CSS', 10, 10), language('Go', 90, 90)], 6).map((entry) => entry.name)).toEqual(['Go', 'CSS']);
  });

  it('gathers the smallest into Other so the list has at most the given length', () => {
    const languages = [language('A', 50, 50), language('B', 30, 30), language('C', 10, 10), language('D', 6, 6), language('E', 4, 4)];
    expect(topLanguages(languages, 3)).toEqual([language('A', 50, 50), language('B', 30, 30), language('Other', 20, 20)]);
  });
});

describe('the pull request’s diff', () => {
  it('reads as a diff does, and in words for a screen reader', () => {
    expect(diffStat({ additions: 1200, deletions: 14 })).toBe('+1,200 \u221214');
    expect(diffWords({ additions: 1, deletions: 0 })).toBe('1 line added, 0 removed');
  });
});

describe('repositoryAccessText', () => {
  const at = '2026-11-26T10:00:00.000Z';

  it('says nothing while there is no access to speak of', () => {
    expect(repositoryAccessText({ status: 'none', at: null }, 'finisher')).toBeNull();
  });

  it('tells the invited developer to accept the invitation on GitHub', () => {
    expect(repositoryAccessText({ status: 'invited', at }, 'finisher')).toBe('Push access: invited. Accept the invitation on GitHub.');
    expect(repositoryAccessText({ status: 'invited', at }, 'owner')).toBe('Push access: the developer is invited to the repository.');
  });

  it('names granted and removed access for each party', () => {
    expect(repositoryAccessText({ status: 'granted', at }, 'finisher')).toBe('Push access: granted to you.');
    expect(repositoryAccessText({ status: 'granted', at }, 'owner')).toBe('Push access: granted to the developer.');
    expect(repositoryAccessText({ status: 'removed', at }, 'owner')).toBe('Push access: removed now that the deal has ended.');
  });
});

describe('githubLinkHref', () => {
  it('points at the GitHub sign-in, back to this page, only on the GitHub host for someone not linked', () => {
    expect(githubLinkHref({ provider: 'github', githubLogin: null }, '/projects/7?tab=deal', AUTHORIZE)).toBe(
      '/api/github/authorize?returnTo=%2Fprojects%2F7%3Ftab%3Ddeal',
    );
    expect(githubLinkHref({ provider: 'github', githubLogin: 'devon' }, '/dashboard', AUTHORIZE)).toBeNull();
    expect(githubLinkHref({ provider: 'sandbox', githubLogin: null }, '/dashboard', AUTHORIZE)).toBeNull();
    expect(githubLinkHref(null, '/dashboard', AUTHORIZE)).toBeNull();
    expect(githubLinkHref(undefined, '/dashboard', AUTHORIZE)).toBeNull();
  });
});
