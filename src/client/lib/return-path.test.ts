import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from './return-path.js';

describe('the page to return to after signing in (issue 28, item 16)', () => {
  it('follows a path of this site, with its query', () => {
    expect(safeReturnPath('/projects')).toBe('/projects');
    expect(safeReturnPath('/projects/12?tab=bids')).toBe('/projects/12?tab=bids');
    expect(signInPath({ pathname: '/projects' })).toBe('/auth?next=%2Fprojects');
    expect(signInPath({ pathname: '/payment/bid/3', search: '?canceled=true' }, '/login')).toBe('/login?next=%2Fpayment%2Fbid%2F3%3Fcanceled%3Dtrue');
  });

  it('ignores another site, a scheme, and the sign-in pages themselves', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth',
      '/login?next=/x',
      '/register',
    ])
      expect(safeReturnPath(next)).toBeNull();
    expect(signInPath({ pathname: '/auth' })).toBe('/auth');
  });
});
