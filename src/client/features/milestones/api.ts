import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type CreateMilestoneBody, milestoneEndpoints, type UpdateMilestoneBody } from '#shared/contracts/milestones.js';
import { call, errorMessage } from '#client/lib/api.js';
import { projectKeys } from '#client/features/projects/api.js';

const endpoints = milestoneEndpoints;

/** Under the project's key, so one prefix invalidation refreshes the project, its milestones and its payment. */
export const milestoneKeys = {
  ofProject: (projectId: number) => [...projectKeys.detail(projectId), 'milestones'] as const,
};

export const milestonesQuery = (projectId: number, enabled = true) =>
  queryOptions({
    queryKey: milestoneKeys.ofProject(projectId),
    queryFn: ({ signal }) => call(endpoints.list, { params: { id: projectId } }, { signal }),
    enabled: enabled && Number.isInteger(projectId) && projectId > 0,
  });

export const useMilestones = (projectId: number, enabled: boolean) => useQuery(milestonesQuery(projectId, enabled));

const refresh = (queryClient: QueryClient, projectId: number) => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });

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
  useMilestoneMutation(projectId, (body: CreateMilestoneBody) => call(endpoints.create, { params: { id: projectId }, body }), 'Milestone added');

export const useUpdateMilestone = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    ({ id, body }: { id: number; body: UpdateMilestoneBody }) => call(endpoints.update, { params: { milestoneId: id }, body }),
    'Milestone updated',
  );

export const useRemoveMilestone = (projectId: number) =>
  useMilestoneMutation(projectId, (id: number) => call(endpoints.remove, { params: { milestoneId: id } }), 'Milestone removed');

export const useCompleteMilestone = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    ({ id, note }: { id: number; note: string }) => call(endpoints.complete, { params: { milestoneId: id }, body: { note } }),
    'Milestone marked complete',
  );

export const useApproveMilestone = (projectId: number) =>
  useMilestoneMutation(projectId, (id: number) => call(endpoints.approve, { params: { milestoneId: id } }), 'Milestone approved');

export const useSendBackMilestone = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    ({ id, feedback }: { id: number; feedback: string }) => call(endpoints.sendBack, { params: { milestoneId: id }, body: { feedback } }),
    'Milestone sent back',
  );
