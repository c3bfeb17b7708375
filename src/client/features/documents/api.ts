import { useQuery } from '@tanstack/react-query';
import { documentEndpoints } from '#shared/contracts/documents.js';
import { call } from '#client/lib/api.js';

const endpoints = documentEndpoints;

export const documentKeys = {
  ofUser: (userId: number) => ['documents', userId] as const,
};

/** One's receipts and payout statements, newest first (GET /api/users/{id}/documents). */
export const useDocuments = (userId: number) =>
  useQuery({
    queryKey: documentKeys.ofUser(userId),
    queryFn: ({ signal }) => call(endpoints.list, { params: { id: userId } }, { signal }),
  });
