import sharp from 'sharp';
import { HttpError } from '../../lib/errors';
import { decodeHeic } from './heic';

/** Input formats accepted after sniffing the bytes (never trusting the file name or declared type). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);
/** Pixel-flood guard: 64 megapixels is above any phone or DSLR in use. */
const MAX_PIXELS = 64_000_000;

export interface ImageVariants {
  large: Buffer;
  small: Buffer;
  width: number;
  height: number;
}

/** How to turn the decoded pixels upright: mirror left-right, then rotate clockwise (degrees). */
interface Turn {
  flop: boolean;
  angle: number;
}

/**
 * The decoder input for sharp: the file itself (auto-oriented from its EXIF), or for HEVC-coded
 * HEIC/HEIF (iPhone photos, which sharp's prebuilt libvips cannot decode) the pixels libheif gives in
 * the file's coded orientation, with the container's rotation and mirroring to apply after the resize.
 */
async function source(input: Buffer, hevc: boolean, pixels: number, alpha: boolean) {
  if (!hevc) return { image: sharp(input, { failOn: 'truncated', limitInputPixels: MAX_PIXELS }).rotate() };
  const { width, height, channels, data, angle, flop } = await decodeHeic(input, pixels, alpha);
  const image = sharp(data, { raw: { width, height, channels }, limitInputPixels: MAX_PIXELS });
  return { image, turn: { angle, flop } satisfies Turn };
}

/**
 * Sniffs, auto-orients and re-encodes an uploaded image as JPEG without any metadata (EXIF, GPS).
 * Accepts JPEG, PNG, WebP, AVIF, TIFF, GIF and HEIC/HEIF (iPhone photos, decoded with libheif-js).
 * Variants: `large` fits 2048 px, `small` fits 400 px.
 * @throws 415 when the bytes are not a supported image; 400 when it is damaged, truncated or a pixel
 *   flood (over 64 MP, read from the header before any decoding)
 */
export async function processImage(input: Buffer): Promise<ImageVariants> {
  let hevc: boolean;
  let pixels: number;
  let alpha: boolean;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    const format = meta.format;
    if (!format || !ACCEPTED.has(format)) throw new HttpError(415, 'validation.file_type');
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels > MAX_PIXELS) throw new HttpError(400, 'errors.image_too_many_pixels');
    alpha = meta.hasAlpha === true;
    hevc = format === 'heif' && meta.compression === 'hevc';
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(415, 'validation.file_type');
  }
  try {
    // Decode, orient and shrink once to raw pixels (flattened on white: JPEG has no alpha), then
    // encode both variants from them concurrently; libvips runs off the event loop. BENCHMARKS.md
    // has the measurements behind this (mozjpeg cost ≈ 700 ms per 12 MP photo and was dropped).
    // A HEIC is turned upright after the resize (a 2048-px box is square), on 4× fewer pixels.
    const { image, turn } = await source(input, hevc, pixels, alpha);
    const { data, info } = await image
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const upright = () => {
      const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      return turn ? raw.flop(turn.flop).rotate(turn.angle) : raw;
    };
    const [large, small] = await Promise.all([
      upright().jpeg({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      upright()
        .resize({ width: 400, height: 400, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer(),
    ]);
    return { large: large.data, small, width: large.info.width, height: large.info.height };
  } catch {
    throw new HttpError(400, 'errors.image_damaged');
  }
}

/**
 * The `small` variant (≤ 400 px JPEG) made again from a stored `large` one, to repair a photo
 * whose `small` file was lost (start-up reconciliation, retried submission).
 */
export async function smallFromLarge(large: Buffer): Promise<Buffer> {
  return sharp(large, { limitInputPixels: MAX_PIXELS })
    .resize({ width: 400, height: 400, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 75 })
    .toBuffer();
}
