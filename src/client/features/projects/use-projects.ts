import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { ProjectSummary } from './project-summary';

export const projectsKey = ['/api/projects'] as const;

export function useProjects() {
  return useQuery({
    queryKey: projectsKey,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<unknown>('/api/projects', { signal });
      return Array.isArray(answer) ? (answer as ProjectSummary[]) : [];
    },
  });
}
