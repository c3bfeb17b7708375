import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.js';

/** Spec section 7: unread counts are refreshed every 300000 ms (the only polling in the app). */
export const UNREAD_REFRESH_MS = 300_000;

/** A 4xx answer will not change on a second try, so only other failures are retried (once). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const isClientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return failureCount < 1 && !isClientError;
}

/** Spec section 7 "Data caching": fresh 60 s, kept 5 min, one retry after 1 s, refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        retryDelay: 1000,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
