import pg from 'pg';
import type { EmbeddedDatabase } from './embedded';

/** Probe period while the database answers, and while it does not (ms). */
const PROBE_EVERY_UP_MS = 500;
const PROBE_EVERY_DOWN_MS = 500;
/**
 * A probe (connect + `SELECT 1`) slower than this counts as a failure (ms). The embedded
 * postmaster's own state (gone, frozen) is read from /proc first and needs no timeout; this one
 * catches a remote database that stopped answering, within PROBE_EVERY_UP_MS + PROBE_TIMEOUT_MS.
 */
const PROBE_TIMEOUT_MS = 1500;

/**
 * Whether the database answers right now, watched by a probe on a connection of its own; with the
 * embedded PostgreSQL, the postmaster process is also watched and started again when it died.
 */
export interface DatabaseMonitor {
  isUp(): boolean;
  /** Told on every change (true: back up). */
  onChange(listener: (up: boolean) => void): void;
  /** Probes now (a request saw a connection error); concurrent calls share one probe. */
  checkNow(): Promise<boolean>;
  /** Told of an error a query raised: PostgreSQL's disk_full makes `room` say `full` for a while. */
  noteError(err: unknown): void;
  /**
   * Whether the database has room to write: `full` while the embedded cluster's file system has under
   * DB_MIN_FREE_BYTES free, or for DISK_FULL_MEMORY_MS after a query failed with disk_full (SQLSTATE 53100;
   * the only sign a remote database gives).
   */
  room(): Promise<'ok' | 'full'>;
  close(): Promise<void>;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  // The database's own disk or memory full: the statement's transaction is rolled back (nothing half-saved)
  // and the client retries later (503), as for an outage; writes work again once space returns.
  '53100', // disk_full
  '53200', // out_of_memory
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
  'the database system is',
];

/**
 * Free bytes under which the embedded cluster says `full` (readiness off): four WAL segments of 16 MiB.
 * PostgreSQL refuses a statement that cannot extend a table (53100, rolled back), but stops with a PANIC
 * and a crash recovery when it cannot write its WAL, so readiness turns off while some segments still fit.
 */
const DB_MIN_FREE_BYTES = 64 * 1024 * 1024;
/** How long a disk_full error keeps `room` at `full` (ms): a remote database gives no other sign. */
export const DISK_FULL_MEMORY_MS = 15_000;

/** Whether `err` (or one of its causes) is PostgreSQL's disk_full (SQLSTATE 53100). */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '53100') return true;
  return false;
}

/** Whether an error (or one of its causes) says the database cannot be reached, rather than a bug or bad data. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/**
 * Starts watching the database at `url`.
 * @param embedded the embedded PostgreSQL, restarted by the monitor when its postmaster died
 * @param log told when the database goes away and comes back
 */
export function watchDatabase(
  url: string,
  embedded: EmbeddedDatabase | undefined,
  log: (msg: string) => void,
): DatabaseMonitor {
  let up = true;
  let downSince = 0;
  let closed = false;
  let client: pg.Client | undefined;
  let probing: Promise<boolean> | undefined;
  let diskFullAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const listeners: ((up: boolean) => void)[] = [];

  const drop = () => {
    const c = client;
    client = undefined;
    if (!c) return;
    // end() would wait for a frozen server: cut the socket.
    (c as unknown as { connection?: { stream?: { destroy: () => void } } }).connection?.stream?.destroy();
    c.end().catch(() => undefined);
  };

  const set = (value: boolean, reason: string) => {
    if (value === up) return;
    up = value;
    if (value) log(`database available again after ${Date.now() - downSince} ms`);
    else {
      downSince = Date.now();
      log(`database unavailable: ${reason}`);
    }
    for (const l of listeners) l(value);
  };

  const withTimeout = <T>(p: Promise<T>, what: string) =>
    new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`${what} took over ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      p.then(
        (v) => {
          clearTimeout(t);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(t);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });

  const probeOnce = async (): Promise<boolean> => {
    if (embedded) {
      const state = embedded.state();
      if (state !== 'running') {
        drop();
        set(false, state === 'dead' ? 'the embedded PostgreSQL is gone' : 'the embedded PostgreSQL is frozen');
        if (state === 'dead')
          embedded.restart().catch((err: unknown) => log(`could not start PostgreSQL again: ${String(err)}`));
        return false;
      }
    }
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
        c.on('error', () => {
          if (client === c) drop();
        });
        client = c;
        await withTimeout(c.connect(), 'connecting');
      }
      await withTimeout(client.query('SELECT 1'), 'SELECT 1');
      set(true, '');
      return true;
    } catch (err) {
      drop();
      set(false, (err as Error).message);
      return false;
    }
  };

  const checkNow = () => {
    probing ??= probeOnce().finally(() => {
      probing = undefined;
    });
    return probing;
  };

  const loop = async () => {
    if (closed) return;
    await checkNow();
    if (!closed) timer = setTimeout(() => void loop(), up ? PROBE_EVERY_UP_MS : PROBE_EVERY_DOWN_MS).unref();
  };
  timer = setTimeout(() => void loop(), PROBE_EVERY_UP_MS).unref();

  return {
    isUp: () => up,
    onChange: (listener) => void listeners.push(listener),
    checkNow,
    noteError(err) {
      if (!isDiskFull(err)) return;
      if (Date.now() - diskFullAt > DISK_FULL_MEMORY_MS)
        log('database disk full: writes are refused (503) until room returns');
      diskFullAt = Date.now();
    },
    async room() {
      if (Date.now() - diskFullAt < DISK_FULL_MEMORY_MS) return 'full';
      const free = await embedded?.freeBytes();
      return free !== undefined && free < DB_MIN_FREE_BYTES ? 'full' : 'ok';
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await probing?.catch(() => undefined);
      drop();
    },
  };
}
