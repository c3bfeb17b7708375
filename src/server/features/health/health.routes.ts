import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/errors.js';
import { AppError } from '../../app-error.js';
import type { AppContext } from '../../context.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** For load balancers and operators: answers 200 only when the database answers. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext, databaseKind: 'pglite' | 'postgres') {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', { schema: { tags: ['operations'], response: { 200: healthSchema, 503: errorResponseSchema } } }, async () => {
    try {
      await ctx.db.execute(sql`select 1`);
    } catch (error) {
      ctx.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is unreachable');
    }
    return { status: 'ok' as const, database: databaseKind };
  });
}
