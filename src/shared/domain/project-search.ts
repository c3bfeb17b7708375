/**
 * Browse's search (issue 30, items 1 and 2; decision 062): its orders, its filters' limits, and how
 * a search reads in a URL. The server, the browse page and saved searches read these.
 */

/** The orders of GET /api/projects: relevance needs a text; without one it reads as newest. */
export const projectSorts = ['relevance', 'newest', 'budget_desc', 'budget_asc', 'fewest_bids'] as const;
export type ProjectSort = (typeof projectSorts)[number];

export const projectSortLabels: Record<ProjectSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  budget_desc: 'Budget: high to low',
  budget_asc: 'Budget: low to high',
  fewest_bids: 'Fewest bids',
};

export const projectSearchLimits = {
  /** Characters of search text. */
  textMax: 200,
  /** Words of a search text that count; the rest are left out. */
  wordsMax: 8,
  /** Technologies a search filters by (any of them). */
  techMax: 10,
  /**
   * Relevance ranks the newest matches this many at most, so that ranking a common word costs the
   * same over any catalogue; the rest are found by a narrower search or another order.
   */
  rankedCandidates: 200,
  /**
   * A text search first reads, in the page's order, at most this many listed projects per result it
   * needs and tests each (a word in one project of 50 or more is found so); only when they hold too
   * few matches does it read every match (decision 062).
   */
  orderedScanPerResult: 50,
} as const;

/** The order a search is answered in: relevance when there is a text, else the one asked, else newest. */
export function effectiveSort(sort: ProjectSort | undefined, hasText: boolean): ProjectSort {
  if (sort === undefined) return hasText ? 'relevance' : 'newest';
  return sort === 'relevance' && !hasText ? 'newest' : sort;
}

/** The words of a search text that search reads: letters and digits, lowercased, at most wordsMax. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, projectSearchLimits.wordsMax);
}

/**
 * Whether search reads the last word as a prefix too: not a single letter ('objective-c' would read
 * 'c':*, every word that starts with c) and not a name ending in + or # ('c++', 'c#', 'f#'), which
 * is written out whole.
 */
export function searchesLastWordAsPrefix(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+[+#]*/gu) ?? [];
  const last = words.slice(0, projectSearchLimits.wordsMax).at(-1);
  return last !== undefined && /^[\p{L}\p{N}]{2,}$/u.test(last);
}

/** Browse's filters as its URL and GET /api/projects carry them. */
export interface ProjectSearch {
  q: string;
  tech: string[];
  minBudget: number | null;
  maxBudget: number | null;
  sort: ProjectSort | null;
}

const wholeDollars = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
};

/** A search from a query string (the page's URL); what it does not understand is left out. */
export function readProjectSearch(params: URLSearchParams): ProjectSearch {
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim().slice(0, projectSearchLimits.textMax),
    tech: [
      ...new Set(
        params
          .getAll('tech')
          .map((tech) => tech.trim())
          .filter(Boolean),
      ),
    ].slice(0, projectSearchLimits.techMax),
    minBudget: wholeDollars(params.get('minBudget')),
    maxBudget: wholeDollars(params.get('maxBudget')),
    sort: (projectSorts as readonly string[]).includes(sort ?? '') ? (sort as ProjectSort) : null,
  };
}

/** The query string of a search, in GET /api/projects' own names, defaults left out: the same for the page and the API. */
export function projectSearchParams(search: ProjectSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const tech of search.tech) params.append('tech', tech);
  if (search.minBudget !== null) params.set('minBudget', String(search.minBudget));
  if (search.maxBudget !== null) params.set('maxBudget', String(search.maxBudget));
  if (search.sort !== null && search.sort !== effectiveSort(undefined, search.q !== '')) params.set('sort', search.sort);
  return params;
}
