import { useQuery } from '@tanstack/react-query';
import type { DeveloperListItem, DeveloperProfile, DeveloperStats } from '#shared/contracts/developers.js';
import { apiGet } from '#client/lib/api.js';

/** Every developer key starts with '/api/developers', so one invalidation refreshes them all. */
export const developerKeys = {
  all: ['/api/developers'] as const,
  profile: (username: string) => ['/api/developers', username] as const,
  stats: (username: string) => ['/api/developers', username, 'stats'] as const,
  reviews: (username: string) => ['/api/developers', username, 'reviews'] as const,
};

const path = (username: string) => `/api/developers/${encodeURIComponent(username)}`;

/** The whole directory; spec section 5 has it filtered on the client. */
export function useDevelopers() {
  return useQuery({
    queryKey: developerKeys.all,
    queryFn: ({ signal }) => apiGet<DeveloperListItem[]>('/api/developers', { signal }),
  });
}

export function useDeveloper(username: string) {
  return useQuery({
    queryKey: developerKeys.profile(username),
    queryFn: ({ signal }) => apiGet<DeveloperProfile>(path(username), { signal }),
    enabled: username.length > 0,
  });
}

export function useDeveloperStats(username: string, enabled = true) {
  return useQuery({
    queryKey: developerKeys.stats(username),
    queryFn: ({ signal }) => apiGet<DeveloperStats>(`${path(username)}/stats`, { signal }),
    enabled: enabled && username.length > 0,
  });
}
