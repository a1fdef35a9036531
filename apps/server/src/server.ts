import path from 'node:path';
import { buildApp, defaultAdminDist, defaultWebDist } from './app';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { createStorage } from './lib/storage';

/** Starts Mission Monarch: database (embedded unless DATABASE_URL), migrations, reference data, HTTP. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const log = (msg: string) => console.log(`[monarch] ${msg}`);
  const storage = createStorage(config);
  await storage.check().catch((err: unknown) => {
    throw new Error(
      `photo store ${storage.location} cannot be used: ${err instanceof Error ? err.message : String(err)}`,
    );
  });
  log(`photos stored in ${storage.location}`);
  const database = await connectDatabase(config, log);
  const { db, monitor } = database;
  const app = await buildApp({
    config,
    db,
    storage,
    webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist,
    adminDist: config.ADMIN_DIST ? path.resolve(config.ADMIN_DIST) : defaultAdminDist,
    monitor,
    startJobs: true,
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
  log(`ready in ${Date.now() - started} ms at http://${config.HOST}:${config.PORT}/mmapp/ (API docs at /api/docs)`);
}

main().catch((err: unknown) => {
  console.error(`[monarch] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
