import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema';
import * as ref from '@mm/shared/reference-data';

type Named = { id: number; name: { en: string; fr: string; es: string } };
const flat = (rows: Named[]) =>
  rows.map((r) => ({ id: r.id, name: r.name.en, name_fr: r.name.fr, name_es: r.name.es }));

/** Upserts by primary key, so a re-run refreshes names and never duplicates rows. */
async function upsert<T extends PgTable>(
  db: Db,
  table: T,
  key: string,
  rows: T['$inferInsert'][],
  columns: string[],
): Promise<void> {
  if (rows.length === 0) return;
  const set = Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded."${c}"`)]));
  const target = getTableColumns(table)[key];
  if (!target) throw new Error(`No column ${key}`);
  await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target, set: set as PgUpdateSetSource<T> });
}

/**
 * Seeds every reference table of DESIGN.md with the real lists of `reference-data.ts`. Idempotent.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const nameCols = ['name', 'name_fr', 'name_es'];
    await upsert(
      t,
      s.roles,
      'role_id',
      ref.roles.map((r) => ({ role_id: r.id, name: r.name.en, name_fr: r.name.fr, name_es: r.name.es })),
      nameCols,
    );
    await upsert(
      t,
      s.countries,
      'id',
      ref.countries.map((c) => ({
        id: c.id,
        name: c.country.en,
        name_fr: c.country.fr,
        name_es: c.country.es,
        administrative: c.administrative,
      })),
      [...nameCols, 'administrative'],
    );
    await upsert(
      t,
      s.provinces,
      'province_id',
      ref.provinces.map((p) => ({
        province_id: p.province_id,
        province: p.province,
        country_id: p.country_id,
        administrative: p.administrative,
        min_lat: p.bbox[0],
        min_lng: p.bbox[1],
        max_lat: p.bbox[2],
        max_lng: p.bbox[3],
      })),
      ['province', 'country_id', 'administrative', 'min_lat', 'min_lng', 'max_lat', 'max_lng'],
    );
    const simple: [PgTable, Named[]][] = [
      [s.abundances, ref.abundances],
      [s.locationsizes, ref.locationsizes],
      [s.basisofrecords, ref.basisofrecords],
      [s.checklisttypes, ref.checklisttypes],
      [s.observationstatus, ref.observationstatus],
      [s.submittypes, ref.submittypes],
      [s.lifestages, ref.lifestages],
      [s.languages, ref.languages],
    ];
    for (const [table, rows] of simple) await upsert(t, table, 'id', flat(rows), nameCols);
    // Reasons are admin-editable later: insert the initial list once, never overwrite edits.
    await t.insert(s.reasons).values(flat(ref.reasons)).onConflictDoNothing();
    await t.execute(
      sql`SELECT setval(pg_get_serial_sequence('reasons', 'id'), GREATEST((SELECT max(id) FROM reasons), 1))`,
    );
    await upsert(t, s.milkweedSpecies, 'milkweed_id', ref.milkweedSpecies, [
      'latin_name',
      'english_name',
      'french_name',
      'spanish_name',
    ]);
  });
}
