import { type DeveloperSort, developerSorts } from '#shared/domain/developer-directory.js';

/** Spec section 2, Developer directory: the availability filter; 'available' means payouts set up (onboardingComplete). */
export type Availability = 'all' | 'available' | 'not-available';

export const availabilityOptions: readonly { value: Availability; label: string }[] = [
  { value: 'all', label: 'All developers' },
  { value: 'available', label: 'Available now' },
  { value: 'not-available', label: 'Not available' },
];

export function isAvailability(value: string): value is Availability {
  return availabilityOptions.some((option) => option.value === value);
}

/** The directory's orders (issue 30, item 4), best match first: the server's default. */
export const sortOptions: readonly { value: DeveloperSort; label: string }[] = [
  { value: 'best_match', label: 'Best match' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'completed', label: 'Most completed projects' },
  { value: 'rate_asc', label: 'Hourly rate: low to high' },
  { value: 'rate_desc', label: 'Hourly rate: high to low' },
];

export function isDeveloperSort(value: string): value is DeveloperSort {
  return (developerSorts as readonly string[]).includes(value);
}

/** What the directory shows, as its URL says (issue 30, item 4: shared, bookmarked, the same after a reload). */
export interface DirectorySearch {
  q: string;
  skills: string[];
  availability: Availability;
  sort: DeveloperSort;
}

/** The directory's search from its URL's query string; anything it does not know is left out. */
export function readDirectorySearch(params: URLSearchParams): DirectorySearch {
  const available = params.get('available');
  const sort = params.get('sort') ?? '';
  return {
    q: (params.get('q') ?? '').trim(),
    skills: [
      ...new Set(
        (params.get('skills') ?? '')
          .split(',')
          .map((skill) => skill.trim())
          .filter(Boolean),
      ),
    ],
    availability: available === 'true' ? 'available' : available === 'false' ? 'not-available' : 'all',
    sort: isDeveloperSort(sort) ? sort : 'best_match',
  };
}

/** The query string of a search, with the API's own names (GET /api/developers takes the same): defaults are left out. */
export function directorySearchParams(search: DirectorySearch): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.q) params.q = search.q;
  if (search.skills.length > 0) params.skills = search.skills.join(',');
  if (search.availability !== 'all') params.available = search.availability === 'available' ? 'true' : 'false';
  if (search.sort !== 'best_match') params.sort = search.sort;
  return params;
}
