import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage, S3_PART_SIZE, type Storage } from '../src/lib/storage';
import { copyDiskStore } from '../src/lib/storage-copy';
import { buildTestApp } from './helpers';
import { startS3Server, type TestS3Server } from './helpers/s3-server';

const repo = path.resolve(import.meta.dirname, '../../..');
const photo = readFileSync(path.join(repo, 'fixtures/photos/agama_lizard_kenya_kodak_gps_south.jpg'));

let s3: TestS3Server;
let dir: string;
let disk: Storage;
const names = { large: `${randomUUID()}.jpg`, profile: `${randomUUID()}.jpg`, big: `${randomUUID()}.jpg` };
const keys = [
  `observations/large/${names.large}`,
  `observations/small/${names.large}`,
  `profiles/${names.profile}`,
  `observations/large/${names.big}`,
];
// Beyond one part, so that it goes up as a multipart upload.
const big = randomBytes(S3_PART_SIZE + 300_000);

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(os.tmpdir(), 'monarch-uploads-'));
  disk = diskStorage(dir);
  await disk.put(keys[0]!, photo);
  await disk.put(keys[1]!, photo.subarray(0, 5000));
  await disk.put(keys[2]!, photo.subarray(100));
  await disk.put(keys[3]!, big);
  // What a write interrupted by a crash leaves: never copied.
  await writeFile(path.join(dir, `observations/large/${names.large}.a1b2c3.tmp`), 'half');
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

describe('storage:to-s3', () => {
  it('copies every file once, verifies it, and skips it on the next run', async () => {
    const bucket = await s3.createBucket();
    const target = s3.storage(bucket);
    try {
      const dry = await copyDiskStore(dir, target, { dryRun: true });
      expect(dry).toMatchObject({ files: 4, copied: 4, skipped: 0, failed: 0, ignored: 1 });
      expect(await target.exists(keys[0]!)).toBe(false);

      const first = await copyDiskStore(dir, target);
      expect(first).toMatchObject({ files: 4, copied: 4, skipped: 0, failed: 0, ignored: 1 });
      expect(first.bytesCopied).toBe(photo.length * 2 - 100 + 5000 + big.length);
      for (const key of keys) expect((await target.read(key))?.equals((await disk.read(key))!), key).toBe(true);

      const second = await copyDiskStore(dir, target);
      expect(second).toMatchObject({ files: 4, copied: 0, skipped: 4, failed: 0 });

      // An object that differs (an older copy) is copied again; the others are not.
      await target.put(keys[1]!, Buffer.from('older bytes'));
      const third = await copyDiskStore(dir, target);
      expect(third).toMatchObject({ copied: 1, skipped: 3, failed: 0 });
      expect((await target.read(keys[1]!))?.equals(photo.subarray(0, 5000))).toBe(true);
    } finally {
      target.close();
    }
  });

  it('runs as a command, and the app then serves the copied photos from the bucket', async () => {
    const bucket = await s3.createBucket();
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/storage-to-s3.ts', '--from', dir],
        {
          cwd: repo,
          env: { ...process.env, ...s3.env(bucket), NODE_NO_WARNINGS: '1' },
        },
      );
    const first = await run();
    expect(first.stdout).toContain('4 files: 4 copied and verified');
    expect(first.stdout).toContain('0 failed, 1 temporary files ignored');
    const second = await run();
    expect(second.stdout).toContain('4 files: 0 copied and verified (0 bytes), 4 already there, 0 failed');

    const ctx = await buildTestApp(s3.env(bucket));
    try {
      const served = await ctx.app.inject({ method: 'GET', url: `/attachments/${keys[0]}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(photo)).toBe(true);
      expect((await ctx.app.inject({ method: 'GET', url: `/attachments/profiles/${names.profile}` })).statusCode).toBe(
        200,
      );
    } finally {
      await ctx.close();
    }
  });

  it('refuses to run without S3 settings', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_NO_WARNINGS: '1' };
    delete env.S3_BUCKET;
    const failed = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/storage-to-s3.ts'],
      {
        cwd: repo,
        env,
      },
    ).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 2 });
    expect(failed.stderr).toContain('S3_BUCKET');
  });
});
