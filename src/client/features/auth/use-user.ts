import { useQuery } from '@tanstack/react-query';
import type { User } from '#shared/contracts/users.js';
import { apiGet, isApiStatus } from '#client/lib/api.js';

/** The cache key of the current user (spec section 7: GET /api/user is cached as the current user). */
export const currentUserKey = ['/api/user'] as const;

async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<User | null> {
  try {
    return await apiGet<User>('/api/user', { signal });
  } catch (error) {
    // 401 means nobody is signed in: that is an answer, not a failure.
    if (isApiStatus(error, 401)) return null;
    throw error;
  }
}

/** The signed-in user: undefined while loading, null for a visitor. */
export function useUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}
