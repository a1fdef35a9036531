/**
 * Classes of eggs + caterpillars per 100 stems: none (exactly 0), then below each break, then the
 * last break or more; colours from ColorBrewer's sequential YlGn (6 classes), light to dark. Fixed
 * breaks, so two filter sets are coloured alike.
 */
export const DENSITY_BREAKS = [5, 10, 25, 50] as const;
export const DENSITY_COLORS = ['#ffffcc', '#d9f0a3', '#addd8e', '#78c679', '#31a354', '#006837'] as const;
/** The class (index in `DENSITY_COLORS`) of a density per 100 stems. */
export function densityClass(per100: number): number {
  if (per100 <= 0) return 0;
  const below = DENSITY_BREAKS.findIndex((b) => per100 < b);
  return below === -1 ? DENSITY_BREAKS.length + 1 : below + 1;
}
