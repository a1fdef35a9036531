import type pg from 'pg';

/** The channel the migration 0003 triggers notify on every committed data change. */
const DATA_CHANGED_CHANNEL = 'mm_data_changed';
/** Wait before listening again after the listening connection failed (ms). */
const RECONNECT_MS = 1000;

/**
 * A number that changes whenever observation data may have changed, in this process or any other
 * using the same database: a dedicated connection LISTENs on `mm_data_changed`. While that
 * connection is down `current()` is null, and nothing may be served from a cache.
 */
export interface DataVersion {
  /** The version, or null when changes cannot be followed right now. */
  current(): number | null;
  /**
   * A version that changes only when one of these tables may have changed (their notifications, a
   * local `bump()`, a reconnection); null while changes cannot be followed. Numbers of different
   * table sets are not comparable: use it as an equality key of what was computed from those tables.
   * Optional so that fixed versions in tests and benchmarks need not implement it.
   */
  currentFor?(tables: readonly string[]): number | null;
  /** Marks a change made by this process (its own notification arrives a little later). */
  bump(): void;
  close(): Promise<void>;
}

/**
 * Starts following data changes on a connection taken from `pool` (kept for the process's life).
 * @param log told when the listening connection fails
 */
export async function followDataVersion(pool: pg.Pool, log: (msg: string) => void): Promise<DataVersion> {
  let version = 1;
  /** Changes that concern every table: local writes and (re)connections. */
  let everything = 1;
  /** Notifications per table (the payload of mm_data_changed is the table name). */
  const perTable = new Map<string, number>();
  let listening = false;
  let closed = false;
  let client: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    try {
      const c = await pool.connect();
      client = c;
      c.on('notification', (n) => {
        version++;
        const table = n.payload ?? '';
        perTable.set(table, (perTable.get(table) ?? 0) + 1);
      });
      c.on('error', (err) => {
        listening = false;
        if (closed) return;
        log(`data change listener lost: ${err.message}`);
        c.release(err);
        client = undefined;
        retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
      });
      await c.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
      // Changes may have happened while nobody listened.
      version++;
      everything++;
      listening = true;
    } catch (err) {
      if (closed) return;
      log(`data change listener unavailable: ${(err as Error).message}`);
      retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    }
  };
  await connect();

  return {
    current: () => (listening ? version : null),
    currentFor: (tables) => {
      if (!listening) return null;
      let v = everything;
      for (const t of tables) v += perTable.get(t) ?? 0;
      return v;
    },
    bump: () => {
      version++;
      everything++;
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      if (client) {
        await client.query(`UNLISTEN ${DATA_CHANGED_CHANNEL}`).catch(() => undefined);
        client.release();
        client = undefined;
      }
    },
  };
}
