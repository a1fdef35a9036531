/**
 * How the copy of a photo that leaves the device is made (docs/adr/0024-photos-resized-on-the-device.md),
 * as browser-image-compression options: a JPEG that fits TRAVEL_COPY_MAX_PX × TRAVEL_COPY_MAX_PX (the
 * server's `large` variant, so nothing it keeps is lost), upright, at quality 0.85, lowered in steps of 5 % (at most 6 steps, never below 0.63) only while it
 * is over TRAVEL_COPY_MAX_MB or bigger than the original. Its size in pixels is never reduced further.
 * A JPEG's EXIF block is copied into the copy with its orientation set to 1 (`preserveExif`): the server
 * reads the photo's date and place from the file it receives for the quality flags (docs/quality-flags.md:
 * a photo taken far from the point, or on another day), and stores nothing of it in what it serves.
 */
const TRAVEL_COPY_MAX_PX = 2048;
const TRAVEL_COPY_MAX_MB = 0.85;

export const TRAVEL_COPY_OPTIONS = {
  maxWidthOrHeight: TRAVEL_COPY_MAX_PX,
  maxSizeMB: TRAVEL_COPY_MAX_MB,
  fileType: 'image/jpeg',
  initialQuality: 0.85,
  alwaysKeepResolution: true,
  maxIteration: 6,
  preserveExif: true,
} as const;
