import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type CreateSavedSearchBody, savedSearchEndpoints } from '#shared/contracts/saved-searches.js';
import { call, errorMessage } from '#client/lib/api.js';

const endpoints = savedSearchEndpoints;

export const savedSearchKeys = {
  ofUser: (userId: number) => ['saved-searches', userId] as const,
};

/** A developer's saved searches (GET /api/users/{id}/saved-searches). */
export const useSavedSearches = (userId: number | undefined) =>
  useQuery({
    queryKey: savedSearchKeys.ofUser(userId ?? 0),
    queryFn: ({ signal }) => call(endpoints.list, { params: { id: userId! } }, { signal }),
    enabled: Boolean(userId),
  });

/** POST /api/users/{id}/saved-searches; a refusal is the caller's to show beside the control. */
export function useSaveSearch(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearchBody) => call(endpoints.create, { params: { id: userId }, body }),
    onSuccess: async () => {
      toast.success('Search saved', { description: 'New projects that match it will be announced to you.' });
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.ofUser(userId) });
    },
  });
}

export function useDeleteSavedSearch(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (searchId: number) => call(endpoints.remove, { params: { id: userId, searchId } }),
    onSuccess: async () => {
      toast.success('Saved search deleted');
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.ofUser(userId) });
    },
    onError: (error) => toast.error('Failed to delete the saved search', { description: errorMessage(error, 'Please try again later') }),
  });
}
