import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import pgPool from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { migrationsFolder } from './client';
import * as schema from './schema';

/**
 * Backup and restore of the database and the photos (docs/adr/0010-logical-backup.md).
 * A backup is a gzipped tar: `manifest.json`, one `db/<table>.copy` per table (PostgreSQL COPY
 * text format, all read in ONE repeatable-read snapshot), and `uploads/…` (every photo file, read
 * after the snapshot: files are in place before the commit that references them and never change).
 */
export interface BackupManifest {
  format: 'mission-monarch-backup';
  version: 1;
  created_at: string;
  /** Hashes of the applied drizzle migrations, in order: the schema the data belongs to. */
  migrations: string[];
  tables: { name: string; rows: number }[];
  sequences: { name: string; value: number | null }[];
  files: { path: string; bytes: number; sha256: string }[];
}

export interface BackupFigures {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full, base)));
    else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(path.relative(base, full));
  }
  return out.sort();
}

async function sha256(file: string): Promise<string> {
  const h = createHash('sha256');
  await pipeline(createReadStream(file), h);
  return h.digest('hex');
}

/**
 * Writes a consistent backup of the database (through `client`) and the photos in `uploadsDir`
 * to `file`, while the server runs.
 */
export async function writeBackup(client: pg.ClientBase, uploadsDir: string, file: string): Promise<BackupFigures> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'monarch-backup-'));
  try {
    await client.query('SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0');
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = (
      await client.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      )
    ).rows.map((r) => r.name);
    const migrations = (
      await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id')
    ).rows.map((r) => r.hash);
    const manifest: BackupManifest = {
      format: 'mission-monarch-backup',
      version: 1,
      created_at: new Date().toISOString(),
      migrations,
      tables: [],
      sequences: [],
      files: [],
    };
    for (const name of tables) {
      const stream = client.query(copyTo(`COPY ${quoteIdent(name)} TO STDOUT`));
      await pipeline(stream, createWriteStream(path.join(work, `${name}.copy`)));
      manifest.tables.push({ name, rows: stream.rowCount });
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      "SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'",
    );
    manifest.sequences = sequences.rows.map((r) => ({
      name: r.name,
      value: r.value === null ? null : Number(r.value),
    }));
    await client.query('COMMIT');
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(`${file}.partial`));
    const addFile = async (name: string, source: string, size: number) => {
      const entry = pack.entry({ name, size });
      await pipeline(createReadStream(source), entry);
    };
    for (const t of manifest.tables) {
      const source = path.join(work, `${t.name}.copy`);
      await addFile(`db/${t.name}.copy`, source, (await stat(source)).size);
    }
    // After the snapshot: every file a row of it references was in place before that row committed and
    // never moves. Other files may go while we walk (an upload's temporary name dropped once its submission
    // took it, a day-old orphan removed): one that is gone when we open it is left out, and one opened is
    // read to the end through its descriptor, so its bytes, size and checksum agree whatever happens to
    // its name meanwhile.
    for (const rel of await listFiles(uploadsDir)) {
      const handle = await open(path.join(uploadsDir, rel), 'r').catch((err: unknown) => {
        if ((err as { code?: string }).code === 'ENOENT') return undefined;
        throw err;
      });
      if (!handle) continue;
      try {
        const { size } = await handle.stat();
        const hash = createHash('sha256');
        const name = `uploads/${rel.split(path.sep).join('/')}`;
        if (size === 0) pack.entry({ name, size }, '');
        else
          await pipeline(
            handle.createReadStream({ autoClose: false, start: 0, end: Math.max(0, size - 1) }),
            async function* (chunks: AsyncIterable<Buffer>) {
              for await (const chunk of chunks) {
                hash.update(chunk);
                yield chunk;
              }
            },
            pack.entry({ name, size }),
          );
        manifest.files.push({ path: rel.split(path.sep).join('/'), bytes: size, sha256: hash.digest('hex') });
      } finally {
        await handle.close();
      }
    }
    pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest, null, 1));
    pack.finalize();
    await written;
    await rename(`${file}.partial`, file);
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      files: manifest.files.length,
      bytes: manifest.files.reduce((n, f) => n + f.bytes, 0),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    await rm(`${file}.partial`, { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Unpacks a backup into `dir`; answers its manifest. @throws on a file that is not a backup */
export async function unpackBackup(file: string, dir: string): Promise<BackupManifest> {
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const target = path.resolve(dir, header.name);
    if (!target.startsWith(dir + path.sep) || header.type !== 'file') {
      stream.resume();
      stream.on('end', next);
      return;
    }
    void mkdir(path.dirname(target), { recursive: true }).then(
      () =>
        pipeline(stream, createWriteStream(target)).then(
          () => next(),
          (err: unknown) => next(err as Error),
        ),
      (err: unknown) => next(err as Error),
    );
  });
  await pipeline(createReadStream(file), createGunzip(), extract);
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${file} is not a Mission Monarch backup (no manifest.json)`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'mission-monarch-backup' || manifest.version !== 1)
    throw new Error(`${file} is not a Mission Monarch backup of a known version`);
  for (const f of manifest.files) {
    const got = await sha256(path.join(dir, 'uploads', f.path)).catch(() => 'missing');
    if (got !== f.sha256) throw new Error(`${file}: photo file ${f.path} is damaged (${got})`);
  }
  return manifest;
}

/** Tables in an order where every foreign key points to a table loaded before. */
async function loadOrder(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const fks = await client.query<{ child: string; parent: string }>(`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`);
  const unquote = (n: string) => n.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of fks.rows)
    if (unquote(child) !== unquote(parent)) parents.get(unquote(child))?.add(unquote(parent));
  const order: string[] = [];
  const visit = (t: string, seen: Set<string>) => {
    if (order.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const p of parents.get(t) ?? []) if (parents.has(p)) visit(p, seen);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}

/**
 * Restores an unpacked backup (`dir`, from unpackBackup) into the EMPTY database at `url`:
 * the schema as it was (the backup's migrations, checked against this code's), the rows in one
 * transaction, the sequences, then this code's later migrations.
 * @throws when the database already holds tables, or the backup comes from other code
 */
export async function restoreDatabase(url: string, dir: string, manifest: BackupManifest): Promise<void> {
  const ours = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  if (manifest.migrations.length > ours.length || manifest.migrations.some((h, i) => ours[i] !== h))
    throw new Error(
      'This backup comes from another version of Mission Monarch (its migrations differ from this one’s).',
    );
  const pool = new pgPool.Pool({ connectionString: url, max: 1 });
  // An idle connection cut by the server (57P01 when PostgreSQL shuts down) must not crash the restore:
  // without a listener node-postgres rethrows it as an uncaught error. The query in flight reports it.
  pool.on('error', () => undefined);
  try {
    const existing = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    if ((existing.rows[0]?.n ?? 0) > 0)
      throw new Error('The target database is not empty: restore needs an empty one.');
    // The schema of the backup: its migrations only (a copy of the folder with a shorter journal).
    const folder = await mkdtemp(path.join(os.tmpdir(), 'monarch-migrations-'));
    try {
      await cp(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
      journal.entries = journal.entries.slice(0, manifest.migrations.length);
      await writeFile(journalFile, JSON.stringify(journal));
      await migrate(drizzle(pool, { schema }), { migrationsFolder: folder });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const names = manifest.tables.map((t) => t.name);
      await client.query(`TRUNCATE ${names.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);
      for (const name of await loadOrder(client, names)) {
        const source = path.join(dir, 'db', `${name}.copy`);
        await pipeline(createReadStream(source), client.query(copyFrom(`COPY ${quoteIdent(name)} FROM STDIN`)));
      }
      for (const s of manifest.sequences) {
        if (s.value === null) await client.query('SELECT setval($1, 1, false)', [quoteIdent(s.name)]);
        else await client.query('SELECT setval($1, $2, true)', [quoteIdent(s.name), s.value]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    await migrate(drizzle(pool, { schema }), { migrationsFolder });
  } finally {
    await pool.end();
  }
}
