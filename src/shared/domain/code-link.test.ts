import { describe, expect, it } from 'vitest';
import { BARE_HOST_CODE_LINK, codeLinkProblem, INVALID_CODE_LINK, isRepositoryLink } from './code-link.js';

describe('a project’s code link (issue 28, item 15)', () => {
  it('takes an http(s) address of a repository', () => {
    for (const link of ['https://github.com/acme/shop', ' http://git.example.org/team/app.git ', 'https://gitlab.com/a/b?tab=readme'])
      expect(codeLinkProblem(link)).toBeNull();
  });

  it('refuses no link, another scheme and a site’s home page, each with its message', () => {
    expect(codeLinkProblem('')).toBe(INVALID_CODE_LINK);
    expect(codeLinkProblem('github.com/acme/shop')).toBe(INVALID_CODE_LINK);
    expect(codeLinkProblem('ftp://example.org/shop')).toBe(INVALID_CODE_LINK);
    for (const link of ['https://github.com/', 'https://github.com', 'https://github.com///', 'https://github.com/?tab=x'])
      expect(codeLinkProblem(link)).toBe(BARE_HOST_CODE_LINK);
    expect(codeLinkProblem(`https://github.com/${'a'.repeat(2_000)}`)).toMatch(/^Links must be at most/);
  });

  it('tells the project page whether there is a repository to view', () => {
    expect(isRepositoryLink('https://github.com/acme/shop')).toBe(true);
    expect(isRepositoryLink('https://github.com/')).toBe(false);
    expect(isRepositoryLink('not a link')).toBe(false);
  });
});
