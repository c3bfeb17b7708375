/**
 * The developer directory's orders and page sizes (issue 30, item 4), without zod so that the
 * browser's directory page reads them without loading the schemas (decision 022).
 * Each order ends with the id, so keyset paging is stable under ties.
 */
export const developerSorts = ['best_match', 'rating', 'completed', 'rate_asc', 'rate_desc'] as const;
export type DeveloperSort = (typeof developerSorts)[number];

export const directoryPageDefault = 20;
export const directoryPageMax = 100;
