// Benchmark 2: how long the API takes to accept one full-size phone photo (12 MP, ~8 MB JPEG):
// upload, sniff, auto-orient, strip metadata, re-encode `large` and `small`, write files and row.
import sharp from 'sharp';
import { mean, percentile } from './stats.mjs';

export const WIDTH = 4000;
export const HEIGHT = 3000;
/** File size window (bytes): a heavy phone photo, yet below the API's 10 MiB limit. */
export const MIN_BYTES = 7.5 * 1024 * 1024;
export const MAX_BYTES = 9.5 * 1024 * 1024;
const TARGET_BYTES = 8.5 * 1024 * 1024;
/** JPEG quality of the generated file: the range phone cameras use. */
const QUALITY = 92;

/**
 * Deterministic pseudo-random bytes (xorshift32): the same image on every run, so runs compare.
 * @param {number} length bytes
 * @param {number} seed non-zero 32-bit seed
 * @returns {Uint8Array}
 */
function noiseBytes(length, seed) {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * A 4000×3000 RGB JPEG of a smooth gradient plus random noise. Pure noise compresses to ~2× the
 * 10 MB limit at phone qualities and a bare gradient to almost nothing, so the noise amplitude is
 * bisected until the file lands in [7.5, 9.5] MiB (a few encodes of ~0.3 s each).
 * @returns {Promise<{ jpeg: Buffer, bytes: number, amplitude: number, quality: number, encodes: number }>} size in bytes
 */
export async function makePhoto() {
  const pixels = WIDTH * HEIGHT;
  const noise = noiseBytes(pixels * 3, 0x6d6f6e61);
  const raw = Buffer.alloc(pixels * 3);
  const encode = async (amplitude) => {
    // Gradient (sky-to-meadow colours) + centred noise scaled by `amplitude` (0–255). Plain loops,
    // no per-pixel allocation: 36 M samples take ~0.1 s this way.
    const k = amplitude / 255;
    const clamp = (v) => (v < 0 ? 0 : v > 255 ? 255 : v);
    for (let y = 0, i = 0; y < HEIGHT; y++) {
      const g = 140 + (y * 80) / HEIGHT;
      const b = 200 - (y * 150) / HEIGHT;
      for (let x = 0; x < WIDTH; x++, i += 3) {
        raw[i] = clamp(90 + (x * 100) / WIDTH + (noise[i] - 128) * k);
        raw[i + 1] = clamp(g + (noise[i + 1] - 128) * k);
        raw[i + 2] = clamp(b + (noise[i + 2] - 128) * k);
      }
    }
    return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: QUALITY, chromaSubsampling: '4:2:0' })
      .toBuffer();
  };
  let lo = 0;
  let hi = 255;
  let amplitude = 170; // lands in the window at the first encode with quality 92 (bisection is the fallback)
  for (let encodes = 1; encodes <= 10; encodes++) {
    const jpeg = await encode(amplitude);
    if (jpeg.length >= MIN_BYTES && jpeg.length <= MAX_BYTES)
      return { jpeg, bytes: jpeg.length, amplitude, quality: QUALITY, encodes };
    if (jpeg.length < TARGET_BYTES) lo = amplitude;
    else hi = amplitude;
    amplitude = (lo + hi) / 2;
  }
  throw new Error('could not tune the photo into the 7.5–9.5 MiB window');
}

/**
 * Uploads `jpeg` (or any photo's bytes, named `IMG_nnnn.<ext>` and sent as `type`) `count` times,
 * one after the other, to `POST /api/photos/uploadphotos/observations` (multipart, field "file"),
 * timing each from the call to the parsed answer (ms, performance.now).
 * @param {{ baseUrl: string, token: string, jpeg: Buffer, count: number, ext?: string, type?: string }} options
 * @returns {Promise<{ timesMs: number[], p50: number, p95: number, max: number, mean: number, first: number, failures: string[] }>} times in ms
 */
export async function uploadPhotos({ baseUrl, token, jpeg, count, ext = 'jpg', type = 'image/jpeg' }) {
  const timesMs = [];
  const failures = [];
  // One Blob reused: the bytes are not copied again for every request.
  const blob = new Blob([jpeg], { type });
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('file', blob, `IMG_${String(i).padStart(4, '0')}.${ext}`);
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/photos/uploadphotos/observations`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    const body = await res.json();
    timesMs.push(performance.now() - t0);
    if (res.status !== 201 || body.photo_path !== 'observations_temp')
      failures.push(`#${i + 1}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return {
    timesMs,
    p50: percentile(timesMs, 50),
    p95: percentile(timesMs, 95),
    max: Math.max(...timesMs),
    mean: mean(timesMs),
    first: timesMs[0],
    failures,
  };
}
