import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A server process's "I am running" file: whether the one before it in the same slot stopped cleanly. */
export interface RunMarker {
  /** True when the previous process of this slot left its marker: it was killed or crashed. */
  crashed: boolean;
  /** Removes the marker (a clean stop). */
  close(): Promise<void>;
}

/**
 * Writes `DATA_DIR/run/server-<slot>.running` for as long as this server process runs (the
 * crash safety under the job queue). Found at start, it means the previous process of the same
 * slot (the single server, or the cluster worker started again in that slot) never closed — killed
 * with -9, out of memory, power cut — so the start-up photo checks must run whatever other servers
 * did in the same minutes.
 * @param slot `0` for a single process; the worker's slot (1…N) under `WORKERS=N`
 */
export async function openRunMarker(dataDir: string, slot: string): Promise<RunMarker> {
  const dir = path.join(dataDir, 'run');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `server-${slot}.running`);
  const crashed = existsSync(file);
  await writeFile(file, `${process.pid}\n`);
  return { crashed, close: () => rm(file, { force: true }) };
}
