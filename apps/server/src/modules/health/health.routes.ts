import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@mm/shared';
import type { DatabaseMonitor } from '../../db/availability';
import type { Db } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../plugins/db-availability';
import { pingDatabase } from './health.service';

/** Longest wait for the database's answer before health says it is down (ms): health answers within 2 s. */
const HEALTH_DB_TIMEOUT_MS = 1500;

/**
 * Settles like `promise`, or rejects after `ms`, or rejects as soon as `cut` is called (the monitor
 * saw the database go away while the ping was waiting).
 */
function within<T>(promise: Promise<T>, ms: number, pending: Set<() => void>): Promise<T> {
  return new Promise((resolve, reject) => {
    const cut = () => finish(() => reject(new Error('database unavailable')));
    const timer = setTimeout(() => finish(() => reject(new Error('timeout'))), ms);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      pending.delete(cut);
      settle();
    };
    pending.add(cut);
    promise.then(
      (v) => finish(() => resolve(v)),
      (e: unknown) => finish(() => reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

export interface HealthOptions {
  db: Db;
  /** The database monitor (server); without it each call asks the database. */
  monitor?: DatabaseMonitor;
  /** Photo rows whose files are lost, from the last reconciliation (undefined before it ends). */
  photosMissing?: () => number | undefined;
}

/** `/api/health`: liveness and database reachability, for load balancers and supervisors. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, monitor, photosMissing }) => {
  // Pings in flight: when the monitor sees the database go (a frozen or dead embedded postmaster is
  // seen within its 500 ms probe period), they answer 503 then instead of at their 1.5 s timeout.
  const pending = new Set<() => void>();
  monitor?.onChange((up) => {
    if (!up) for (const cut of [...pending]) cut();
  });
  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Process and database status; 503 (with Retry-After) when the database does not answer within 1.5 s',
      description:
        'Answers within 2 s also when the database is down or frozen. photos_missing: photo rows whose large file is lost, from the last photo reconciliation (start-up, then hourly); absent before the first one ends.',
      response: {
        200: z.object({
          status: z.literal('ok'),
          version: z.string(),
          database: z.literal('ok'),
          photos_missing: z.number().int().optional(),
        }),
        503: z.object({
          status: z.literal('degraded'),
          version: z.string(),
          database: z.literal('down'),
          photos_missing: z.number().int().optional(),
        }),
      },
    },
    handler: async (_request, reply) => {
      const photos_missing = photosMissing?.();
      const down = () =>
        reply
          .status(503)
          .header('Retry-After', String(RETRY_AFTER_SECONDS))
          .send({ status: 'degraded' as const, version: APP_VERSION, database: 'down' as const, photos_missing });
      if (monitor && !monitor.isUp()) return down();
      try {
        await within(pingDatabase(db), HEALTH_DB_TIMEOUT_MS, pending);
        return { status: 'ok' as const, version: APP_VERSION, database: 'ok' as const, photos_missing };
      } catch {
        void monitor?.checkNow();
        return down();
      }
    },
  });
};
