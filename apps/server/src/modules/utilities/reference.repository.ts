import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import * as s from '../../db/schema';

/** Queries of the reference tables of spec §3 (loadparams). */
export const referenceRepository = {
  /**
   * Every reference table in its display order, retired rows included (the caller filters them);
   * milkweed species only live ones, by Latin name.
   */
  async all(db: DbOrTx) {
    const queries = {
      abundances: db.select().from(s.abundances).orderBy(asc(s.abundances.id)),
      locationsizes: db.select().from(s.locationsizes).orderBy(asc(s.locationsizes.id)),
      countries: db.select().from(s.countries).orderBy(asc(s.countries.id)),
      provinces: db.select().from(s.provinces).orderBy(asc(s.provinces.country_id), asc(s.provinces.province)),
      basisofrecords: db.select().from(s.basisofrecords).orderBy(asc(s.basisofrecords.id)),
      checklisttypes: db.select().from(s.checklisttypes).orderBy(asc(s.checklisttypes.id)),
      statuses: db.select().from(s.observationstatus).orderBy(asc(s.observationstatus.id)),
      submittypes: db.select().from(s.submittypes).orderBy(asc(s.submittypes.id)),
      reasons: db.select().from(s.reasons).orderBy(asc(s.reasons.id)),
      lifestages: db.select().from(s.lifestages).orderBy(asc(s.lifestages.id)),
      roles: db.select().from(s.roles).orderBy(asc(s.roles.role_id)),
      languages: db.select().from(s.languages).orderBy(asc(s.languages.id)),
      milkweeds: db
        .select()
        .from(s.milkweedSpecies)
        .where(eq(s.milkweedSpecies.isdeleted, false))
        .orderBy(asc(s.milkweedSpecies.latin_name)),
    };
    const rows = await Promise.all(Object.values(queries));
    return Object.fromEntries(Object.keys(queries).map((table, i) => [table, rows[i]])) as {
      [Table in keyof typeof queries]: Awaited<(typeof queries)[Table]>;
    };
  },

  /** Every province with its country and their codes (`administrative`: QC, ON, …; `country_code`: CA, US, MX). */
  async provinceRefs(db: DbOrTx) {
    return db
      .select({
        province_id: s.provinces.province_id,
        province: s.provinces.province,
        country_id: s.provinces.country_id,
        administrative: s.provinces.administrative,
        country_code: s.countries.administrative,
      })
      .from(s.provinces)
      .innerJoin(s.countries, eq(s.countries.id, s.provinces.country_id));
  },
};
