import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type Deal, dealEndpoints, type ObjectCancellationBody } from '#shared/contracts/deal.js';
import { projectEndpoints } from '#shared/contracts/projects.js';
import { call, errorMessage, isApiError } from '#client/lib/api.js';
import { useUser } from '#client/lib/auth.js';
import { invalidateProjects } from '#client/features/projects/api.js';

const endpoints = dealEndpoints;

export const dealKeys = {
  /**
   * Under the project's key (projectKeys.detail), so every step that refreshes the project (delivery,
   * review, status change, milestone steps) and every live notification about it refreshes the deal too.
   */
  ofProject: (projectId: number) => [projectEndpoints.list.path, projectId, 'deal'] as const,
};

/**
 * GET /api/projects/{id}/deal, for the owner and the assigned finisher (`enabled` says whether the
 * viewer is one). A refusal (the finisher changed, the session ended) reads as no deal, not an error:
 * the page around it still renders.
 */
export const dealQuery = (projectId: number, enabled = true) =>
  queryOptions({
    queryKey: dealKeys.ofProject(projectId),
    queryFn: async ({ signal }): Promise<Deal | null> => {
      try {
        return await call(endpoints.get, { params: { id: projectId } }, { signal });
      } catch (error) {
        if (isApiError(error, 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND')) return null;
        throw error;
      }
    },
    enabled: enabled && Number.isInteger(projectId) && projectId > 0,
  });

export const useDeal = (projectId: number, enabled: boolean) => useQuery(dealQuery(projectId, enabled));

/**
 * The finisher's answer to a cancellation request: the answer is the new deal, shown at once; the
 * project, its payment and both parties' lists are refreshed behind it.
 */
function useCancellationAnswer<TVariables>(projectId: number, request: (variables: TVariables) => Promise<Deal>, successText: string) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: request,
    onSuccess: async (deal) => {
      queryClient.setQueryData(dealKeys.ofProject(projectId), deal);
      toast.success(successText, { description: deal.cancellation?.description });
      await invalidateProjects(queryClient, user?.id);
    },
    onError: async (error) => {
      toast.error('Failed to answer the cancellation request', { description: errorMessage(error, 'Please try again later') });
      // A refusal (409) usually means the request was answered or settled meanwhile: show where it stands.
      if (!isApiError(error, 'VALIDATION_FAILED')) await refreshDeal(queryClient, projectId);
    },
  });
}

const refreshDeal = (queryClient: QueryClient, projectId: number) => queryClient.invalidateQueries({ queryKey: dealKeys.ofProject(projectId) });

/** POST /api/projects/{id}/cancellation/agree: the unsettled remainder goes back to the owner. */
export const useAgreeToCancellation = (projectId: number) =>
  useCancellationAnswer(projectId, () => call(endpoints.agreeToCancellation, { params: { id: projectId } }), 'Cancellation agreed');

/** POST /api/projects/{id}/cancellation/object with the finisher's reason: the money stays held. */
export const useObjectToCancellation = (projectId: number) =>
  useCancellationAnswer(
    projectId,
    (body: ObjectCancellationBody) => call(endpoints.objectToCancellation, { params: { id: projectId }, body }),
    'Objection sent',
  );
