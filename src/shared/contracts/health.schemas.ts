import { z } from 'zod';

const databaseKindSchema = z.enum(['pglite', 'postgres']);

export const healthSchema = z.object({ status: z.literal('ok'), database: databaseKindSchema });
export const liveSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({
  status: z.literal('ready'),
  database: databaseKindSchema,
  redis: z.enum(['ok', 'not configured']),
});
