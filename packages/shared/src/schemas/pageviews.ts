import { z } from 'zod';
import { PAGE_VIEW_PATH_MAX, SUB_PATH } from '../constants/index';
import { V } from './validation';

/**
 * `POST /api/utilities/pageview` (spec §7 "a page view is reported to an analytics service with
 * path and query"): the web app's address, path and query, without origin or fragment, e.g.
 * `/mmapp/fr/explore?view=list`. Must start with `/mmapp/`, at most 512 characters.
 */
export const pageViewInputSchema = z.object({
  path: z
    .string()
    .min(1, V.required)
    .max(PAGE_VIEW_PATH_MAX)
    .refine((p) => p.startsWith(`${SUB_PATH}/`) && !p.includes('#') && !/[\s\p{Cc}]/u.test(p), V.invalid),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;

/** One row of the most visited pages (admin dashboard): an address and its views over the period. */
export const topPageSchema = z.object({ path: z.string(), views: z.number().int().nonnegative() });
export type TopPage = z.infer<typeof topPageSchema>;
