import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DealLedger, ledgerEndpoints } from '#shared/contracts/ledger.js';
import { call, isApiError } from '#client/lib/api.js';
import { dealKeys } from '#client/features/deal/api.js';

export const ledgerKeys = {
  /** Under the deal's key, so every live change and step that refreshes the deal refreshes its ledger too. */
  ofProject: (projectId: number) => [...dealKeys.ofProject(projectId), 'ledger'] as const,
};

/**
 * GET /api/projects/{id}/ledger, for the two parties and operators (`enabled` says whether the viewer
 * is one). A refusal reads as no ledger: the page around it still renders.
 */
export const dealLedgerQuery = (projectId: number, enabled = true) =>
  queryOptions({
    queryKey: ledgerKeys.ofProject(projectId),
    queryFn: async ({ signal }): Promise<DealLedger | null> => {
      try {
        return await call(ledgerEndpoints.deal, { params: { id: projectId } }, { signal });
      } catch (error) {
        if (isApiError(error, 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND')) return null;
        throw error;
      }
    },
    enabled: enabled && Number.isInteger(projectId) && projectId > 0,
  });

export const useDealLedger = (projectId: number, enabled: boolean) => useQuery(dealLedgerQuery(projectId, enabled));
