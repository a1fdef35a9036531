import { z } from 'zod';

/**
 * `GET /api/utilities/figures`: the home page's live figures, counted over publicly visible
 * observations only (statuses Pending, Vetted, Valid) of checklists that are not deleted.
 */
export const figuresResponseSchema = z.object({
  /** Year of "this season" (UTC). */
  season: z.number().int(),
  /** Observation rows dated (checklist date) from 1 January of `season` on. */
  observations_this_season: z.number().int().nonnegative(),
  /** Observation rows of every year. */
  observations_total: z.number().int().nonnegative(),
  /** Distinct volunteers who made at least one visible observation. */
  volunteers: z.number().int().nonnegative(),
  /** Distinct sites with at least one visible observation. */
  sites: z.number().int().nonnegative(),
});
export type FiguresResponse = z.infer<typeof figuresResponseSchema>;
