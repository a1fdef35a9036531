import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { HeicLayout } from './heic-worker.mjs';

/**
 * Decoded pixels: 8-bit RGB (RGBA when the image has alpha), rows top to bottom, in the file's coded
 * orientation; `angle` (clockwise degrees, after a left-right mirror when `flop`) turns them upright.
 */
export interface HeicPixels {
  width: number;
  height: number;
  channels: 3 | 4;
  angle: number;
  flop: boolean;
  data: Buffer;
}

/** Decoder threads, each decoding its share of a photo's tiles (two on the 2-core target machine). */
const THREADS = Math.max(1, Math.min(2, availableParallelism()));
let pool: Piscina | undefined;

/**
 * Whether an ISO-BMFF file (HEIF) holds all of its top-level boxes: libheif decodes a file cut in
 * the middle of its `mdat` without complaint (the missing tiles come out grey), so a truncated upload
 * is caught here. Box header: 32-bit big-endian size, 4-byte type; size 1 means a 64-bit size
 * follows, size 0 runs to the end of the file.
 */
function hasAllBoxes(input: Buffer): boolean {
  let at = 0;
  while (at < input.length) {
    if (at + 8 > input.length) return false;
    let size = input.readUInt32BE(at);
    if (size === 1) {
      if (at + 16 > input.length) return false;
      size = Number(input.readBigUInt64BE(at + 8));
    } else if (size === 0) size = input.length - at;
    if (size < 8 || at + size > input.length) return false;
    at += size;
  }
  return true;
}

/**
 * Decodes a HEIC/HEIF image whose codec is HEVC (iPhone photos), which sharp's prebuilt libvips cannot
 * read, with libheif (libheif-js, WebAssembly) in worker threads, so the ≈ 1 s of CPU never blocks the
 * event loop: an iPhone photo is a grid of 512-px HEVC tiles, which the threads share out and write
 * straight into one SharedArrayBuffer (≈ 0.5 s on two idle cores; docs/adr/0017). Each thread holds
 * only a tile's working memory.
 * @param pixels width × height from the header (the caller has checked it against the pixel limit)
 * @param alpha whether the header announces an alpha channel
 * @throws when the bytes do not decode (damaged, truncated, not HEVC) or differ from the header
 */
export async function decodeHeic(input: Buffer, pixels: number, alpha: boolean): Promise<HeicPixels> {
  if (!hasAllBoxes(input)) throw new Error('HEIF file is truncated');
  const out = new SharedArrayBuffer(pixels * (alpha ? 4 : 3));
  // The file's bytes in shared memory: both threads read them without a copy each.
  const buffer = new Uint8Array(new SharedArrayBuffer(input.byteLength));
  buffer.set(input);
  const decoder = startHeicDecoder();
  const [layout] = (await Promise.all(
    Array.from({ length: THREADS }, (_, part) => decoder.run({ buffer, part, parts: THREADS, out })),
  )) as HeicLayout[];
  if (!layout) throw new Error('HEIF decoder returned nothing');
  const { width, height, channels, angle, flop } = layout;
  return { width, height, channels, angle, flop, data: Buffer.from(out) };
}

/**
 * Starts the decoder threads, once, and keeps them for the life of the process: the server calls it
 * after `listen`, so that the first iPhone photo does not wait for two threads to start and compile
 * libheif (≈ 1 s of CPU). Two idle threads hold ≈ 56 MB (a 17 MB WebAssembly heap each, which tile
 * decoding never grows). Otherwise the first decode starts them.
 */
export function startHeicDecoder(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./heic-worker.mjs', import.meta.url).href,
    minThreads: THREADS,
    maxThreads: THREADS,
  });
  return pool;
}

/** Stops the decoder threads (tests). */
export async function closeHeicDecoder(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
