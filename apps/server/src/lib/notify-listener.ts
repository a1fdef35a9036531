import pg from 'pg';

/** Wait before listening again after the listening connection failed (ms). */
const RECONNECT_MS = 1000;

export interface NotifyListener {
  /** Whether notifications are being received now; while false a cache fed by them must not be trusted. */
  listening: () => boolean;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` on a connection of its own, opened with the options of `appPool` (so the
 * app's pool keeps all its connections), for the process's life (as lib/data-version.ts does for data changes), calling `onNotify` with each payload. When the connection is lost it tries
 * again every second; `onReconnect` runs each time listening starts again, since notifications sent
 * meanwhile were missed.
 * @param log told when the listening connection fails
 */
export async function listenForNotifications(
  appPool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: () => void,
  log: (msg: string) => void,
): Promise<NotifyListener> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  const pool = new pg.Pool({ ...appPool.options, max: 1 });
  pool.on('error', () => undefined); // reported by the client's own error handler below
  let listening = false;
  let closed = false;
  let client: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    try {
      const c = await pool.connect();
      client = c;
      c.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload ?? '');
      });
      c.on('error', (err) => {
        listening = false;
        if (closed) return;
        log(`${channel} listener lost: ${err.message}`);
        c.release(err);
        client = undefined;
        retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
      });
      await c.query(`LISTEN ${channel}`);
      onReconnect();
      listening = true;
    } catch (err) {
      if (closed) return;
      log(`${channel} listener unavailable: ${(err as Error).message}`);
      retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    }
  };
  await connect();

  return {
    listening: () => listening,
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      if (client) {
        await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
        client.release();
        client = undefined;
      }
      await pool.end();
    },
  };
}
