import { defineEndpoints } from './endpoint.js';
import { healthSchema, liveSchema, readySchema } from './health.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './health.schemas.js';

/** Probes for proxies, orchestrators and operators; each failure is a 503 with its reason. */
export const healthEndpoints = defineEndpoints('health', {
  health: {
    method: 'GET',
    path: '/api/health',
    session: 'none',
    summary: 'The database answers',
    response: healthSchema,
    errors: ['SERVICE_UNAVAILABLE'],
  },
  live: {
    method: 'GET',
    path: '/api/health/live',
    session: 'none',
    summary: 'The process answers (liveness: nothing else is checked)',
    response: liveSchema,
    errors: [],
  },
  ready: {
    method: 'GET',
    path: '/api/health/ready',
    session: 'none',
    summary: 'This instance should get traffic (readiness)',
    description: 'A 503 while the instance shuts down, or while the database or Redis (when configured) does not answer.',
    response: readySchema,
    errors: ['SERVICE_UNAVAILABLE'],
  },
});
