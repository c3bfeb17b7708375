import { useQuery } from '@tanstack/react-query';
import type { BidWithProject } from '#shared/contracts/bids.js';
import { apiGet } from '#client/lib/api.js';

/** Spec section 7: GET /api/bids/{id} is cached under the numeric id. */
export const bidKey = (bidId: number) => ['/api/bids', bidId] as const;

export function useBid(bidId: number, enabled = true) {
  return useQuery({
    queryKey: bidKey(bidId),
    queryFn: ({ signal }) => apiGet<BidWithProject>(`/api/bids/${bidId}`, { signal }),
    enabled: enabled && Number.isInteger(bidId) && bidId > 0,
  });
}
