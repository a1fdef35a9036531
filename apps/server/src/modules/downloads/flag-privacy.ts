import type { QualityFlag } from '@mm/shared';

/**
 * Flag parameters that say where the record was made, more precisely than its generalised cell
 * (docs/quality-flags.md "Private sites"): the latitude the season band was read from, the
 * distance from the photo's EXIF position to the exact point, the distance to the volunteer's
 * near-duplicate and that record's id (its own site may be public, within 100 m of this one).
 */
const POSITIONAL_PARAMS: Readonly<Record<string, readonly string[]>> = {
  out_of_season: ['latitude'],
  photo_place_far: ['km'],
  near_duplicate: ['metres', 'checklist_id'],
};

/**
 * The quality flags as a public answer may show them for a record whose position is generalised
 * (a private site outside an admin's exact download): each flag stays, its positional parameters
 * leave. Other records keep their flags as stored.
 * @param generalised true when the row's coordinates are the centre of its 0.1° cell
 */
export function publicFlags(flags: readonly QualityFlag[], generalised: boolean): QualityFlag[] {
  if (!generalised) return [...flags];
  return flags.map((f) => {
    const drop = POSITIONAL_PARAMS[f.code];
    if (!drop) return f;
    return { code: f.code, params: Object.fromEntries(Object.entries(f.params).filter(([k]) => !drop.includes(k))) };
  });
}
