import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { bidCollectionPath, bidEndpoints, type EditBidBody, type PlaceBidBody } from '#shared/contracts/bids.js';
import { call, errorMessage } from '#client/lib/api.js';
import { userScopeKey, useUser } from '#client/lib/auth.js';
import { invalidateProjects } from '#client/features/projects/api.js';

const endpoints = bidEndpoints;

export const bidKeys = {
  /** Spec section 7: GET /api/bids/{bidId} is cached under the numeric id (the chat reads the same entry). */
  detail: (bidId: number) => [bidCollectionPath, bidId] as const,
  /** Under the user's scope, so a deal event or signing out reaches it with the user's other lists. */
  ofUser: (userId: number) => [...userScopeKey(userId), 'bids'] as const,
};

/** One bid with its project, for its project's owner and its finisher. */
export const bidQuery = (bidId: number, enabled = true) =>
  queryOptions({
    queryKey: bidKeys.detail(bidId),
    queryFn: ({ signal }) => call(endpoints.detail, { params: { bidId } }, { signal }),
    enabled: enabled && Number.isInteger(bidId) && bidId > 0,
  });

/** A finisher's own bids with their projects; the query runs only for finishers (spec section 6). */
export const userBidsQuery = (userId: number | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: bidKeys.ofUser(userId ?? 0),
    queryFn: ({ signal }) => call(endpoints.ofUser, { params: { id: userId! } }, { signal }),
    enabled: Boolean(userId) && enabled,
  });

export const useBid = (bidId: number, enabled = true) => useQuery(bidQuery(bidId, enabled));
export const useUserBids = (userId: number | undefined, enabled: boolean) => useQuery(userBidsQuery(userId, enabled));

/** The apply dialog and the dashboard's quick application word their toasts differently (spec section 8). */
const placeBidToasts = {
  apply: {
    success: () => toast.success('Bid submitted successfully', { description: 'The project owner will review your bid.' }),
    failure: (error: unknown) => toast.error('Failed to submit bid', { description: errorMessage(error, 'Please try again later') }),
  },
  quick: {
    success: () => toast.success('Application submitted successfully'),
    failure: (error: unknown) => toast.error('Error submitting application', { description: errorMessage(error, 'Please try again later') }),
  },
};

/**
 * POST /api/projects/{id}/bids. The toasts live here, not in mutate() callbacks: the refetch that
 * follows a bid removes the form that placed it, and a removed component's callbacks never run.
 */
export function usePlaceBid(variant: keyof typeof placeBidToasts) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: number; body: PlaceBidBody }) => call(endpoints.place, { params: { id: projectId }, body }),
    onSuccess: async () => {
      placeBidToasts[variant].success();
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => placeBidToasts[variant].failure(error),
  });
}

export function useAcceptBid() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (bidId: number) => call(endpoints.accept, { params: { bidId } }),
    onSuccess: async () => {
      toast.success('Bid accepted', { description: 'You can now proceed to payment.' });
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to accept bid', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** Issue 18: the steps people take on a pending bid; each refreshes the project and the person's lists. */
function useBidStep<Variables>(run: (variables: Variables) => Promise<unknown>, success: string, failure: string) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toast.success(success);
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error(failure, { description: errorMessage(error, 'Please try again later') }),
  });
}

export const useEditBid = () =>
  useBidStep(
    ({ bidId, body }: { bidId: number; body: EditBidBody }) => call(endpoints.edit, { params: { bidId }, body }),
    'Bid updated',
    'Failed to update bid',
  );

export const useWithdrawBid = () => useBidStep((bidId: number) => call(endpoints.withdraw, { params: { bidId } }), 'Bid withdrawn', 'Failed to withdraw bid');

export const useDeclineBid = () =>
  useBidStep(
    ({ bidId, reason }: { bidId: number; reason: string }) => call(endpoints.decline, { params: { bidId }, body: reason ? { reason } : {} }),
    'Bid declined',
    'Failed to decline bid',
  );

export const useShortlistBid = () =>
  useBidStep(
    ({ bidId, shortlisted }: { bidId: number; shortlisted: boolean }) => call(endpoints.shortlist, { params: { bidId }, body: { shortlisted } }),
    'Shortlist updated',
    'Failed to update the shortlist',
  );
