import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerEndpoints } from '#shared/contracts/developers.js';
import { call } from '#client/lib/api.js';

const endpoints = developerEndpoints;

/** Every developer key starts with the directory's path, so one invalidation refreshes them all. */
export const developerKeys = {
  all: [endpoints.list.path] as const,
  profile: (username: string) => [endpoints.list.path, username] as const,
  stats: (username: string) => [endpoints.list.path, username, 'stats'] as const,
};

/** The whole directory; spec section 5 has it filtered on the client. */
export const developersQuery = queryOptions({
  queryKey: developerKeys.all,
  queryFn: ({ signal }) => call(endpoints.list, {}, { signal }),
});

export const developerQuery = (username: string) =>
  queryOptions({
    queryKey: developerKeys.profile(username),
    queryFn: ({ signal }) => call(endpoints.profile, { params: { username } }, { signal }),
    enabled: username.length > 0,
  });

export const developerStatsQuery = (username: string, enabled = true) =>
  queryOptions({
    queryKey: developerKeys.stats(username),
    queryFn: ({ signal }) => call(endpoints.stats, { params: { username } }, { signal }),
    enabled: enabled && username.length > 0,
  });

export const useDevelopers = () => useQuery(developersQuery);
export const useDeveloper = (username: string) => useQuery(developerQuery(username));
export const useDeveloperStats = (username: string, enabled = true) => useQuery(developerStatsQuery(username, enabled));
