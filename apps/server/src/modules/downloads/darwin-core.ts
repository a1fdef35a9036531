import { v5 as uuidV5 } from 'uuid';
import {
  BasisOfRecord,
  DEFAULT_LICENSE,
  gbifTaxonUrl,
  isLicenseCode,
  LICENSES,
  MONARCH_SCIENTIFIC_NAME,
  PRIVATE_DATA_GENERALIZATIONS,
  PRIVATE_INFORMATION_WITHHELD,
  PRIVATE_EXACT_NOT_GENERALIZED,
  PRIVATE_EXACT_WITHHOLD,
  taxonFacts,
  type LicenseCode,
  type Locale,
  type QualityFlag,
} from '@mm/shared';
import { publicFlags } from './flag-privacy';

/**
 * What every export needs to know about where it is published: the site's public
 * address, the publisher and the dataset, and the requester's language for common names.
 */
export interface PublishingContext {
  /**
   * The site's origin without a trailing slash: PUBLIC_URL, else the origin of the download's request
   * (lib/public-origin.ts), so that every link of a file is absolute.
   */
  publicUrl: string;
  /** Darwin Core `institutionCode` and the EML publisher. */
  institutionCode: string;
  datasetName: string;
  /** Darwin Core `datasetID` (a GBIF dataset key or DOI), or null when not configured. */
  datasetId: string | null;
  locale: Locale;
}

/** One stored observation as the download queries read it (see downloads.repository.ts). */
export interface ObservationSourceRow extends ProvenanceSource {
  observation_id: number;
  observation_uuid: string;
  checklist_id: number;
  checklist_uuid: string;
  checklist_date: string;
  /** HH:MM, local time of the site. */
  start_time: string | null;
  end_time: string | null;
  latitude: number;
  longitude: number;
  coordinate_uncertainty_m: number | null;
  /** A private site: the position is already generalised by the query unless an admin downloads. */
  is_private: boolean;
  country_code: string | null;
  province: string | null;
  city: string | null;
  /** Null when withheld (a private site). */
  locality: string | null;
  lifestage_id: number | null;
  /** Individuals counted; null when the source gave none. */
  numbers: number | null;
  number_of_plants: string | null;
  milkweed_latin_name: string | null;
  milkweed_english_name: string | null;
  milkweed_french_name: string | null;
  milkweed_spanish_name: string | null;
  abundance: string | null;
  locationsize: string | null;
  basisofrecord_id: number | null;
  username: string | null;
  status: string;
  is_flash: boolean;
  /** The checklist's comment: for everyone but admins its public text. */
  comment: string | null;
  /** The public comment lost email addresses or phone numbers. */
  comment_withheld: boolean;
  /** The public locality or city lost email addresses or phone numbers. */
  place_withheld: boolean;
  stems_inspected: number | null;
  /** Milkweed rows of the same checklist: with one, the stems inspected are all of that species. */
  milkweeds_in_checklist: number;
  license: string;
  /** Storage keys of the large photo variants (`{photo_path}/large/{photo_name}`), oldest first. */
  photos: string[] | null;
  /** Quality flags of the record. */
  quality_flags: QualityFlag[];
  /** Darwin Core basisOfRecord an imported record had in its source, or null. */
  source_basis_of_record: string | null;
}

/**
 * Quality flags as text for exports: `code(param=value, …)` (parameters in name order) joined by ` | `,
 * e.g. `out_of_season(latitude=46.8, lifestage_id=2, month=1)`; null without flags. docs/quality-flags.md
 * explains each code.
 */
export function flagsText(flags: readonly QualityFlag[]): string | null {
  if (flags.length === 0) return null;
  return flags
    .map((f) => {
      const params = Object.keys(f.params)
        .sort()
        .map((k) => `${k}=${f.params[k]}`);
      return params.length ? `${f.code}(${params.join(', ')})` : f.code;
    })
    .join(' | ');
}

/** How much of a checklist's date is known, and where an imported checklist comes from. */
export interface ProvenanceSource {
  checklist_id: number;
  /** `day`, or `month` / `year` (the date is then the period's first day). */
  date_precision: string;
  /** Null for records made through Mission Monarch. */
  source_dataset: string | null;
  source_institution: string | null;
  source_record_id: string | null;
  source_url: string | null;
  from_gbif: boolean;
}

/** Darwin Core `sampleSizeUnit` of a Mission, the same in the CSV, the GeoJSON and the archive's Event core. */
export const SAMPLE_SIZE_UNIT = 'milkweed stems inspected';

/** Darwin Core lifeStage for life-stage ids 1–4 (spec §3: adult, eggs, caterpillar, chrysalis). */
export const LIFE_STAGES: Record<number, string> = { 1: 'adult', 2: 'egg', 3: 'larva', 4: 'pupa' };

const MONARCH_NAMES: Record<Locale, string> = { en: 'Monarch', fr: 'Monarque', es: 'Monarca' };

/** Namespace of the ids derived for absence records (a UUID v5 per milkweed row and life stage). */
const ABSENCE_NAMESPACE = '7d1f3a52-5b0c-4c7e-9a51-3f0e8b2d6c41';

/** `urn:uuid:…` of a stored record. */
export const urnUuid = (uuid: string) => `urn:uuid:${uuid}`;

/**
 * The stable id of the absence record "life stage `lifestageId` looked for on this milkweed row and
 * not found": a UUID v5 of the milkweed row's own UUID, so it is the same in every export.
 */
export const absenceUuid = (milkweedRowUuid: string, lifestageId: number) =>
  uuidV5(`${milkweedRowUuid}/lifestage/${lifestageId}`, ABSENCE_NAMESPACE);

/**
 * Darwin Core basisOfRecord for the seeded basis of record: a collected specimen is a
 * PreservedSpecimen; sight records, photographs taken by the observer, caught-and-released and
 * road-killed animals are all a person's observation (MachineObservation is for automated
 * recorders, which Mission Monarch does not have).
 */
export function basisOfRecord(id: number | null): string {
  return id === BasisOfRecord.Collected ? 'PreservedSpecimen' : 'HumanObservation';
}

/** A positive whole number from free text (milkweed `number_of_plants`), else null. */
function wholeNumber(text: string | null): number | null {
  return text && /^\s*\d+\s*$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** The licence code of a record, CC BY 4.0 for an unknown stored value. */
export const licenseOf = (stored: string): LicenseCode => (isLicenseCode(stored) ? stored : DEFAULT_LICENSE);

/** The legal-code URL written in Darwin Core `license`. */
export const licenseUrl = (stored: string) => LICENSES[licenseOf(stored)].url;

/** The public page of a checklist (Mission details, also for a Flash sighting), under the site's origin. */
export const recordPage = (ctx: PublishingContext, checklistId: number) =>
  `${ctx.publicUrl}/mmapp/en/checklists/view?id=${checklistId}`;

/** The protocol page both Mission and Flash Data link to, under the site's origin. */
const protocolPage = (ctx: PublishingContext) => `${ctx.publicUrl}/mmapp/en/content/what-is-a-mission`;

/**
 * Darwin Core samplingProtocol of a checklist: the protocol's name and its page; null for an imported
 * record (`sourceDataset` set), which followed its source's protocol, not ours.
 */
export function samplingProtocol(
  ctx: PublishingContext,
  isFlash: boolean,
  sourceDataset: string | null = null,
): string | null {
  if (sourceDataset !== null) return null;
  const name = isFlash
    ? 'Mission Monarch Flash Data (incidental sighting)'
    : 'Mission Monarch Mission (milkweed survey)';
  return `${name} ${protocolPage(ctx)}`;
}

/**
 * Where a record comes from, as Darwin Core says it: ours (the configured institution and dataset, its
 * page here), or an imported record's source dataset and institution, its record id
 * (`otherCatalogNumbers`, e.g. `GBIF:2563625405`) and its page in the source (`references`).
 */
export function provenanceTerms(r: ProvenanceSource, ctx: PublishingContext) {
  if (r.source_dataset === null) {
    return {
      institutionCode: ctx.institutionCode,
      datasetName: ctx.datasetName,
      datasetID: ctx.datasetId,
      references: recordPage(ctx, r.checklist_id),
      otherCatalogNumbers: null,
    };
  }
  const namespace = r.from_gbif ? 'GBIF' : (r.source_institution ?? r.source_dataset);
  return {
    institutionCode: r.source_institution,
    datasetName: r.source_dataset,
    datasetID: null,
    references: r.source_url ?? recordPage(ctx, r.checklist_id),
    otherCatalogNumbers: r.source_record_id === null ? null : `${namespace}:${r.source_record_id}`,
  };
}

/** The note that marks a record republished from GBIF (or a GBIF publisher), else null. */
export function gbifNote(r: ProvenanceSource): string | null {
  if (!r.from_gbif || r.source_dataset === null) return null;
  const original = r.source_url ? ` Original record: ${r.source_url}` : '';
  return `Imported from ${r.source_dataset} as published through GBIF; not recorded through Mission Monarch. Cite and use the original record.${original}`;
}

/** Joins remarks that are present with `; `, or null when none is. */
export const joinRemarks = (...parts: (string | null | undefined)[]) =>
  parts.filter((p): p is string => typeof p === 'string' && p !== '').join('; ') || null;

/**
 * The ISO 8601 date (yyyy-MM-dd) of a checklist cut to its precision: `1968`, `1968-08` or the
 * whole date. The one-table exports' eventDate, read once per row without splitting the date.
 */
function datePart(date: string, precision: string): string {
  if (precision === 'year') return date.slice(0, 4);
  if (precision === 'month') return date.slice(0, 7);
  return date;
}

/**
 * The ISO 8601 date of a checklist at its precision: `1968`, `1968-08`, or the full date (with its
 * times, see `eventDate`), and its year, month and day (null beyond the precision).
 */
export function datedTerms(date: string, precision: string, start: string | null, end: string | null) {
  const [year, month, day] = date.split('-').map(Number);
  if (precision === 'year') return { eventDate: datePart(date, precision), year: year ?? null, month: null, day: null };
  if (precision === 'month')
    return { eventDate: datePart(date, precision), year: year ?? null, month: month ?? null, day: null };
  return { eventDate: eventDate(date, start, end), year: year ?? null, month: month ?? null, day: day ?? null };
}

/**
 * ISO 8601 eventDate of a visit: the date, or an interval `dateTstart/dateTend` (local time of the
 * site) when the times are known; an end before the start ends the next day.
 */
export function eventDate(date: string, start: string | null, end: string | null): string {
  if (!start) return date;
  if (!end) return `${date}T${start}`;
  const endDate =
    end < start ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : date;
  return `${date}T${start}/${endDate}T${end}`;
}

/** Minutes between HH:MM start and end (over midnight when the end is earlier), or null. */
export function durationMinutes(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const d = minutes(end) - minutes(start);
  return d >= 0 ? d : d + 24 * 60;
}

/** The milkweed's common name in `locale`, or null. */
function milkweedVernacular(r: ObservationSourceRow, locale: Locale): string | null {
  return locale === 'fr' ? r.milkweed_french_name : locale === 'es' ? r.milkweed_spanish_name : r.milkweed_english_name;
}

/**
 * Taxon terms of a row: Danaus plexippus for a monarch row (a life stage), the milkweed for a
 * milkweed row; "Asclepias sp." becomes the genus Asclepias.
 */
export function taxonTerms(r: ObservationSourceRow, locale: Locale) {
  const monarch = r.lifestage_id !== null;
  const stored = monarch ? MONARCH_SCIENTIFIC_NAME : (r.milkweed_latin_name ?? 'Asclepias sp.');
  const facts = taxonFacts(stored);
  return {
    kingdom: monarch ? 'Animalia' : 'Plantae',
    scientificName: facts.scientificName,
    scientificNameAuthorship: facts.authorship,
    taxonRank: facts.rank,
    taxonID: facts.gbifKey === null ? null : gbifTaxonUrl(facts.gbifKey),
    vernacularName: monarch ? MONARCH_NAMES[locale] : milkweedVernacular(r, locale),
  };
}

/**
 * Quantity terms of a row. A monarch count of 0 is an absence only in a Mission: the
 * protocol looks for every life stage, so a stage not found was looked for. A Flash sighting or an
 * imported report is a presence, whatever count it carries: without one (or with 0, "not counted")
 * its individualCount stays empty. A milkweed row's quantity is its stems: the plants the source
 * counted, or the stems inspected when it is the checklist's only milkweed.
 */
export function quantityTerms(r: ObservationSourceRow) {
  if (r.lifestage_id !== null) {
    const absent = r.numbers === 0 && !r.is_flash && r.source_dataset === null;
    return {
      individualCount: r.numbers === 0 && !absent ? null : r.numbers,
      organismQuantity: null,
      organismQuantityType: null,
      occurrenceStatus: absent ? 'absent' : 'present',
    };
  }
  const stems = wholeNumber(r.number_of_plants) ?? (r.milkweeds_in_checklist === 1 ? r.stems_inspected : null);
  return {
    individualCount: null,
    organismQuantity: stems,
    organismQuantityType: stems === null ? null : 'stems',
    occurrenceStatus: 'present',
  };
}

/** Remarks of a milkweed row: its abundance and location size, when given. */
export function milkweedRemarks(r: ObservationSourceRow): string | null {
  const parts = [
    r.abundance ? `abundance: ${r.abundance}` : null,
    r.locationsize ? `location size: ${r.locationsize}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * Whether a row's position is a private site's generalised one: the query gives a private site the
 * centre of its 0.1° cell and withholds its locality, except in an admin's exact download.
 */
export const isGeneralised = (r: { is_private: boolean; locality: string | null }): boolean =>
  r.is_private && r.locality === null;

/**
 * Darwin Core `dataGeneralizations` and `informationWithheld` of a record at a private site: in a
 * public download, what was generalised (the 0.1° cell) and withheld (exact point, locality,
 * municipality); in an admin's exact download, that the exact point of a private site is there and
 * must not be published (docs/adr/0024 has the borders; spec "private sites"). Empty for other sites.
 */
function privacyTerms(r: { is_private: boolean; locality: string | null }): {
  dataGeneralizations: string | null;
  informationWithheld: string | null;
} {
  if (!r.is_private) return { dataGeneralizations: null, informationWithheld: null };
  return isGeneralised(r)
    ? { dataGeneralizations: PRIVATE_DATA_GENERALIZATIONS, informationWithheld: PRIVATE_INFORMATION_WITHHELD }
    : { dataGeneralizations: PRIVATE_EXACT_NOT_GENERALIZED, informationWithheld: PRIVATE_EXACT_WITHHOLD };
}

/**
 * What `informationWithheld` says of a record whose public text lost email addresses or phone numbers
 *: the fields named as the archive names them (remarks; locality and municipality).
 */
export function personalDataWithheld(r: { comment_withheld: boolean; place_withheld: boolean }): string | null {
  const fields = [r.comment_withheld ? 'remarks' : null, r.place_withheld ? 'locality and municipality' : null];
  const named = fields.filter((f): f is string => f !== null);
  if (named.length === 0) return null;
  const list = named.length === 2 ? `remarks, ${named[1] ?? ''}` : (named[0] ?? '');
  return `Email addresses and phone numbers removed from the ${list}`;
}

/**
 * `dataGeneralizations` and `informationWithheld` of a record: a private site's (`privacyTerms`), and
 * the personal data taken out of its free text (`personalDataWithheld`), joined with `; `.
 */
export function withheldTerms(
  r: { is_private: boolean; locality: string | null } & Parameters<typeof personalDataWithheld>[0],
): { dataGeneralizations: string | null; informationWithheld: string | null } {
  const privacy = privacyTerms(r);
  return {
    ...privacy,
    informationWithheld: joinRemarks(privacy.informationWithheld, personalDataWithheld(r)),
  };
}

/**
 * The columns of the one-table formats (CSV, GeoJSON), in order, as Darwin Core terms
 * (DESIGN.md "Field terms"): one row per stored observation, exactly the rows Explore lists.
 */
export const DWC_COLUMNS = [
  'occurrenceID',
  'eventID',
  'basisOfRecord',
  'eventDate',
  'eventTime',
  'decimalLatitude',
  'decimalLongitude',
  'geodeticDatum',
  'coordinateUncertaintyInMeters',
  'dataGeneralizations',
  'informationWithheld',
  'countryCode',
  'stateProvince',
  'municipality',
  'locality',
  'kingdom',
  'scientificName',
  'scientificNameAuthorship',
  'taxonRank',
  'taxonID',
  'vernacularName',
  'lifeStage',
  'individualCount',
  'organismQuantity',
  'organismQuantityType',
  'occurrenceStatus',
  'occurrenceRemarks',
  'recordedBy',
  'associatedTaxa',
  'identificationVerificationStatus',
  'samplingProtocol',
  'sampleSizeValue',
  'sampleSizeUnit',
  'license',
  'rightsHolder',
  'institutionCode',
  'datasetName',
  'datasetID',
  'references',
  'otherCatalogNumbers',
  'associatedMedia',
  // Not a Darwin Core term: the record's quality flags, `flagsText`.
  'flags',
] as const;
export type DwcColumn = (typeof DWC_COLUMNS)[number];
/** One occurrence; numbers stay numbers (GeoJSON), absent values are null (empty cells). */
export type Occurrence = Record<DwcColumn, string | number | null>;

/**
 * Maps one stored observation to its one-table Darwin Core occurrence. Monarch rows (a life stage)
 * are Danaus plexippus with the milkweed as associated taxon; milkweed rows (no life stage) are the
 * milkweed itself.
 * @param mediaBase prefix of photo URLs: `{origin}/attachments/`, absolute
 */
export function toOccurrence(r: ObservationSourceRow, ctx: PublishingContext, mediaBase: string): Occurrence {
  const monarch = r.lifestage_id !== null;
  const quantity = quantityTerms(r);
  return {
    occurrenceID: urnUuid(r.observation_uuid),
    eventID: urnUuid(r.checklist_uuid),
    basisOfRecord: r.source_basis_of_record ?? basisOfRecord(r.basisofrecord_id),
    eventDate: datePart(r.checklist_date, r.date_precision),
    eventTime: r.start_time && r.end_time ? `${r.start_time}/${r.end_time}` : (r.start_time ?? null),
    decimalLatitude: r.latitude,
    decimalLongitude: r.longitude,
    geodeticDatum: 'WGS84',
    coordinateUncertaintyInMeters: r.coordinate_uncertainty_m,
    ...withheldTerms(r),
    countryCode: r.country_code,
    stateProvince: r.province,
    municipality: r.city,
    locality: r.locality,
    ...taxonTerms(r, ctx.locale),
    lifeStage: monarch ? (LIFE_STAGES[r.lifestage_id ?? 0] ?? null) : null,
    ...quantity,
    occurrenceRemarks: joinRemarks(monarch ? null : milkweedRemarks(r), r.comment, gbifNote(r)),
    recordedBy: r.username,
    associatedTaxa: monarch && r.milkweed_latin_name ? `"on":"${r.milkweed_latin_name}"` : null,
    identificationVerificationStatus: r.status,
    samplingProtocol: samplingProtocol(ctx, r.is_flash, r.source_dataset),
    sampleSizeValue: r.is_flash ? null : r.stems_inspected,
    sampleSizeUnit: r.is_flash || r.stems_inspected === null ? null : SAMPLE_SIZE_UNIT,
    license: licenseUrl(r.license),
    rightsHolder: r.username,
    ...provenanceTerms(r, ctx),
    associatedMedia: r.photos && r.photos.length > 0 ? r.photos.map((key) => `${mediaBase}${key}`).join(' | ') : null,
    flags: flagsText(publicFlags(r.quality_flags, isGeneralised(r))),
  };
}
