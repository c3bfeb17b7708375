import { useQuery } from '@tanstack/react-query';
import { buildPath } from '#shared/contracts/endpoint.js';
import { earningsEndpoints } from '#shared/contracts/earnings.js';
import { call } from '#client/lib/api.js';

const endpoints = earningsEndpoints;

export const earningsKeys = {
  ofUser: (userId: number) => ['earnings', userId] as const,
};

/** A finisher's earnings or an owner's spending (GET /api/users/{id}/earnings). */
export const useEarnings = (userId: number) =>
  useQuery({
    queryKey: earningsKeys.ofUser(userId),
    queryFn: ({ signal }) => call(endpoints.get, { params: { id: userId } }, { signal }),
  });

/** The statement's address: the browser downloads it (the answer is an attachment), no fetch. */
export const statementPath = (userId: number) => buildPath(endpoints.statement.path, { id: userId });
