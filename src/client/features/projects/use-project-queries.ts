import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Project, ProjectDetail } from '#shared/contracts/projects.js';
import { apiGet, apiGetWithHeaders, nextLinkFrom } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

interface ProjectPage {
  projects: Project[];
  nextUrl: string | null;
}

function browseUrl({ q, tech }: { q: string; tech: string }): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (tech) params.set('tech', tech);
  const query = params.toString();
  return query ? `/api/projects?${query}` : '/api/projects';
}

/** Browse Projects: server-side search and technology filter, paged through the Link rel="next" header. */
export function useBrowseProjects(filters: { q: string; tech: string }) {
  return useInfiniteQuery({
    queryKey: queryKeys.browseProjects(filters),
    initialPageParam: browseUrl(filters),
    queryFn: async ({ pageParam, signal }): Promise<ProjectPage> => {
      const { data, headers } = await apiGetWithHeaders<Project[]>(pageParam, { signal });
      return { projects: Array.isArray(data) ? data : [], nextUrl: nextLinkFrom(headers.get('link')) };
    },
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
  });
}

export function useTechnologies() {
  return useQuery({
    queryKey: queryKeys.technologies,
    queryFn: ({ signal }) => apiGet<string[]>('/api/technologies', { signal }),
  });
}

export function useProject(id: number) {
  return useQuery({
    queryKey: queryKeys.project(id),
    queryFn: ({ signal }) => apiGet<ProjectDetail>(`/api/projects/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Projects the user submitted (submitterId match) or was assigned (finisherId match). */
export function useUserProjects(userId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.userProjects(userId ?? 0),
    queryFn: ({ signal }) => apiGet<Project[]>(`/api/users/${userId}/projects`, { signal }),
    enabled: Boolean(userId),
  });
}

export function useTotalSpending(userId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.totalSpending(userId ?? 0),
    queryFn: ({ signal }) => apiGet<{ totalSpent: number }>(`/api/users/${userId}/total-spending`, { signal }),
    enabled: Boolean(userId),
  });
}
