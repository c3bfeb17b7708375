import { useQuery } from '@tanstack/react-query';
import { documentEndpoints } from '#shared/contracts/documents.js';
import { call } from '#client/lib/api.js';

const endpoints = documentEndpoints;

export const documentKeys = {
  ofUser: (userId: number) => ['documents', userId] as const,
  one: (id: number) => ['documents', 'one', id] as const,
};

/** One's receipts and payout statements, newest first (GET /api/users/{id}/documents). */
export const useDocuments = (userId: number) =>
  useQuery({
    queryKey: documentKeys.ofUser(userId),
    queryFn: ({ signal }) => call(endpoints.list, { params: { id: userId } }, { signal }),
  });

/** One receipt or payout statement, its holder's alone (GET /api/documents/{id}): the page the payment mail links. */
export const useDocument = (id: number) =>
  useQuery({
    queryKey: documentKeys.one(id),
    queryFn: ({ signal }) => call(endpoints.one, { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    // Someone else's document does not exist for this reader: asking again will not change that.
    retry: false,
  });
