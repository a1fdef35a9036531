import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@mm/shared';
import type { DatabaseMonitor } from '../../db/availability';
import type { Db } from '../../db/client';
import type { StoreRoom } from '../../lib/storage-core';
import { RETRY_AFTER_SECONDS } from '../../plugins/db-availability';
import { pingDatabase } from './health.service';

/** Longest wait for the database's answer before health says it is down (ms): health answers within 2 s. */
const HEALTH_DB_TIMEOUT_MS = 1500;
/** How long one look at the photo store serves health calls (ms): a load balancer may ask every second. */
const STORE_ROOM_TTL_MS = 2000;
/** Longest wait for the photo store's answer (ms); S3 over a slow network says `unreachable` after it. */
const STORE_ROOM_TIMEOUT_MS = 1500;

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
  /** Whether a photo can be written now (`Storage.room`). */
  storeRoom: () => Promise<StoreRoom>;
  /** The job queue's state (`JobQueue.state`); absent in an app that runs no queue. */
  jobQueue?: () => 'ok' | 'down';
  /** This process's metrics (`createMetrics`), served at `/api/metrics` to the machine itself. */
  metrics?: { contentType: string; text: () => Promise<string> };
}

/** Addresses `/api/metrics` answers: the machine itself (Prometheus or an agent on it); 404 for anyone else. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** One body for 200 and 503: each part of what a submission with a photo needs, and the overall verdict. */
const readinessSchema = z.object({
  status: z.enum(['ok', 'degraded']).describe('`ok` only when every part below is `ok`'),
  version: z.string(),
  database: z
    .enum(['ok', 'down', 'full'])
    .describe(
      '`down`: not answering within 1.5 s; `full`: no room to write (the embedded cluster under 64 MiB free, or PostgreSQL refused a write for lack of disk in the last 15 s)',
    ),
  photo_store: z
    .enum(['ok', 'full', 'read_only', 'unreachable'])
    .describe('`full`: under 30 MiB free for photos on a disk store; `read_only`: the folder cannot be written'),
  job_queue: z.enum(['ok', 'down']).describe('`down` while pg-boss reports errors (emails, photo upkeep wait)'),
  photos_missing: z.number().int().optional(),
});
type Readiness = z.infer<typeof readinessSchema>;

/**
 * `/api/health` (= `/api/health/ready`): readiness, for load balancers and supervisors. 200 when this
 * process can take a submission with a photo (database answers within 1.5 s, photo store writable with
 * room, job queue running), else 503 with `Retry-After` and the same body naming what is down. Answers
 * within 2 s whatever the database does. `/api/health/live`: liveness, 200 whenever the process serves
 * HTTP, whatever its dependencies (a supervisor restarts the process only when this fails).
 * See docs/internals.md, "Health checks".
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { db, monitor, photosMissing, storeRoom, jobQueue, metrics },
) => {
  // Pings in flight: when the monitor sees the database go (a frozen or dead embedded postmaster is
  // seen within its 500 ms probe period), they answer 503 then instead of at their 1.5 s timeout.
  const pending = new Set<() => void>();
  monitor?.onChange((up) => {
    if (!up) for (const cut of [...pending]) cut();
  });

  let room: { value: Promise<StoreRoom>; at: number } | undefined;
  const photoStore = (): Promise<StoreRoom> => {
    if (!room || Date.now() - room.at > STORE_ROOM_TTL_MS) {
      const timeout = new Promise<StoreRoom>((resolve) => setTimeout(resolve, STORE_ROOM_TIMEOUT_MS, 'unreachable'));
      room = { value: Promise.race([storeRoom(), timeout]), at: Date.now() };
    }
    return room.value;
  };
  const database = async (): Promise<'ok' | 'down' | 'full'> => {
    if (monitor && !monitor.isUp()) return 'down';
    try {
      const [, room] = await Promise.all([
        within(pingDatabase(db), HEALTH_DB_TIMEOUT_MS, pending),
        monitor?.room() ?? ('ok' as const),
      ]);
      return room;
    } catch {
      void monitor?.checkNow();
      return 'down';
    }
  };
  const readiness = async (): Promise<Readiness> => {
    const [dbState, storeState] = await Promise.all([database(), photoStore()]);
    // The queue lives in the database: it cannot run while the database is down.
    const queueState = dbState === 'down' ? 'down' : (jobQueue?.() ?? 'ok');
    const ok = dbState === 'ok' && storeState === 'ok' && queueState === 'ok';
    return {
      status: ok ? 'ok' : 'degraded',
      version: APP_VERSION,
      database: dbState,
      photo_store: storeState,
      job_queue: queueState,
      photos_missing: photosMissing?.(),
    };
  };

  const readySchema = {
    tags: ['health'],
    description:
      'Readiness: 200 when this server can take a submission with a photo; 503 with Retry-After naming what is down (database not answering within 1.5 s or without room to write, photo store full, read-only or unreachable, job queue down). Answers within 2 s whatever the database does. photos_missing: photo rows whose large file is lost, from the last photo reconciliation (start-up, then hourly); absent before the first one ends.',
    response: { 200: readinessSchema, 503: readinessSchema },
  };
  const ready = async (_request: unknown, reply: FastifyReply) => {
    const body = await readiness();
    if (body.status !== 'ok') reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
    return body;
  };
  app.get(
    '/health',
    { schema: { ...readySchema, operationId: 'getHealth', summary: 'Readiness (same as /api/health/ready)' } },
    ready,
  );
  app.get(
    '/health/ready',
    {
      schema: {
        ...readySchema,
        operationId: 'getReadiness',
        summary: 'Readiness: can this server take a submission with a photo?',
      },
    },
    ready,
  );
  app.get(
    '/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['health'],
        summary: 'Liveness: the process serves HTTP',
        description:
          'Always 200 while the process answers, whatever the database or the photo store do: a supervisor restarts the process only when this fails.',
        response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) },
      },
    },
    async () => ({ status: 'ok' as const, version: APP_VERSION }),
  );

  if (metrics) {
    app.get(
      '/metrics',
      {
        schema: {
          operationId: 'getMetrics',
          tags: ['health'],
          summary: 'Prometheus metrics of this process (from the machine itself only)',
          description:
            'Prometheus text format: Node process metrics (process_resident_memory_bytes, heap, event-loop lag, GC) and, per in-memory cache, mm_cache_entries{cache} and mm_cache_bytes{cache}. Answered to requests from 127.0.0.1 or ::1 only (after TRUST_PROXY); 404 for any other address.',
          response: { 200: { content: { 'text/plain': { schema: z.string() } } } },
        },
      },
      async (request, reply) => {
        if (!LOOPBACK.has(request.ip)) return reply.callNotFound();
        return reply.type(metrics.contentType).send(await metrics.text());
      },
    );
  }
};
