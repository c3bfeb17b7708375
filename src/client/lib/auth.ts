import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints } from '#shared/contracts/auth.js';
import { type User, userCollectionsPath } from '#shared/contracts/users.js';
import { call } from './api.js';

/**
 * The signed-in user, which every part of the app reads (spec section 7: GET /api/user is cached
 * as the current user). Its cache key is that endpoint's path; it is read from GET /api/session,
 * which answers a visitor with null instead of a 401 that the browser would log as an error.
 */
export const currentUserKey = [authEndpoints.currentUser.path] as const;

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async ({ signal }): Promise<User | null> => (await call(authEndpoints.session, {}, { signal })).user,
});

/** The signed-in user: undefined while loading, null for a visitor. */
export function useUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

/**
 * The cache key prefix of one user's own lists (projects, bids, spending, notifications...), the
 * path they live under: a deal event refreshes them together, and signing out drops them.
 */
export const userScopeKey = (userId: number) => [userCollectionsPath, userId] as const;

/** Drops everything cached for the previous user, then records that nobody is signed in. */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  queryClient.setQueryData(currentUserKey, null);
}
