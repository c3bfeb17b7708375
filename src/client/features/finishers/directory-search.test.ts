import { describe, expect, it } from 'vitest';
import { directorySearchParams, readDirectorySearch } from './directory-search.js';

describe('the directory search in the URL', () => {
  it('round-trips every field with the API names', () => {
    const search = readDirectorySearch(new URLSearchParams('q=react%20dev&skills=rust,go&available=false&sort=rate_asc'));
    expect(search).toEqual({ q: 'react dev', skills: ['rust', 'go'], availability: 'not-available', sort: 'rate_asc' });
    expect(directorySearchParams(search)).toEqual({ q: 'react dev', skills: 'rust,go', available: 'false', sort: 'rate_asc' });
  });

  it('falls back to the defaults for what it does not know, and leaves them out of the URL', () => {
    const search = readDirectorySearch(new URLSearchParams('available=maybe&sort=cheapest&skills=,,'));
    expect(search).toEqual({ q: '', skills: [], availability: 'all', sort: 'best_match' });
    expect(directorySearchParams(search)).toEqual({});
  });
});
