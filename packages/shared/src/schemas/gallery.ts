import { z } from 'zod';
import { exploreFiltersSchema } from './explore';
import { paginatorSchema } from './observations';
import { V } from './validation';

/** Photos per gallery page unless `limit` says otherwise: a multiple of 2, 3, 4 and 6 columns. */
export const GALLERY_PAGE_SIZE = 24;
/** Largest `limit` the gallery accepts. */
export const GALLERY_MAX_PAGE_SIZE = 50;

/**
 * `GET /api/photos/gallery`: the Explore filters (all optional, AND, see `exploreFiltersSchema`)
 * plus `page` (1-based) and `limit` (1–50, default 24).
 */
export const galleryQuerySchema = exploreFiltersSchema.safeExtend({
  page: z.coerce.number(V.number).int(V.wholeNumber).min(1, V.numberPositive).max(1_000_000, V.invalid).default(1),
  limit: z.coerce
    .number(V.number)
    .int(V.wholeNumber)
    .min(1, V.numberPositive)
    .max(GALLERY_MAX_PAGE_SIZE, V.invalid)
    .default(GALLERY_PAGE_SIZE),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

/** One gallery photo with what its caption shows: life stage, date, place and observer. */
export const galleryPhotoSchema = z.object({
  /** Photo id (also the lightbox slide id and the download name's suffix). */
  id: z.number().int(),
  observation_id: z.number().int(),
  checklist_id: z.number().int(),
  /** 1 adult, 2 eggs, 3 caterpillar, 4 chrysalis; null on a milkweed row. */
  lifestage_id: z.number().int().nullable(),
  /** Observation date, yyyy-MM-dd. */
  checklist_date: z.string(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  province_id: z.number().int().nullable(),
  /** Observer; null once the account is gone. */
  username: z.string().nullable(),
  /** Licence of the photo (its observation's): a `LicenseCode`. */
  license: z.string(),
  /** `/attachments/{photo_path}/small/{photo_name}`: JPEG fitting 400 × 400 px. */
  small: z.string(),
  /** `/attachments/{photo_path}/large/{photo_name}`: JPEG fitting 2048 × 2048 px. */
  large: z.string(),
  /** Size of the large variant, px. */
  width: z.number().int(),
  height: z.number().int(),
});
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;

export const galleryResponseSchema = z.object({
  data: z.array(galleryPhotoSchema),
  paginator: paginatorSchema,
});
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;
