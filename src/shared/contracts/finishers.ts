import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
import {
  developerListItemSchema,
  listDevelopersQuerySchema,
  developerProfileSchema,
  developerStatsSchema,
  suggestedFinisherSchema,
  usernameParamsSchema,
} from './finishers.schemas.js';
import { idParamsSchema } from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './finishers.schemas.js';

/** The developer directory and each developer's public profile (spec section 2). */
export const developerEndpoints = defineEndpoints('developers', {
  list: {
    method: 'GET',
    path: '/api/developers',
    session: 'none',
    summary: 'The developer directory',
    description:
      'Paged through the Link rel="next" header (limit 20 by default, at most 100; the cursor is opaque). q matches words in the username, skills and bio, case-insensitively, the last word as a prefix. ' +
      'skills (comma-separated) matches a developer with at least one of them; available=true|false filters on finished payout onboarding. ' +
      'sort: best_match (the default) ranks a username match above a skills match above a bio match when there is q, then the average rating, then completed projects; ' +
      'without q it is the average rating, then completed projects. rating: average rating, then review count, then completed projects; completed: completed projects, then rating; ' +
      'rate_asc and rate_desc: hourly rate (developers without one last), then rating. Developers without a review rank as the lowest rating; every order ends with the id (newest first).',
    query: listDevelopersQuerySchema,
    response: z.array(developerListItemSchema),
    errors: [],
  },
  profile: {
    method: 'GET',
    path: '/api/developers/:username',
    session: 'none',
    summary: "A developer's public profile",
    params: usernameParamsSchema,
    response: developerProfileSchema,
    errors: ['NOT_FOUND'],
  },
  stats: {
    method: 'GET',
    path: '/api/developers/:username/stats',
    session: 'none',
    summary: "A developer's track record: completed projects, acceptance rate, rating and portfolio",
    params: usernameParamsSchema,
    response: developerStatsSchema,
    errors: ['NOT_FOUND'],
  },
  suggested: {
    method: 'GET',
    path: '/api/projects/:id/suggested-finishers',
    summary: "Finishers suggested for the owner's project",
    description:
      'Owner only. Finishers listing at least one of the project technologies, ranked by skill overlap, a Bayesian rating, completed deals, on-time rate and recent activity; those who already bid are left out. At most 10.',
    params: idParamsSchema,
    response: z.array(suggestedFinisherSchema),
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
});
