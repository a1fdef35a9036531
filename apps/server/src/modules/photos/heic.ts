import { Piscina } from 'piscina';

/** Decoded pixels: 8-bit RGBA, rows top to bottom, already oriented. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

let pool: Piscina | undefined;

/**
 * Whether an ISO-BMFF file (HEIF) holds all of its top-level boxes: libheif decodes a file cut in
 * the middle of its `mdat` without complaint (the missing tiles come out grey), so a truncated upload
 * is caught here. Box header: 32-bit big-endian size, 4-byte type; size 1 means a 64-bit size
 * follows, size 0 runs to the end of the file.
 */
export function hasAllBoxes(input: Buffer): boolean {
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
 * read, with heic-decode (libheif as WebAssembly) in a worker thread, so the ≈ 1 s of decoding never
 * blocks the event loop. One thread (the wasm decoder holds ≈ 4 bytes × pixels, 256 MB at the 64 MP
 * limit, which the caller checks from the header first); it exits after 30 s idle, giving its memory back.
 * @throws when the bytes do not decode (damaged, truncated, not HEVC)
 */
export async function decodeHeic(input: Buffer): Promise<RgbaImage> {
  if (!hasAllBoxes(input)) throw new Error('HEIF file is truncated');
  pool ??= new Piscina({
    filename: new URL('./heic-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
  });
  return pool.run({ buffer: new Uint8Array(input.buffer, input.byteOffset, input.byteLength) });
}

/** Stops the decoder thread (process shutdown, tests). */
export async function closeHeicDecoder(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
