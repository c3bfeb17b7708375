import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectEndpoints } from '#shared/contracts/projects.js';
import { type StatementOfWork, scopeEndpoints } from '#shared/contracts/scope.js';
import { call, isApiError } from '#client/lib/api.js';

/** Under the project's key, so whatever refreshes the project (a revision request, a live event) refreshes the scope too. */
export const scopeKey = (projectId: number) => [projectEndpoints.list.path, projectId, 'scope'] as const;

/**
 * GET /api/projects/{id}/scope for the two parties (and operators on a disputed deal), who alone
 * enable it. The server answers null for a project without a statement; a refusal still reads as
 * none, so the page around it renders.
 */
export const statementOfWorkQuery = (projectId: number, enabled: boolean) =>
  queryOptions({
    queryKey: scopeKey(projectId),
    queryFn: async ({ signal }): Promise<StatementOfWork | null> => {
      try {
        return (await call(scopeEndpoints.statement, { params: { id: projectId } }, { signal })) ?? null;
      } catch (error) {
        if (isApiError(error, 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND')) return null;
        throw error;
      }
    },
    enabled: enabled && Number.isInteger(projectId) && projectId > 0,
  });

export const useStatementOfWork = (projectId: number, enabled: boolean) => useQuery(statementOfWorkQuery(projectId, enabled));
