import type { QueryClient } from '@tanstack/react-query';

/**
 * Cache keys of the marketplace data. Every project key starts with '/api/projects' and every
 * per-user list with ['/api/users', id], so one prefix invalidation refreshes a whole family.
 */
export const queryKeys = {
  projects: ['/api/projects'] as const,
  browseProjects: (filters: { q: string; tech: string }) => ['/api/projects', 'browse', filters] as const,
  project: (id: number) => ['/api/projects', id] as const,
  technologies: ['/api/technologies'] as const,
  user: (userId: number) => ['/api/users', userId] as const,
  userProjects: (userId: number) => ['/api/users', userId, 'projects'] as const,
  userBids: (userId: number) => ['/api/users', userId, 'bids'] as const,
  totalSpending: (userId: number) => ['/api/users', userId, 'total-spending'] as const,
};

/** After a project or bid changes: refetch every project query and the signed-in user's lists. */
export async function invalidateMarketplace(queryClient: QueryClient, userId?: number | null): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
    queryClient.invalidateQueries({ queryKey: queryKeys.technologies }),
    userId ? queryClient.invalidateQueries({ queryKey: queryKeys.user(userId) }) : Promise.resolve(),
  ]);
}
