import { type InfiniteData, infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type DeveloperListItem, developerEndpoints } from '#shared/contracts/finishers.js';
import { call, callWithHeaders, nextPageQuery } from '#client/lib/api.js';
import { projectKeys } from '#client/features/projects/api.js';
import { type DirectorySearch, directorySearchParams } from './directory-search.js';

const endpoints = developerEndpoints;

/** Every finisher key starts with the directory's path, so one invalidation refreshes them all. */
export const finisherKeys = {
  all: [endpoints.list.path] as const,
  directory: (search: DirectorySearch) => [endpoints.list.path, 'directory', directorySearchParams(search)] as const,
  profile: (username: string) => [endpoints.list.path, username] as const,
  stats: (username: string) => [endpoints.list.path, username, 'stats'] as const,
  /** Under the project's key, so a change of the project (a new bid) refreshes it (decision 043). */
  suggested: (projectId: number) => [...projectKeys.detail(projectId), 'suggested-finishers'] as const,
};

/** One page of the directory, with the query of the next page (null on the last). */
export interface DirectoryPage {
  finishers: DeveloperListItem[];
  next: Record<string, string | string[]> | null;
}

type PageQuery = Record<string, string | string[] | undefined>;

/**
 * The directory (issue 30, item 4): searched, filtered and sorted by the server, paged through the
 * Link rel="next" header. The server's search replaced spec section 5's filtering on the client, which
 * a paged list cannot do.
 */
export const directoryQuery = (search: DirectorySearch) =>
  infiniteQueryOptions<DirectoryPage, Error, InfiniteData<DirectoryPage, PageQuery>, ReturnType<typeof finisherKeys.directory>, PageQuery>({
    queryKey: finisherKeys.directory(search),
    initialPageParam: directorySearchParams(search),
    queryFn: async ({ pageParam, signal }): Promise<DirectoryPage> => {
      const { data, headers } = await callWithHeaders(endpoints.list, { query: pageParam }, { signal });
      return { finishers: data, next: nextPageQuery(headers.get('link')) };
    },
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
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

export const useDirectory = (search: DirectorySearch) => useInfiniteQuery(directoryQuery(search));
export const useFinisher = (username: string) => useQuery(finisherQuery(username));
export const useFinisherStats = (username: string, enabled = true) => useQuery(finisherStatsQuery(username, enabled));

/** The finishers the server suggests for the owner's project, ranked by it (issue 30). */
export const useSuggestedFinishers = (projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: finisherKeys.suggested(projectId),
    queryFn: ({ signal }) => call(endpoints.suggested, { params: { id: projectId } }, { signal }),
    enabled,
  });
