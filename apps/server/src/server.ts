import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { buildApp, defaultAdminDist, defaultWebDist } from './app';
import { loadConfig, publicUrlWarning, type Config } from './config';
import { connectDatabase } from './db/connect';
import { createStorage } from './lib/storage';
import { startHeicDecoder } from './modules/photos/heic';

/** Set by the primary process in the environment of its cluster workers (WORKERS > 1). */
const WORKER_FLAG = 'MM_CLUSTER_WORKER';
/** The worker's slot (1…N), kept by a worker started again in its place: its run marker's name. */
const WORKER_SLOT = 'MM_WORKER_SLOT';
/** A worker that dies is started again after this wait (ms), so a crash loop does not spin. */
const RESPAWN_MS = 1000;

const log = (msg: string) =>
  console.log(`[monarch${cluster.isWorker ? ` worker ${cluster.worker?.id ?? ''}` : ''}] ${msg}`);

/**
 * One server process: database (embedded unless DATABASE_URL), migrations, reference data, job
 * queue workers, HTTP. In a cluster worker the database is the primary's and is already set up.
 */
async function serve(config: Config): Promise<void> {
  const started = Date.now();
  const storage = createStorage(config);
  await storage.check().catch((err: unknown) => {
    throw new Error(
      `photo store ${storage.location} cannot be used: ${err instanceof Error ? err.message : String(err)}`,
    );
  });
  log(`photos stored in ${storage.location}`);
  const worker = process.env[WORKER_FLAG] === '1';
  const database = await connectDatabase(config, log, !worker);
  const { db, monitor } = database;
  const app = await buildApp({
    config,
    db,
    storage,
    webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist,
    adminDist: config.ADMIN_DIST ? path.resolve(config.ADMIN_DIST) : defaultAdminDist,
    monitor,
    startJobs: true,
    runSlot: process.env[WORKER_SLOT] ?? '0',
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    storage.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The iPhone photo decoder's two threads start now, off the start-up path, not at the first photo.
  startHeicDecoder();
  log(`ready in ${Date.now() - started} ms at http://${config.HOST}:${config.PORT}/mmapp/ (API docs at /api/docs)`);
}

/**
 * `WORKERS=N`: this primary process starts the embedded PostgreSQL once (unless
 * DATABASE_URL), migrates and seeds it, then forks N workers that share the port (Node's cluster
 * module hands connections out in turn) and connect to that database. It watches the database (and
 * restarts an embedded one that died), starts again a worker that died, and on SIGINT/SIGTERM stops the
 * workers, then the database.
 */
async function primary(config: Config): Promise<void> {
  const database = await connectDatabase(config, log);
  const url = database.db.$client.options.connectionString;
  if (!url) throw new Error('No database URL');
  let stopping = false;
  const slots = new Map<number, number>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ [WORKER_FLAG]: '1', [WORKER_SLOT]: String(slot), DATABASE_URL: url });
    slots.set(worker.id, slot);
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    const slot = slots.get(worker.id) ?? worker.id;
    slots.delete(worker.id);
    log(`worker ${worker.id} exited (${signal ?? code}); starting another`);
    setTimeout(() => fork(slot), RESPAWN_MS);
  });
  let listening = 0;
  cluster.on('listening', () => {
    listening++;
    if (listening === config.WORKERS) log(`all ${config.WORKERS} workers listening on port ${config.PORT}`);
  });
  for (let slot = 1; slot <= config.WORKERS; slot++) fork(slot);
  log(`${config.WORKERS} workers starting on port ${config.PORT}`);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** Starts Mission Monarch: one process, or a primary and WORKERS cluster workers. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Once per start: the primary (or the only process) says it, not each cluster worker.
  const warning = cluster.isPrimary ? publicUrlWarning(config, process.env.NODE_ENV) : null;
  if (warning) log(`warning: ${warning}`);
  if (cluster.isPrimary && config.WORKERS > 1) await primary(config);
  else await serve(config);
}

main().catch((err: unknown) => {
  console.error(`[monarch] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
