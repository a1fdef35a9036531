import type { FiguresResponse, LoadParams, Locale } from '@mm/shared';
import type { Db, DbOrTx } from '../../db/client';
import { countFigures } from './figures.repository';
import { referenceRepository } from './reference.repository';

/**
 * Every province and state with its country, for boundary lookups (spec §3 sites; README "Province
 * boundaries"): `{ province_id, province, country_id, administrative: 'QC' | 'ON' | …, country_code: 'CA' | 'US' | 'MX' }[]`.
 */
export function provinceRefs(db: DbOrTx) {
  return referenceRepository.provinceRefs(db);
}

type NameColumns = { name: string; name_fr: string; name_es: string };
const pick = (row: NameColumns, lng: Locale) => (lng === 'fr' ? row.name_fr : lng === 'es' ? row.name_es : row.name);

/**
 * Reference data of spec §3 with its exact field names, names in `lng`; retired rows left out.
 */
export async function loadParams(db: Db, lng: Locale): Promise<LoadParams> {
  const live = <T extends { isdeleted: boolean }>(rows: T[]) => rows.filter((r) => !r.isdeleted);
  const {
    abundances: abund,
    locationsizes: sizes,
    countries,
    provinces,
    basisofrecords: basis,
    checklisttypes: types,
    statuses,
    submittypes: submit,
    reasons,
    lifestages: stages,
    roles,
    languages: langs,
    milkweeds,
  } = await referenceRepository.all(db);
  const named = (rows: (NameColumns & { id: number; isdeleted: boolean })[]) =>
    live(rows).map((r) => ({ id: r.id, name: pick(r, lng) }));
  return {
    abundances: named(abund),
    locationsizes: named(sizes),
    countries: countries.map((c) => ({ id: c.id, country: pick(c, lng), administrative: c.administrative })),
    provinces: provinces.map((p) => ({
      province_id: p.province_id,
      province: p.province,
      country_id: p.country_id,
      administrative: p.administrative,
    })),
    basisofrecords: live(basis).map((r) => ({ basisofrecord_id: r.id, basisofrecord: pick(r, lng) })),
    checklisttypes: live(types).map((r) => ({ checklisttype_id: r.id, checklisttype: pick(r, lng) })),
    observationstatus: statuses.map((r) => ({ status_id: r.id, observation_status: pick(r, lng) })),
    submittypes: submit.map((r) => ({ submittype_id: r.id, submittype: pick(r, lng) })),
    reasons: named(reasons),
    lifestages: stages.map((r) => ({ lifestage_id: r.id, lifestage: pick(r, lng) })),
    roles: roles.map((r) => ({
      role_id: r.role_id,
      role: pick(r, lng),
      isdeleted: r.isdeleted,
      created: r.created.toISOString(),
      updated: r.updated.toISOString(),
    })),
    languages: langs.map((r) => ({ id: r.id, name: pick(r, lng) })),
    milkweeds: milkweeds.map(({ milkweed_id, english_name, french_name, spanish_name, latin_name }) => ({
      milkweed_id,
      english_name,
      french_name,
      spanish_name,
      latin_name,
    })),
  };
}

/** Home page figures (spec §1): visible observations this season (since 1 January UTC) and in all, volunteers, sites. */
export const homeFigures = (db: Db): Promise<FiguresResponse> => countFigures(db);
