/**
 * Worker thread of `heic.ts`: decodes a share of the tiles of one HEIC/HEIF (HEVC) image with libheif
 * (libheif-js, libheif compiled to WebAssembly), through libheif's public C API for tiled images
 * (`heif_tiling.h`: `heif_image_handle_get_image_tiling`, `heif_image_handle_decode_image_tile`), and
 * writes the 8-bit RGB(A) pixels straight into the caller's SharedArrayBuffer, so that two threads
 * decode one photo at once and no pixel is copied between threads (docs/adr/0017).
 *
 * The tiles are decoded in the file's coded orientation (`ignore_transformations`); the container's
 * rotation and mirroring (`irot`, `imir`) are returned as one rotation + optional left-right mirror for
 * sharp to apply after the resize. An image with a clean-aperture crop (`clap`) is decoded whole by
 * libheif instead (`part` 0 alone), transformations included.
 * Plain JavaScript so that it loads the same under tsx, vitest and node.
 */
import libheif from 'libheif-js/wasm-bundle.js';

const RGB = 1; // heif_colorspace_RGB
const INTERLEAVED_RGB = 10; // heif_chroma_interleaved_RGB
const INTERLEAVED_RGBA = 11; // heif_chroma_interleaved_RGBA
const CHANNEL_INTERLEAVED = 10;
const fourcc = (s) => (s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3);
const IROT = fourcc('irot');
const IMIR = fourcc('imir');
const MIRROR_TOP_BOTTOM = 0; // heif_transform_mirror_direction_vertical ("flip image vertically")
const utf8 = new TextDecoder();

/** Throws the `heif_error` (code, subcode, message pointer) that a C call wrote at `err`, if any. */
function check(err, what) {
  const code = libheif.HEAP32[err >> 2];
  if (code === 0) return;
  const at = libheif.HEAPU32[(err + 8) >> 2];
  let end = at;
  while (at && libheif.HEAPU8[end] !== 0) end += 1;
  throw new Error(`HEIF ${what}: ${at ? utf8.decode(libheif.HEAPU8.subarray(at, end)) : `error ${code}`}`);
}

/**
 * The container's transformations of item `id`, in file order, as sharp applies them: mirror left-right
 * when `flop`, then rotate `angle` degrees clockwise; null when the image has a crop (`clap`).
 */
function orientation(ctx, id, listAt) {
  const L = libheif;
  const n = Math.min(L._heif_item_get_transformation_properties(ctx, id, 0, 0), 8);
  L._heif_item_get_transformation_properties(ctx, id, listAt, n);
  let angle = 0;
  let flop = false;
  for (let i = 0; i < n; i += 1) {
    const property = L.HEAPU32[(listAt >> 2) + i];
    const type = L._heif_item_get_property_type(ctx, id, property);
    if (type === IROT) {
      angle -= L._heif_item_get_property_transform_rotation_ccw(ctx, id, property);
    } else if (type === IMIR) {
      // mirror ∘ rotate(θ) = rotate(−θ) ∘ mirror; a top-bottom flip is a half turn of a left-right one.
      const flip = L._heif_item_get_property_transform_mirror(ctx, id, property) === MIRROR_TOP_BOTTOM;
      angle = (flip ? 180 : 0) - angle;
      flop = !flop;
    } else return null;
  }
  return { angle: ((angle % 360) + 360) % 360, flop };
}

/**
 * Copies the interleaved plane of `image` (released afterwards) into `pixels` (`width` × `channels` bytes
 * a row) at (`x0`, `y0`), cutting what overhangs `width` × `height` (the last column and row of tiles).
 */
function copyPlane(image, pixels, x0, y0, width, height, channels, strideAt) {
  const L = libheif;
  try {
    const plane = L._heif_image_get_plane_readonly(image, CHANNEL_INTERLEAVED, strideAt);
    const stride = L.HEAP32[strideAt >> 2];
    const w = Math.min(L._heif_image_get_width(image, CHANNEL_INTERLEAVED), width - x0) * channels;
    const h = Math.min(L._heif_image_get_height(image, CHANNEL_INTERLEAVED), height - y0);
    const heap = L.HEAPU8;
    for (let y = 0; y < h; y += 1) {
      const from = plane + y * stride;
      pixels.set(heap.subarray(from, from + w), ((y0 + y) * width + x0) * channels);
    }
  } finally {
    L._heif_image_release(image);
  }
}

/**
 * Opens `buffer` with libheif and calls `use` with the C pointers of its primary image; frees them after.
 * @template T
 * @param {Uint8Array} buffer
 * @param {(at: { ctx: number, handle: number, scratch: number }) => T} use
 * @returns {T}
 */
function withPrimaryImage(buffer, use) {
  const L = libheif;
  const scratch = L._malloc(256); // heif_error at 0, out-pointers at 16…31, heif_image_tiling at 32, ids at 128
  const data = L._malloc(buffer.byteLength);
  L.HEAPU8.set(buffer, data);
  const ctx = L._heif_context_alloc();
  let handle = 0;
  try {
    L._heif_context_read_from_memory_without_copy(scratch, ctx, data, buffer.byteLength, 0);
    check(scratch, 'file');
    L._heif_context_get_primary_image_handle(scratch, ctx, scratch + 16);
    check(scratch, 'primary image');
    handle = L.HEAPU32[(scratch + 16) >> 2];
    return use({ ctx, handle, scratch });
  } finally {
    if (handle) L._heif_image_handle_release(handle);
    L._heif_context_free(ctx);
    L._free(data);
    L._free(scratch);
  }
}

/** 3, or 4 when the primary image has an alpha channel. */
const channelsOf = (handle) => (libheif._heif_image_handle_has_alpha_channel(handle) ? 4 : 3);

/** Whole-image decode of `handle` by libheif, every transformation applied, into `pixels` (≈ 1 s for 12 MP). */
function wholeImage(handle, scratch, pixels) {
  const L = libheif;
  const channels = channelsOf(handle);
  const width = L._heif_image_handle_get_width(handle);
  const height = L._heif_image_handle_get_height(handle);
  if (width * height * channels !== pixels.byteLength) throw new Error('HEIF size differs from its header');
  const options = L._heif_decoding_options_alloc();
  try {
    L._heif_decode_image(
      scratch,
      handle,
      scratch + 20,
      RGB,
      channels === 4 ? INTERLEAVED_RGBA : INTERLEAVED_RGB,
      options,
    );
    check(scratch, 'image');
  } finally {
    L._heif_decoding_options_free(options);
  }
  copyPlane(L.HEAPU32[(scratch + 20) >> 2], pixels, 0, 0, width, height, channels, scratch + 24);
  return { width, height, channels, angle: 0, flop: false };
}

/**
 * Decodes the primary image of `buffer` whole, upright, into `out` in this thread: the path of images
 * with a clean-aperture crop, which the tiles do not follow.
 * @param {{ buffer: Uint8Array, out: SharedArrayBuffer }} input
 * @returns {Promise<{ width: number, height: number, channels: 3 | 4, angle: 0, flop: false }>}
 */
export async function decodeHeicWhole({ buffer, out }) {
  await libheif.ready;
  return withPrimaryImage(buffer, ({ handle, scratch }) => wholeImage(handle, scratch, new Uint8Array(out)));
}

/**
 * Decodes tiles `part`, `part + parts`, … of the primary image of `buffer` into `out` (coded
 * orientation). An image with a crop (`clap`) is decoded whole by part 0 instead (the others return).
 * @param {{ buffer: Uint8Array, part: number, parts: number, out: SharedArrayBuffer }} input `out` holds
 *   width × height × channels bytes (RGB, or RGBA when the image has alpha)
 * @returns {Promise<{ width: number, height: number, channels: 3 | 4, angle: number, flop: boolean }>} the
 *   layout of `out` and the mirroring and rotation (clockwise degrees) still to apply to it
 * @throws when the bytes do not decode or `out` has the wrong size
 */
export default async function decodeHeicTiles({ buffer, part, parts, out }) {
  await libheif.ready;
  const L = libheif;
  return withPrimaryImage(buffer, ({ ctx, handle, scratch }) => {
    const pixels = new Uint8Array(out);
    const turn = orientation(ctx, L._heif_image_handle_get_item_id(handle), scratch + 128);
    if (!turn) {
      if (part === 0) return wholeImage(handle, scratch, pixels);
      return { width: 0, height: 0, channels: channelsOf(handle), angle: 0, flop: false };
    }
    const channels = channelsOf(handle);
    const chroma = channels === 4 ? INTERLEAVED_RGBA : INTERLEAVED_RGB;
    L._heif_image_handle_get_image_tiling(scratch, handle, 0, scratch + 32);
    check(scratch, 'tiling');
    const tiling = (i) => L.HEAPU32[((scratch + 32) >> 2) + i];
    const [columns, rows, tileWidth, tileHeight, width, height] = [1, 2, 3, 4, 5, 6].map(tiling);
    if (width * height * channels !== out.byteLength) throw new Error('HEIF size differs from its header');
    const options = L._heif_decoding_options_alloc();
    try {
      L.HEAPU8[options + 1] = 1; // ignore_transformations: tiles in coded orientation, turned by sharp
      for (let i = part; i < columns * rows; i += parts) {
        const tx = i % columns;
        const ty = Math.floor(i / columns);
        L._heif_image_handle_decode_image_tile(scratch, handle, scratch + 20, RGB, chroma, options, tx, ty);
        check(scratch, `tile ${tx},${ty}`);
        copyPlane(
          L.HEAPU32[(scratch + 20) >> 2],
          pixels,
          tx * tileWidth,
          ty * tileHeight,
          width,
          height,
          channels,
          scratch + 24,
        );
      }
    } finally {
      L._heif_decoding_options_free(options);
    }
    return { width, height, channels, ...turn };
  });
}
