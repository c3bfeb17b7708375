import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RepositoryAccessLine } from './repository-access-line.js';

const none = { status: 'none' as const, at: null };

describe('RepositoryAccessLine', () => {
  it('says nothing while there is no access, unless access waits for the finisher to link GitHub', () => {
    expect(renderToStaticMarkup(createElement(RepositoryAccessLine, { access: none, viewer: 'finisher' }))).toBe('');
    const waiting = renderToStaticMarkup(
      createElement(RepositoryAccessLine, { access: none, viewer: 'finisher', linkGithubHref: '/api/github/authorize?returnTo=%2Fprojects%2F7' }),
    );
    expect(waiting).toContain('Push access: waiting for your GitHub account.');
    expect(waiting).toContain('href="/api/github/authorize?returnTo=%2Fprojects%2F7"');
    expect(waiting).toContain('Link GitHub');
  });

  it('keeps the usual line once access moved on, link or not', () => {
    const invited = renderToStaticMarkup(
      createElement(RepositoryAccessLine, { access: { status: 'invited', at: null }, viewer: 'finisher', linkGithubHref: '/api/github/authorize' }),
    );
    expect(invited).toContain('Push access: invited. Accept the invitation on GitHub.');
    expect(invited).not.toContain('Link GitHub');
  });
});
