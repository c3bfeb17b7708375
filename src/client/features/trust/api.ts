import { queryOptions, useQuery } from '@tanstack/react-query';
import { trustEndpoints } from '#shared/contracts/trust.js';
import { call } from '#client/lib/api.js';

const endpoints = trustEndpoints;

export const trustKeys = {
  record: (userId: number) => [endpoints.record.path, userId] as const,
};

/** A person's record (GET /api/users/{id}/record): the facts behind their badges, public (issue 30, item 7). */
export const trustRecordQuery = (userId: number, enabled = true) =>
  queryOptions({
    queryKey: trustKeys.record(userId),
    queryFn: ({ signal }) => call(endpoints.record, { params: { id: userId } }, { signal }),
    enabled: enabled && Number.isInteger(userId) && userId > 0,
  });

export const useTrustRecord = (userId: number, enabled = true) => useQuery(trustRecordQuery(userId, enabled));
