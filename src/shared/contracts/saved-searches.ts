import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { createSavedSearchSchema, savedSearchParamsSchema, savedSearchSchema } from './saved-searches.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './saved-searches.schemas.js';

/** Saved searches (issue 30, item 3): a developer watches a project search and is told of each new match. */
export const savedSearchEndpoints = defineEndpoints('saved-searches', {
  list: {
    method: 'GET',
    path: '/api/users/:id/saved-searches',
    summary: 'Your saved searches, newest first (self)',
    params: idParamsSchema,
    response: z.array(savedSearchSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  create: {
    method: 'POST',
    path: '/api/users/:id/saved-searches',
    summary: 'Save a project search (self, developers)',
    description:
      'Each new project matching it (open for bids, not your own) is announced at once in the app, and by mail at once (instant) or in a daily digest (daily): once per project and search. At most 20 per person.',
    params: idParamsSchema,
    body: createSavedSearchSchema,
    status: 201,
    response: savedSearchSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT'],
  },
  remove: {
    method: 'DELETE',
    path: '/api/users/:id/saved-searches/:searchId',
    body: emptyBodySchema,
    summary: 'Delete a saved search (self)',
    params: savedSearchParamsSchema,
    status: 204,
    response: z.null(),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
});
