import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';

const databaseKindSchema = z.enum(['pglite', 'postgres']);

export const healthSchema = z.object({ status: z.literal('ok'), database: databaseKindSchema });
export const liveSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({
  status: z.literal('ready'),
  database: databaseKindSchema,
  redis: z.enum(['ok', 'not configured']),
});

/** Probes for proxies, orchestrators and operators; each failure is a 503 with its reason. */
export const healthEndpoints = defineEndpoints('health', {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'The database answers',
    response: healthSchema,
    errors: ['SERVICE_UNAVAILABLE'],
  },
  live: {
    method: 'GET',
    path: '/api/health/live',
    summary: 'The process answers (liveness: nothing else is checked)',
    response: liveSchema,
    errors: [],
  },
  ready: {
    method: 'GET',
    path: '/api/health/ready',
    summary: 'This instance should get traffic (readiness)',
    description: 'A 503 while the instance shuts down, or while the database or Redis (when configured) does not answer.',
    response: readySchema,
    errors: ['SERVICE_UNAVAILABLE'],
  },
});
