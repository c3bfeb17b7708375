import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerEndpoints } from '#shared/contracts/finishers.js';
import { call } from '#client/lib/api.js';
import { projectKeys } from '#client/features/projects/api.js';

const endpoints = developerEndpoints;

/** Every finisher key starts with the directory's path, so one invalidation refreshes them all. */
export const finisherKeys = {
  all: [endpoints.list.path] as const,
  profile: (username: string) => [endpoints.list.path, username] as const,
  stats: (username: string) => [endpoints.list.path, username, 'stats'] as const,
  /** Under the project's key, so a change of the project (a new bid) refreshes it (decision 043). */
  suggested: (projectId: number) => [...projectKeys.detail(projectId), 'suggested-finishers'] as const,
};

/** The whole directory; spec section 5 has it filtered on the client. */
export const finishersQuery = queryOptions({
  queryKey: finisherKeys.all,
  queryFn: ({ signal }) => call(endpoints.list, {}, { signal }),
});

export const finisherQuery = (username: string) =>
  queryOptions({
    queryKey: finisherKeys.profile(username),
    queryFn: ({ signal }) => call(endpoints.profile, { params: { username } }, { signal }),
    enabled: username.length > 0,
  });

export const finisherStatsQuery = (username: string, enabled = true) =>
  queryOptions({
    queryKey: finisherKeys.stats(username),
    queryFn: ({ signal }) => call(endpoints.stats, { params: { username } }, { signal }),
    enabled: enabled && username.length > 0,
  });

export const useFinishers = () => useQuery(finishersQuery);
export const useFinisher = (username: string) => useQuery(finisherQuery(username));
export const useFinisherStats = (username: string, enabled = true) => useQuery(finisherStatsQuery(username, enabled));

/** The finishers the server suggests for the owner's project, ranked by it (issue 30). */
export const useSuggestedFinishers = (projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: finisherKeys.suggested(projectId),
    queryFn: ({ signal }) => call(endpoints.suggested, { params: { id: projectId } }, { signal }),
    enabled,
  });
