import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@mm/shared';
import type { Db } from '../../db/client';

/** `/api/health`: liveness and database reachability, for load balancers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Process and database status; 503 when the database does not answer',
      response: {
        200: z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') }),
        503: z.object({ status: z.literal('degraded'), version: z.string(), database: z.literal('unreachable') }),
      },
    },
    handler: async (_request, reply) => {
      try {
        await db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, version: APP_VERSION, database: 'ok' as const };
      } catch {
        return reply
          .status(503)
          .send({ status: 'degraded' as const, version: APP_VERSION, database: 'unreachable' as const });
      }
    },
  });
};
