import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Bid, BidWithProject } from '#shared/contracts/bids.js';
import { useUser } from '#client/lib/auth.js';
import { apiGet, apiRequest, errorMessage } from '#client/lib/api.js';
import { invalidateMarketplace, queryKeys } from '#client/lib/query-keys.js';

/** A finisher's own bids with their projects; the query runs only for finishers (spec section 6). */
export function useUserBids(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.userBids(userId ?? 0),
    queryFn: ({ signal }) => apiGet<BidWithProject[]>(`/api/users/${userId}/bids`, { signal }),
    enabled: Boolean(userId) && enabled,
  });
}

export interface PlaceBidBody {
  amount: number;
  timeline: number;
  message: string;
  finisherId: number;
  /** The dashboard's quick application also sends it (spec section 7). */
  projectId?: number;
}

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
    mutationFn: ({ projectId, body }: { projectId: number; body: PlaceBidBody }) => apiRequest<Bid>('POST', `/api/projects/${projectId}/bids`, body),
    onSuccess: async () => {
      placeBidToasts[variant].success();
      await invalidateMarketplace(queryClient, user?.id);
    },
    onError: (error) => placeBidToasts[variant].failure(error),
  });
}

export function useAcceptBid() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (bidId: number) => apiRequest<Bid>('POST', `/api/bids/${bidId}/accept`),
    onSuccess: async () => {
      toast.success('Bid accepted', { description: 'You can now proceed to payment.' });
      await invalidateMarketplace(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to accept bid', { description: errorMessage(error, 'Please try again later') }),
  });
}
