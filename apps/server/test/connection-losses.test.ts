import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { reportConnectionLosses } from '../src/db/client';

/**
 * A pooled connection that PostgreSQL ends while it is checked out (a transaction between two statements, as when
 * PostgreSQL stops under a running server) must be reported, not end the process: node-postgres emits `error` on
 * that client, and an `error` event nobody listens to throws.
 */
describe('connection losses', () => {
  const url = inject('databaseUrl');

  /** Ends backend `pid` from another connection, as PostgreSQL's shutdown does (57P01). */
  async function terminate(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  }

  it('reports a connection lost while checked out, and the pool goes on with a new one', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const lost: Error[] = [];
    reportConnectionLosses(pool, (err) => lost.push(err));
    try {
      const client = await pool.connect();
      await client.query('BEGIN');
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await terminate(rows[0]!.pid);
      await ended;
      // Reported (an unhandled `error` event would have failed this test file), and the holder's next
      // statement fails with its own error.
      expect(lost.length).toBeGreaterThanOrEqual(1);
      expect(lost[0]!.message).toMatch(/terminat/);
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(lost[0]);
      // The pool replaces the lost client.
      const again = await pool.query<{ one: number }>('SELECT 1 AS one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('leaves a loss to a holder that listens itself, and stops listening once the client is released', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const lost: Error[] = [];
    reportConnectionLosses(pool, (err) => lost.push(err));
    try {
      const first = await pool.connect();
      expect(first.listenerCount('error')).toBe(1);
      first.release();
      // Idle again: only the pool's own listener, ours gone.
      expect(first.listenerCount('error')).toBe(1);

      const client = await pool.connect();
      const heard: Error[] = [];
      client.on('error', (err) => heard.push(err));
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await terminate(rows[0]!.pid);
      await ended;
      expect(heard.length).toBeGreaterThanOrEqual(1);
      expect(lost).toEqual([]);
      client.release(heard[0]);
    } finally {
      await pool.end();
    }
  });
});
