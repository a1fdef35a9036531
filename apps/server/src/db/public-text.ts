import { sql, type SQL } from 'drizzle-orm';
import { publicText } from '../lib/personal-data';
import type { DbOrTx } from './client';
import type { Positions } from './visibility';

/**
 * Personal data in free text: each comment, locality and city is stored with its public
 * text (`checklists.public_comment`, `sites.public_locality`, `sites.public_city`: email addresses and
 * phone numbers removed by lib/personal-data.ts), written with it by every write path. Public answers
 * read only the public text — through `siteSource` (db/observation-filters.ts) for places and
 * `commentFor` for comments — admins and the record's own observer the stored one. A public text not
 * yet computed (rows from before the columns, a restore, a write path that changed the text alone:
 * its trigger clears the public text) is null, so nothing is shown until `fillPublicText` runs (at
 * start-up and hourly).
 */

/** A site's place names and their public versions. */
export const publicPlace = (site: { locality: string; city: string | null }) => ({
  public_locality: publicText(site.locality),
  public_city: publicText(site.city),
});

/** A checklist comment's public version. */
export const publicComment = (comment: string | null) => publicText(comment);

/** The comment of the checklist aliased `c` as `positions` allows: the stored text for admins, else the public one. */
export function commentFor(positions: Positions): SQL {
  return positions === 'exact' ? sql`c.comment` : sql`c.public_comment`;
}

/**
 * Whether the public text of the checklist `c` lost email addresses or phone numbers (or is not yet
 * computed, so withheld whole); always false for an admin, who reads the stored text.
 */
export function commentWithheld(positions: Positions): SQL {
  return positions === 'exact'
    ? sql`false`
    : sql`(c.comment IS NOT NULL AND c.public_comment IS DISTINCT FROM c.comment)`;
}

/** Rows read and written per statement by `fillPublicText`. */
const FILL_BATCH = 1000;

/**
 * Computes the public text of every comment, locality and city that has none yet, FILL_BATCH rows at
 * a time; a row whose text changed meanwhile is left for the next run. Cheap when nothing is to do
 * (partial indexes `*_public_text_todo_idx`).
 * @returns how many checklists and sites it filled
 */
export async function fillPublicText(db: DbOrTx): Promise<{ checklists: number; sites: number }> {
  const filled = { checklists: 0, sites: 0 };
  for (;;) {
    const todo = await db.execute<{ id: number; comment: string }>(sql`
      SELECT checklist_id AS id, comment FROM checklists
      WHERE comment IS NOT NULL AND public_comment IS NULL ORDER BY checklist_id LIMIT ${FILL_BATCH}`);
    if (todo.rows.length === 0) break;
    const done = await db.execute(sql`
      UPDATE checklists c SET public_comment = v.public_text
      FROM unnest(${sql.param(todo.rows.map((r) => r.id))}::int[], ${sql.param(todo.rows.map((r) => r.comment))}::text[],
                  ${sql.param(todo.rows.map((r) => publicText(r.comment)))}::text[]) AS v(id, text, public_text)
      WHERE c.checklist_id = v.id AND c.comment = v.text AND c.public_comment IS NULL
      RETURNING 1`);
    filled.checklists += done.rows.length;
    if (done.rows.length === 0 || todo.rows.length < FILL_BATCH) break;
  }
  for (;;) {
    const todo = await db.execute<{ id: number; locality: string; city: string | null }>(sql`
      SELECT site_id AS id, locality, city FROM sites
      WHERE public_locality IS NULL OR (city IS NOT NULL AND public_city IS NULL) ORDER BY site_id LIMIT ${FILL_BATCH}`);
    if (todo.rows.length === 0) break;
    const column = <T>(f: (r: (typeof todo.rows)[number]) => T) => sql.param(todo.rows.map(f));
    const done = await db.execute(sql`
      UPDATE sites s SET public_locality = v.public_locality, public_city = v.public_city
      FROM unnest(${column((r) => r.id)}::int[], ${column((r) => r.locality)}::text[], ${column((r) => r.city)}::text[],
                  ${column((r) => publicText(r.locality))}::text[], ${column((r) => publicText(r.city))}::text[])
           AS v(id, locality, city, public_locality, public_city)
      WHERE s.site_id = v.id AND s.locality = v.locality AND s.city IS NOT DISTINCT FROM v.city
      RETURNING 1`);
    filled.sites += done.rows.length;
    if (done.rows.length === 0 || todo.rows.length < FILL_BATCH) break;
  }
  return filled;
}
