import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreateMilestoneInput, Milestone } from '#shared/contracts/milestones.js';
import { apiGet, apiRequest, errorMessage } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';

/** Under the project's key, so one prefix invalidation refreshes the project, its milestones and its payment. */
export const milestonesKey = (projectId: number) => [...queryKeys.project(projectId), 'milestones'] as const;

export function useMilestones(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: milestonesKey(projectId),
    queryFn: ({ signal }) => apiGet<Milestone[]>(`/api/projects/${projectId}/milestones`, { signal }),
    enabled: enabled && Number.isInteger(projectId) && projectId > 0,
  });
}

export type MilestoneBody = Omit<CreateMilestoneInput, 'amount'> & { amount: number };

const refresh = (queryClient: QueryClient, projectId: number) => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });

/**
 * One mutation per milestone step. Toasts live in the hook: a successful step often removes the
 * button (and dialog) that started it, and a removed component's mutate() callbacks never run.
 */
function useMilestoneMutation<TVariables>(projectId: number, request: (variables: TVariables) => Promise<unknown>, successText: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      toast.success(successText);
      await refresh(queryClient, projectId);
    },
    onError: async (error) => {
      toast.error(errorMessage(error, 'Please try again later'));
      // A refusal (409) usually means the milestone changed elsewhere: show its current state.
      await refresh(queryClient, projectId);
    },
  });
}

export const useAddMilestone = (projectId: number) =>
  useMilestoneMutation(projectId, (body: MilestoneBody) => apiRequest<Milestone>('POST', `/api/projects/${projectId}/milestones`, body), 'Milestone added');

export const useUpdateMilestone = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    ({ id, body }: { id: number; body: Partial<MilestoneBody> }) => apiRequest<Milestone>('PATCH', `/api/milestones/${id}`, body),
    'Milestone updated',
  );

export const useRemoveMilestone = (projectId: number) =>
  useMilestoneMutation(projectId, (id: number) => apiRequest<null>('DELETE', `/api/milestones/${id}`), 'Milestone removed');

export const useCompleteMilestone = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    ({ id, note }: { id: number; note: string }) => apiRequest<Milestone>('POST', `/api/milestones/${id}/complete`, { note }),
    'Milestone marked complete',
  );

export const useApproveMilestone = (projectId: number) =>
  useMilestoneMutation(projectId, (id: number) => apiRequest<Milestone>('POST', `/api/milestones/${id}/approve`), 'Milestone approved');

export const useSendBackMilestone = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    ({ id, feedback }: { id: number; feedback: string }) => apiRequest<Milestone>('POST', `/api/milestones/${id}/send-back`, { feedback }),
    'Milestone sent back',
  );
