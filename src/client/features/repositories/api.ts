import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { projectEndpoints } from '#shared/contracts/projects.js';
import { type Repository, type RepositoryHostView, repositoryEndpoints } from '#shared/contracts/repositories.js';
import { type CreateSandboxRepositoryBody, sandboxGitEndpoints } from '#shared/contracts/sandbox-git.js';
import { call, errorMessage, isApiError } from '#client/lib/api.js';
import { useUser } from '#client/lib/auth.js';
import { githubLinkHref } from '#client/lib/repository-rules.js';
import { invalidateProjects } from '#client/features/projects/api.js';

const endpoints = repositoryEndpoints;

export const repositoryKeys = {
  connectable: [endpoints.list.path] as const,
  host: [endpoints.host.path] as const,
  /** Under the project's key, so whatever refreshes the project (an edit, a live change) refreshes its report too. */
  report: (projectId: number) => [projectEndpoints.list.path, projectId, 'repository-report'] as const,
};

/**
 * GET /api/repositories for the owner's forms. A host that is not set up (503) or a session that
 * ended reads as no repositories: the form around the picker still submits with a code link alone.
 */
export const connectableRepositoriesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: repositoryKeys.connectable,
    queryFn: async ({ signal }): Promise<Repository[]> => {
      try {
        return await call(endpoints.list, {}, { signal });
      } catch (error) {
        if (isApiError(error, 'UNAUTHENTICATED', 'SERVICE_UNAVAILABLE', 'NOT_FOUND')) return [];
        throw error;
      }
    },
    enabled,
  });

export const useConnectableRepositories = (enabled = true) => useQuery(connectableRepositoriesQuery(enabled));

/** GET /api/repositories/host: the server's host and the person's linked GitHub login; null when it cannot be read. */
export const repositoryHostQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: repositoryKeys.host,
    queryFn: async ({ signal }): Promise<RepositoryHostView | null> => {
      try {
        return await call(endpoints.host, {}, { signal });
      } catch (error) {
        if (isApiError(error, 'UNAUTHENTICATED', 'SERVICE_UNAVAILABLE', 'NOT_FOUND')) return null;
        throw error;
      }
    },
    enabled,
  });

/**
 * The "Link GitHub" address for this page, or null: on the sandbox host, once linked, or while the
 * host is not known yet. The sign-in is a navigation (a plain link), and comes back here.
 */
/** The server's repository host ('sandbox' or 'github'), null while unknown. */
export function useRepositoryHostProvider(): RepositoryHostView['provider'] | null {
  return useQuery(repositoryHostQuery(true)).data?.provider ?? null;
}

export function useGithubLinkHref(enabled = true): string | null {
  const location = useLocation();
  const { data: host } = useQuery(repositoryHostQuery(enabled));
  return githubLinkHref(host, `${location.pathname}${location.search}`, endpoints.githubAuthorize.path);
}

/**
 * GET /api/projects/{id}/repository-report, asked only for a project with a connected repository
 * (the server answers 404 otherwise). A pending report is read again every few seconds as a fallback
 * for a viewer without the live connection; the project's live change refreshes it sooner.
 */
export const repositoryReportQuery = (projectId: number, hasRepository: boolean) =>
  queryOptions({
    queryKey: repositoryKeys.report(projectId),
    queryFn: ({ signal }) => call(endpoints.report, { params: { id: projectId } }, { signal }),
    enabled: hasRepository && Number.isInteger(projectId) && projectId > 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5_000 : false),
  });

export const useRepositoryReport = (projectId: number, hasRepository: boolean) => useQuery(repositoryReportQuery(projectId, hasRepository));

/** The owner asks for a fresh read of the default branch; past the hourly limit (429) the toast carries the server's sentence. */
export function useRefreshRepositoryReport(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.refreshReport, { params: { id: projectId } }),
    onSuccess: async () => {
      toast.success('Reading the repository again');
      await queryClient.invalidateQueries({ queryKey: repositoryKeys.report(projectId) });
    },
    onError: (error) => toast.error('Failed to refresh the report', { description: errorMessage(error, 'Please try again later') }),
  });
}

/**
 * POST /api/sandbox/git/repositories: a new repository on the sandbox host. The owner's forms list it
 * at once. Errors stay on the mutation, so the page shows the server's sentence beside the form.
 */
export function useCreateSandboxRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSandboxRepositoryBody) => call(sandboxGitEndpoints.createRepository, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.connectable }),
  });
}

/** POST /api/sandbox/git/tokens: a personal token for git, which the answer carries once and nothing keeps. */
export function useCreateSandboxToken() {
  return useMutation({ mutationFn: () => call(sandboxGitEndpoints.createToken, {}) });
}

/**
 * The owner merges the delivered pull request on the sandbox host. The host's merge event is what may
 * accept the delivery (decision 056), so the page is read again from the server, never patched here.
 */
export function useMergeSandboxPull() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: ({ repositoryId, number }: { repositoryId: number; number: number }) =>
      call(sandboxGitEndpoints.mergePull, { params: { id: repositoryId, number } }),
    onSuccess: async () => {
      toast.success('Pull request merged');
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to merge the pull request', { description: errorMessage(error, 'Please try again later') }),
  });
}
