import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteEndpoints } from '#shared/contracts/site.js';
import { call } from '#client/lib/api.js';

const endpoints = siteEndpoints;

/** GET /api/site/contact: the address the Contact page gives (anyone may read it). */
const siteContactQuery = () =>
  queryOptions({
    queryKey: [endpoints.contact.path] as const,
    queryFn: ({ signal }) => call(endpoints.contact, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSiteContact = () => useQuery(siteContactQuery());
