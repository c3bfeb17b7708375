import { useQuery } from '@tanstack/react-query';
import type { Project } from '#shared/contracts/projects.js';
import { apiGet } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

/** The first page of GET /api/projects (newest first): the home page's featured list and the developer dashboard. */
export const projectsKey = queryKeys.projects;

export function useProjects() {
  return useQuery({
    queryKey: projectsKey,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<unknown>('/api/projects', { signal });
      return Array.isArray(answer) ? (answer as Project[]) : [];
    },
  });
}
