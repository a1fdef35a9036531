/**
 * The photo store on a small tmpfs, filled and then made read-only (docs/internals.md, "Health checks"):
 * a photo upload answers 507 with the translated "no room" message (the outbox keeps the entry), the error
 * is logged once however many uploads fail, `/api/health` answers 503 naming the photo store, and both come
 * back by themselves when room returns. Needs `mount` (root with CAP_SYS_ADMIN): skipped with the reason
 * printed where the machine cannot mount a tmpfs.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fillUntilFull,
  mountTmpfs,
  fixture,
  multipartBody,
  removeTempDataDirs,
  request,
  type ServerProcess,
  signUp,
  startServer,
  stopServer,
  tempDataDir,
  waitFor,
} from './harness';

const PORT = Number(process.env.CHAOS_PORT ?? 3231) + 5;
/** Size of the photo store's tmpfs (MiB): above the 30 MiB the store needs free to say `ok`. */
const TMPFS_MIB = 48;

let server: ServerProcess | undefined;
let mounted: string | undefined;

afterAll(async () => {
  await stopServer(server);
  if (mounted) execFileSync('umount', ['-l', mounted]);
  await removeTempDataDirs();
});

describe('photo store full or read-only', () => {
  it('answers 507 and health 503 while the store has no room, and recovers by itself', async (ctx) => {
    const dataDir = await tempDataDir('chaos-store');
    const uploads = path.join(dataDir, 'uploads');
    const cannot = mountTmpfs(uploads, TMPFS_MIB, '0755');
    if (!cannot) mounted = uploads;
    if (cannot) {
      console.log(`[chaos store] skipped: ${cannot}`);
      ctx.skip();
      return;
    }
    server = await startServer(dataDir, PORT);
    const { token } = await signUp(PORT, dataDir);
    const photo = fixture('agama_lizard_kenya_kodak_gps_south.jpg');
    const upload = () => {
      const body = multipartBody('agama.jpg', photo);
      return request(PORT, 'POST', '/api/photos/uploadphotos/observations', {
        headers: { Authorization: token, Language: 'fr', ...body.headers },
        body: body.body,
      });
    };
    const health = async () => {
      const res = await request(PORT, 'GET', '/api/health');
      return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> };
    };

    expect((await upload()).status).toBe(201);
    expect(await health()).toMatchObject({ status: 200, body: { photo_store: 'ok' } });

    // 1. Full: every byte taken by another file.
    const filler = path.join(uploads, 'filler.bin');
    const filled = fillUntilFull(filler);
    const full = await Promise.all(Array.from({ length: 5 }, upload));
    // Health looks at the store at most every 2 s.
    await waitFor('health says full', async () => (await health()).status === 503, 10_000, 250);
    const healthFull = await health();
    for (const res of full) {
      expect(res.status, res.body).toBe(507);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 507,
        error: 'Insufficient Storage',
        message:
          'Le serveur n’a plus de place pour les photos pour le moment ; votre saisie est conservée et sera envoyée de nouveau.',
      });
    }
    expect(healthFull).toMatchObject({
      status: 503,
      body: { status: 'degraded', database: 'ok', photo_store: 'full', job_queue: 'ok' },
    });
    const logged = server.output().match(/photo store full or read-only/g) ?? [];
    expect(logged).toHaveLength(1);

    // Room again: health and uploads come back without a restart.
    rmSync(filler);
    await waitFor('health ok once room returns', async () => (await health()).status === 200, 10_000, 250);
    expect((await upload()).status).toBe(201);

    // 2. Read-only: the file system remounted read-only under the running server.
    execFileSync('mount', ['-o', 'remount,ro', uploads]);
    await waitFor('health says read-only', async () => (await health()).body.photo_store === 'read_only', 10_000, 250);
    const readOnly = await upload();
    execFileSync('mount', ['-o', 'remount,rw', uploads]);
    expect(readOnly.status, readOnly.body).toBe(507);
    await waitFor('health ok once writable', async () => (await health()).status === 200, 10_000, 250);
    expect((await upload()).status).toBe(201);

    console.log(
      `[chaos store] tmpfs of ${TMPFS_MIB} MiB filled with ${(filled / 1048576).toFixed(1)} MiB: 5 uploads → ${full.map((r) => r.status).join(', ')} ` +
        `(slowest ${Math.max(...full.map((r) => r.ms))} ms), health ${healthFull.status} ${JSON.stringify(healthFull.body)}, ` +
        `${logged.length} error line; read-only → ${readOnly.status}; both back to 201 and health 200 without a restart`,
    );
  }, 180_000);
});
