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
    const [
      abundances,
      locationsizes,
      countries,
      provinces,
      basisofrecords,
      checklisttypes,
      statuses,
      submittypes,
      reasons,
      lifestages,
      roles,
      languages,
      milkweeds,
    ] = await Promise.all([
      db.select().from(s.abundances).orderBy(asc(s.abundances.id)),
      db.select().from(s.locationsizes).orderBy(asc(s.locationsizes.id)),
      db.select().from(s.countries).orderBy(asc(s.countries.id)),
      db.select().from(s.provinces).orderBy(asc(s.provinces.country_id), asc(s.provinces.province)),
      db.select().from(s.basisofrecords).orderBy(asc(s.basisofrecords.id)),
      db.select().from(s.checklisttypes).orderBy(asc(s.checklisttypes.id)),
      db.select().from(s.observationstatus).orderBy(asc(s.observationstatus.id)),
      db.select().from(s.submittypes).orderBy(asc(s.submittypes.id)),
      db.select().from(s.reasons).orderBy(asc(s.reasons.id)),
      db.select().from(s.lifestages).orderBy(asc(s.lifestages.id)),
      db.select().from(s.roles).orderBy(asc(s.roles.role_id)),
      db.select().from(s.languages).orderBy(asc(s.languages.id)),
      db
        .select()
        .from(s.milkweedSpecies)
        .where(eq(s.milkweedSpecies.isdeleted, false))
        .orderBy(asc(s.milkweedSpecies.latin_name)),
    ]);
    return {
      abundances,
      locationsizes,
      countries,
      provinces,
      basisofrecords,
      checklisttypes,
      statuses,
      submittypes,
      reasons,
      lifestages,
      roles,
      languages,
      milkweeds,
    };
  },
};
