import {
  absenceUuid,
  basisOfRecord,
  datedTerms,
  durationMinutes,
  flagsText,
  gbifNote,
  joinRemarks,
  LIFE_STAGES,
  licenseUrl,
  milkweedRemarks,
  isGeneralised,
  SAMPLE_SIZE_UNIT,
  provenanceTerms,
  quantityTerms,
  recordPage,
  samplingProtocol,
  taxonTerms,
  urnUuid,
  withheldTerms,
  type ObservationSourceRow,
  type ProvenanceSource,
  type PublishingContext,
} from './darwin-core';
import { publicFlags } from './flag-privacy';

const DWC = 'http://rs.tdwg.org/dwc/terms/';
const DC = 'http://purl.org/dc/terms/';
/**
 * The Event core's `type` is Dublin Core's element, not the dcterms property: GBIF's Event core
 * definition (rs.gbif.org/core/dwc_event_2025-07-10.xml) declares `http://purl.org/dc/elements/1.1/type`,
 * and an IPT does not map the other IRI onto it.
 */
const DC_ELEMENTS_TYPE = 'http://purl.org/dc/elements/1.1/type';

/**
 * A column of an archive file: its header name and the full term IRI meta.xml declares; `declared:
 * false` for a column that only links the row to its core row (its `coreid`), where the extension
 * defines no such term.
 */
export interface ArchiveColumn {
  name: string;
  term: string;
  declared?: false;
}
const dwc = (...names: string[]): ArchiveColumn[] => names.map((name) => ({ name, term: `${DWC}${name}` }));
const dc = (...names: string[]): ArchiveColumn[] => names.map((name) => ({ name, term: `${DC}${name}` }));

/** Event core (`event.txt`): one row per checklist (a Mission, or a Flash sighting). */
export const EVENT_COLUMNS: ArchiveColumn[] = [
  ...dwc('eventID'),
  { name: 'type', term: DC_ELEMENTS_TYPE },
  ...dc('license', 'rightsHolder', 'references'),
  ...dwc('institutionCode', 'datasetName', 'datasetID'),
  ...dwc('eventDate', 'year', 'month', 'day', 'samplingProtocol', 'sampleSizeValue', 'sampleSizeUnit'),
  ...dwc('samplingEffort', 'habitat', 'eventRemarks'),
  ...dwc('countryCode', 'stateProvince', 'municipality', 'locality'),
  ...dwc('decimalLatitude', 'decimalLongitude', 'geodeticDatum', 'coordinateUncertaintyInMeters'),
  ...dwc('dataGeneralizations', 'informationWithheld'),
];

/** Occurrence extension (`occurrence.txt`): present and absent life stages, and the milkweeds. */
export const OCCURRENCE_COLUMNS: ArchiveColumn[] = [
  ...dwc('eventID', 'occurrenceID', 'basisOfRecord'),
  ...dc('license', 'rightsHolder', 'references'),
  ...dwc('institutionCode', 'datasetName', 'otherCatalogNumbers', 'recordedBy'),
  ...dwc('kingdom', 'scientificName', 'scientificNameAuthorship', 'taxonRank', 'taxonID', 'vernacularName'),
  ...dwc('lifeStage', 'individualCount', 'organismQuantity', 'organismQuantityType', 'occurrenceStatus'),
  ...dwc('occurrenceRemarks', 'associatedTaxa', 'identificationVerificationStatus'),
];

/**
 * Simple Multimedia extension (`multimedia.txt`): one row per photo. Its first column is the event's
 * id, meta.xml's `coreid` only: GBIF's Simple Multimedia extension has no eventID term.
 */
export const MULTIMEDIA_COLUMNS: ArchiveColumn[] = [
  { name: 'eventID', term: `${DWC}eventID`, declared: false },
  ...dc('identifier', 'type', 'format', 'references', 'title', 'description', 'created', 'creator'),
  ...dc('license', 'rightsHolder', 'publisher'),
];

export type ArchiveRow = Record<string, string | number | null>;

/** One checklist as the events query reads it (see downloads.repository.ts). */
export interface EventSourceRow extends ProvenanceSource {
  checklist_id: number;
  checklist_uuid: string;
  checklist_date: string;
  start_time: string | null;
  end_time: string | null;
  participants: number | null;
  stems_inspected: number | null;
  is_flash: boolean;
  /** The checklist's comment: for everyone but admins its public text. */
  comment: string | null;
  /** The public comment lost email addresses or phone numbers. */
  comment_withheld: boolean;
  /** The public locality or city lost email addresses or phone numbers. */
  place_withheld: boolean;
  /** Abundances and location sizes of the milkweeds, `; `-joined, or null. */
  habitat: string | null;
  latitude: number;
  longitude: number;
  coordinate_uncertainty_m: number | null;
  is_private: boolean;
  country_code: string | null;
  province: string | null;
  city: string | null;
  /** Null when withheld (a private site). */
  locality: string | null;
  username: string | null;
  license: string;
}

/** `samplingEffort` in words: participants and duration, e.g. `2 participants; 60 minutes`. */
function samplingEffort(r: EventSourceRow): string | null {
  const minutes = durationMinutes(r.start_time, r.end_time);
  const parts = [
    r.participants !== null ? `${r.participants} participant${r.participants === 1 ? '' : 's'}` : null,
    minutes !== null ? `${minutes} minutes` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The Event core row of a checklist. */
export function toEventRow(r: EventSourceRow, ctx: PublishingContext): ArchiveRow {
  const { otherCatalogNumbers: _id, ...provenance } = provenanceTerms(r, ctx);
  return {
    eventID: urnUuid(r.checklist_uuid),
    type: 'Event',
    license: licenseUrl(r.license),
    rightsHolder: r.username,
    references: provenance.references,
    institutionCode: provenance.institutionCode,
    datasetName: provenance.datasetName,
    datasetID: provenance.datasetID,
    ...datedTerms(r.checklist_date, r.date_precision, r.start_time, r.end_time),
    samplingProtocol: samplingProtocol(ctx, r.is_flash, r.source_dataset),
    sampleSizeValue: r.is_flash ? null : r.stems_inspected,
    sampleSizeUnit: r.is_flash || r.stems_inspected === null ? null : SAMPLE_SIZE_UNIT,
    samplingEffort: samplingEffort(r),
    habitat: r.habitat ? `milkweed patch (${r.habitat})` : null,
    eventRemarks: joinRemarks(r.comment, gbifNote(r)),
    countryCode: r.country_code,
    stateProvince: r.province,
    municipality: r.city,
    locality: r.locality,
    decimalLatitude: r.latitude,
    decimalLongitude: r.longitude,
    geodeticDatum: 'WGS84',
    coordinateUncertaintyInMeters: r.coordinate_uncertainty_m,
    ...withheldTerms(r),
  };
}

/**
 * An observation as the occurrences query reads it: a stored row, or (with `absent_stage`) a Mission
 * milkweed row standing for the life stage looked for on it and not found.
 */
export type OccurrenceSourceRow = ObservationSourceRow & { absent_stage: number | null };

/** The Occurrence extension row of a stored observation or of a derived absence. */
export function toOccurrenceRow(r: OccurrenceSourceRow, ctx: PublishingContext): ArchiveRow {
  const absent = r.absent_stage !== null;
  const row: ObservationSourceRow = absent ? { ...r, lifestage_id: r.absent_stage, numbers: 0 } : r;
  const monarch = row.lifestage_id !== null;
  const provenance = provenanceTerms(r, ctx);
  return {
    eventID: urnUuid(r.checklist_uuid),
    occurrenceID: urnUuid(absent ? absenceUuid(r.observation_uuid, r.absent_stage ?? 0) : r.observation_uuid),
    basisOfRecord: absent ? basisOfRecord(null) : (r.source_basis_of_record ?? basisOfRecord(r.basisofrecord_id)),
    license: licenseUrl(r.license),
    rightsHolder: r.username,
    references: provenance.references,
    institutionCode: provenance.institutionCode,
    datasetName: provenance.datasetName,
    otherCatalogNumbers: provenance.otherCatalogNumbers,
    recordedBy: r.username,
    ...taxonTerms(row, ctx.locale),
    lifeStage: monarch ? (LIFE_STAGES[row.lifestage_id ?? 0] ?? null) : null,
    ...quantityTerms(row),
    occurrenceRemarks: withFlags(
      joinRemarks(monarch ? null : milkweedRemarks(r), r.is_flash && !absent ? r.comment : null, gbifNote(r)),
      publicFlags(r.quality_flags, isGeneralised(r)),
    ),
    associatedTaxa: monarch && r.milkweed_latin_name ? `"on":"${r.milkweed_latin_name}"` : null,
    identificationVerificationStatus: r.status,
  };
}

/** Remarks followed by the record's quality flags, `quality flags: …`. */
function withFlags(remarks: string | null, flags: OccurrenceSourceRow['quality_flags']): string | null {
  const text = flagsText(flags);
  return [remarks, text ? `quality flags: ${text}` : null].filter(Boolean).join('; ') || null;
}

/** One photo as the multimedia query reads it. */
export interface MediaSourceRow {
  photo_uuid: string;
  checklist_id: number;
  checklist_uuid: string;
  observation_uuid: string;
  /** Storage key of the large variant, `{photo_path}/large/{photo_name}`. */
  key: string;
  created: string;
  lifestage_id: number | null;
  milkweed_latin_name: string | null;
  username: string | null;
  license: string;
}

/**
 * The Simple Multimedia row of a photo.
 * @param mediaBase prefix of photo URLs: `{origin}/attachments/`, absolute
 */
export function toMediaRow(r: MediaSourceRow, ctx: PublishingContext, mediaBase: string): ArchiveRow {
  const subject =
    r.lifestage_id !== null
      ? `Danaus plexippus, ${LIFE_STAGES[r.lifestage_id] ?? 'monarch'}`
      : (r.milkweed_latin_name ?? 'milkweed');
  return {
    eventID: urnUuid(r.checklist_uuid),
    identifier: `${mediaBase}${r.key}`,
    type: 'StillImage',
    // Every stored variant is re-encoded as JPEG (photos module).
    format: 'image/jpeg',
    references: recordPage(ctx, r.checklist_id),
    title: subject,
    description: `Photo of occurrence ${urnUuid(r.observation_uuid)} (photo ${urnUuid(r.photo_uuid)})`,
    created: r.created,
    creator: r.username,
    license: licenseUrl(r.license),
    rightsHolder: r.username,
    publisher: ctx.institutionCode,
  };
}
