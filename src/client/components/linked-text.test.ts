import { describe, expect, it } from 'vitest';
import { linkParts } from './linked-text.js';

describe('linkParts', () => {
  it('links http and https addresses and keeps the rest as text', () => {
    expect(linkParts('See https://example.com/pr/4 and http://a.test.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/pr/4', href: 'https://example.com/pr/4' },
      { text: ' and ' },
      { text: 'http://a.test', href: 'http://a.test/' },
      { text: '.' },
    ]);
  });

  it('never links another scheme, and leaves markup as text', () => {
    expect(linkParts('javascript:alert(1) data:text/html,<b>x</b> ftp://a.test')).toEqual([
      { text: 'javascript:alert(1) data:text/html,<b>x</b> ftp://a.test' },
    ]);
    expect(linkParts('<a href="https://evil.test">x</a>')).toEqual([
      { text: '<a href="' },
      { text: 'https://evil.test', href: 'https://evil.test/' },
      { text: '">x</a>' },
    ]);
  });

  it('keeps a parenthesis the address opened, drops one the sentence opened', () => {
    expect(linkParts('(see https://a.test/x)')).toEqual([{ text: '(see ' }, { text: 'https://a.test/x', href: 'https://a.test/x' }, { text: ')' }]);
    expect(linkParts('https://en.wikipedia.org/wiki/A_(b)')).toEqual([
      { text: 'https://en.wikipedia.org/wiki/A_(b)', href: 'https://en.wikipedia.org/wiki/A_(b)' },
    ]);
  });

  it('answers plain text as one part, and empty text as none', () => {
    expect(linkParts('all tests pass')).toEqual([{ text: 'all tests pass' }]);
    expect(linkParts('')).toEqual([]);
  });
});
