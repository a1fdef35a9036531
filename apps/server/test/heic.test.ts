import { readFile } from 'node:fs/promises';
import path from 'node:path';
import decode from 'heic-decode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeHeicDecoder } from '../src/modules/photos/heic';
import decodeHeicTiles, { decodeHeicWhole } from '../src/modules/photos/heic-worker.mjs';
import { processImage } from '../src/modules/photos/image';

// The tiled, two-thread HEIC decoder (docs/adr/0017) against heic-decode's whole-image decode of the same
// file (libheif's own path, every transformation applied): the same picture, upright, for each rotation
// and mirroring a phone may write. fixtures/photos/sicily_iphone7_gps.heic: iPhone 7, 4032×3024, a grid of
// 8×6 HEVC tiles of 512 px, with a 0° `irot` property on its primary item.
const heicFile = path.resolve(import.meta.dirname, '../../../fixtures/photos/sicily_iphone7_gps.heic');
let original: Buffer;
beforeAll(async () => {
  original = await readFile(heicFile);
});
afterAll(() => closeHeicDecoder());

/**
 * The fixture with its 9-byte `irot` box (size, type, angle) rewritten in place: `irot` n = n × 90°
 * counter-clockwise, `imir` 0/1 = mirror about the horizontal/vertical axis (same size, so no offset moves).
 */
function transformed(type: 'irot' | 'imir', value: number): Buffer {
  const copy = Buffer.from(original);
  const at = copy.indexOf('irot', 0, 'latin1');
  expect(at).toBeGreaterThan(0);
  expect(copy.readUInt32BE(at - 4)).toBe(9);
  copy.write(type, at, 'latin1');
  copy[at + 4] = value;
  return copy;
}

/** Mean absolute difference per byte between two equal-sized 8-bit RGB images. */
function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** heic-decode's upright picture, resized like the `large` variant, as raw RGB. */
async function reference(file: Buffer) {
  const { width, height, data } = await decode({ buffer: file });
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
    .resize({ width: 2048, height: 2048, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

describe('HEIC decoding in tiles', () => {
  const cases = [
    ['as stored', 'irot', 0, [2048, 1536]],
    ['rotated 90° ccw', 'irot', 1, [1536, 2048]],
    ['rotated 180°', 'irot', 2, [2048, 1536]],
    ['rotated 270° ccw (an iPhone held upright)', 'irot', 3, [1536, 2048]],
    ['mirrored top-bottom', 'imir', 0, [2048, 1536]],
    ['mirrored left-right', 'imir', 1, [2048, 1536]],
  ] as const;
  it.each(cases)('gives the same upright picture as a whole decode: %s', async (_, type, value, size) => {
    const file = transformed(type, value);
    const ref = await reference(file);
    const { large, width, height } = await processImage(file);
    expect([width, height]).toEqual(size);
    const got = await sharp(large).raw().toBuffer({ resolveWithObject: true });
    expect([got.info.width, got.info.height, ref.info.width, ref.info.height]).toEqual([...size, ...size]);
    // JPEG at quality 82 differs by ≈ 2.4 per byte; a picture turned the wrong way differs by tens.
    expect(meanDifference(got.data, ref.data)).toBeLessThan(4);
    if (type === 'irot' && value === 2) {
      const unturned = await reference(original);
      expect(meanDifference(got.data, unturned.data)).toBeGreaterThan(20);
    }
  });

  it('splits the tiles between threads and needs no turn for a whole decode (the `clap` path)', async () => {
    const file = transformed('irot', 3);
    const size = 4032 * 3024 * 3;
    const whole = new SharedArrayBuffer(size);
    const tiled = new SharedArrayBuffer(size);
    expect(await decodeHeicWhole({ buffer: file, out: whole })).toEqual({
      width: 3024,
      height: 4032,
      channels: 3,
      angle: 0,
      flop: false,
    });
    const parts = await Promise.all(
      [0, 1, 2].map((part) => decodeHeicTiles({ buffer: file, part, parts: 3, out: tiled })),
    );
    for (const layout of parts)
      expect(layout).toEqual({ width: 4032, height: 3024, channels: 3, angle: 90, flop: false });
    const upright = await sharp(Buffer.from(tiled), { raw: { width: 4032, height: 3024, channels: 3 } })
      .rotate(90)
      .raw()
      .toBuffer();
    expect(Buffer.compare(upright, Buffer.from(whole))).toBe(0);
  });

  it('refuses a buffer of the wrong size for the picture', async () => {
    await expect(
      decodeHeicTiles({ buffer: original, part: 0, parts: 1, out: new SharedArrayBuffer(12) }),
    ).rejects.toThrow(/size differs/);
  });
});
