import { BasisOfRecord, type ExploreFilters } from '@mm/shared';

const DWC = 'http://rs.tdwg.org/dwc/terms/';

/**
 * The columns of every download format, in order, as Darwin Core terms (DESIGN.md "Field terms").
 * CSV headers, GeoJSON property names and the DwC-A `occurrence.txt` header all use these names.
 */
export const DWC_COLUMNS = [
  'occurrenceID',
  'eventID',
  'eventDate',
  'eventTime',
  'decimalLatitude',
  'decimalLongitude',
  'geodeticDatum',
  'countryCode',
  'stateProvince',
  'municipality',
  'locality',
  'kingdom',
  'scientificName',
  'lifeStage',
  'individualCount',
  'occurrenceStatus',
  'basisOfRecord',
  'recordedBy',
  'associatedTaxa',
  'identificationVerificationStatus',
  'samplingProtocol',
  'associatedMedia',
] as const;
export type DwcColumn = (typeof DWC_COLUMNS)[number];
/** One occurrence; numbers stay numbers (GeoJSON), absent values are null (empty cells). */
export type Occurrence = Record<DwcColumn, string | number | null>;

/** One observation as the download query reads it (see downloads.repository.ts). */
export interface OccurrenceSourceRow {
  observation_id: number;
  checklist_id: number;
  checklist_date: string;
  /** HH:MM, local time of the site. */
  start_time: string | null;
  end_time: string | null;
  latitude: number;
  longitude: number;
  country_code: string | null;
  province: string | null;
  city: string | null;
  locality: string;
  lifestage_id: number | null;
  numbers: number;
  number_of_plants: string | null;
  milkweed_latin_name: string | null;
  basisofrecord_id: number | null;
  username: string | null;
  status: string;
  is_flash: boolean;
  /** Storage keys of the large photo variants (`{photo_path}/large/{photo_name}`), oldest first. */
  photos: string[] | null;
}

export const MONARCH_SCIENTIFIC_NAME = 'Danaus plexippus';
/** Darwin Core lifeStage for life-stage ids 1–4 (spec §3: adult, eggs, caterpillar, chrysalis). */
const LIFE_STAGES: Record<number, string> = { 1: 'adult', 2: 'egg', 3: 'larva', 4: 'pupa' };

/**
 * Darwin Core basisOfRecord for the seeded basis of record: a collected specimen is a
 * PreservedSpecimen; sight records, photographs taken by the observer, caught-and-released and
 * road-killed animals are all a person's observation (MachineObservation is for automated
 * recorders, which Mission Monarch does not have).
 */
function basisOfRecord(id: number | null): string {
  return id === BasisOfRecord.Collected ? 'PreservedSpecimen' : 'HumanObservation';
}

/** A positive whole number from free text (milkweed `number_of_plants`), else null. */
function wholeNumber(text: string | null): number | null {
  return text && /^\s*\d+\s*$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * Maps one observation to its Darwin Core occurrence. Monarch rows (a life stage) are
 * Danaus plexippus with the milkweed as associated taxon; milkweed rows (no life stage) are the
 * milkweed itself.
 * @param mediaBase prefix of photo URLs: `${PUBLIC_URL}/attachments/` or `/attachments/`
 */
export function toOccurrence(r: OccurrenceSourceRow, mediaBase: string): Occurrence {
  const monarch = r.lifestage_id !== null;
  const eventTime = r.start_time && r.end_time ? `${r.start_time}/${r.end_time}` : (r.start_time ?? null);
  return {
    occurrenceID: `urn:mission-monarch:observation:${r.observation_id}`,
    eventID: `urn:mission-monarch:checklist:${r.checklist_id}`,
    eventDate: r.checklist_date,
    eventTime,
    decimalLatitude: r.latitude,
    decimalLongitude: r.longitude,
    geodeticDatum: 'WGS84',
    countryCode: r.country_code,
    stateProvince: r.province,
    municipality: r.city,
    locality: r.locality,
    kingdom: monarch ? 'Animalia' : 'Plantae',
    scientificName: monarch ? MONARCH_SCIENTIFIC_NAME : r.milkweed_latin_name,
    lifeStage: monarch ? (LIFE_STAGES[r.lifestage_id ?? 0] ?? null) : null,
    individualCount: monarch ? r.numbers : wholeNumber(r.number_of_plants),
    occurrenceStatus: 'present',
    basisOfRecord: basisOfRecord(r.basisofrecord_id),
    recordedBy: r.username,
    associatedTaxa: monarch && r.milkweed_latin_name ? `"on":"${r.milkweed_latin_name}"` : null,
    identificationVerificationStatus: r.status,
    samplingProtocol: r.is_flash ? 'Flash Data' : 'Mission area survey',
    associatedMedia: r.photos && r.photos.length > 0 ? r.photos.map((key) => `${mediaBase}${key}`).join(' | ') : null,
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** File names inside the Darwin Core Archive. */
export const DWCA_FILES = { core: 'occurrence.txt', meta: 'meta.xml', eml: 'eml.xml' } as const;

/**
 * The archive descriptor (Darwin Core text guide): a tab-separated, unquoted, UTF-8 core file of
 * Occurrence rows with one header line, `occurrenceID` as the record id.
 */
export function metaXml(): string {
  const fields = DWC_COLUMNS.map((name, index) => `    <field index="${index}" term="${DWC}${name}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<archive xmlns="http://rs.tdwg.org/dwc/text/" metadata="${DWCA_FILES.eml}">
  <core encoding="UTF-8" fieldsTerminatedBy="\\t" linesTerminatedBy="\\n" fieldsEnclosedBy="" ignoreHeaderLines="1" rowType="${DWC}Occurrence">
    <files>
      <location>${DWCA_FILES.core}</location>
    </files>
    <id index="0"/>
${fields}
  </core>
</archive>
`;
}

/** The filters in words for the dataset abstract, e.g. `date_from=2026-06-01, kind=flash`, or `none`. */
function describeFilters(filters: ExploreFilters): string {
  const parts = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/**
 * Minimal EML 2.2 dataset metadata: title, creators, contact, publication date, language,
 * abstract (with the filters applied) and the CC BY 4.0 licence.
 * @param pubDate yyyy-MM-dd
 */
export function emlXml(pubDate: string, filters: ExploreFilters, packageId: string): string {
  const org = (tag: string, name: string) =>
    `    <${tag}>\n      <organizationName>${escapeXml(name)}</organizationName>\n    </${tag}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<eml:eml xmlns:eml="https://eml.ecoinformatics.org/eml-2.2.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="https://eml.ecoinformatics.org/eml-2.2.0 https://eml.ecoinformatics.org/eml-2.2.0/eml.xsd"
  packageId="${escapeXml(packageId)}" system="urn:mission-monarch" scope="system" xml:lang="en">
  <dataset>
    <title xml:lang="en">Mission Monarch: monarch butterfly and milkweed observations</title>
${org('creator', 'Espace pour la vie')}
${org('creator', 'Mission Monarch')}
    <pubDate>${pubDate}</pubDate>
    <language>en</language>
    <abstract>
      <para>Monarch butterfly (Danaus plexippus) and milkweed (Asclepias) observations recorded by Mission Monarch volunteers in Canada, the United States and Mexico, exported on ${pubDate}. Filters applied: ${escapeXml(describeFilters(filters))}.</para>
    </abstract>
    <intellectualRights>
      <para>This work is licensed under a <ulink url="https://creativecommons.org/licenses/by/4.0/legalcode"><citetitle>Creative Commons Attribution (CC-BY) 4.0 License</citetitle></ulink>.</para>
    </intellectualRights>
${org('contact', 'Espace pour la vie')}
  </dataset>
</eml:eml>
`;
}
