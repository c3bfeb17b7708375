import { describe, expect, it } from 'vitest';
import { effectiveSort, projectSearchParams, readProjectSearch, searchesLastWordAsPrefix, searchWords } from './project-search.js';

describe('browse search in the URL (issue 30, item 1)', () => {
  it('reads a URL and writes it back the same, defaults left out', () => {
    const url = 'q=chat+widget&tech=React&tech=Go&minBudget=500&maxBudget=2000&sort=budget_desc';
    const search = readProjectSearch(new URLSearchParams(url));
    expect(search).toEqual({ q: 'chat widget', tech: ['React', 'Go'], minBudget: 500, maxBudget: 2000, sort: 'budget_desc' });
    expect(projectSearchParams(search).toString()).toBe(url);
  });

  it('leaves out what it does not understand, and the default order', () => {
    const search = readProjectSearch(new URLSearchParams('tech=&tech=React&tech=React&minBudget=12.5&maxBudget=-3&sort=cheapest'));
    expect(search).toEqual({ q: '', tech: ['React'], minBudget: null, maxBudget: null, sort: null });
    expect(projectSearchParams({ ...search, sort: 'newest' }).toString()).toBe('tech=React');
    expect(projectSearchParams({ ...search, q: 'crm', sort: 'relevance' }).toString()).toBe('q=crm&tech=React');
    expect(projectSearchParams({ ...search, q: 'crm', sort: 'newest' }).toString()).toBe('q=crm&tech=React&sort=newest');
  });

  it('answers relevance only with a text, and newest otherwise', () => {
    expect(effectiveSort(undefined, true)).toBe('relevance');
    expect(effectiveSort(undefined, false)).toBe('newest');
    expect(effectiveSort('relevance', false)).toBe('newest');
    expect(effectiveSort('fewest_bids', true)).toBe('fewest_bids');
  });

  it('reads the words of a text: letters and digits, lowercased, at most eight', () => {
    expect(searchWords("  Node.js & C++ 'offline-first'! ")).toEqual(['node', 'js', 'c', 'offline', 'first']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('%%% ---')).toEqual([]);
  });

  it('reads the last word as a prefix unless it is one letter or a name ending in + or #', () => {
    expect(searchesLastWordAsPrefix('kanb')).toBe(true);
    expect(searchesLastWordAsPrefix('chat app ')).toBe(true);
    expect(searchesLastWordAsPrefix('node.js')).toBe(true);
    expect(searchesLastWordAsPrefix('c++')).toBe(false);
    expect(searchesLastWordAsPrefix('C#')).toBe(false);
    expect(searchesLastWordAsPrefix('objective-c')).toBe(false);
    expect(searchesLastWordAsPrefix('%%%')).toBe(false);
  });
});
