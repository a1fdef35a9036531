/**
 * The sighting CSV layouts the importer understands, each as the columns that identify it and a mapping
 * from one data row onto a SightingRecord. Columns are looked up by name, never by position.
 */
import { htmlToPlainText } from './html-text';
import {
  decimalsOf,
  isMissing,
  parseCoordinate,
  parseCount,
  parseDateParts,
  parseDateText,
  parsePartialDate,
  uncertaintyFromPrecision,
  type CellResult,
  type PartialDate,
} from './csv-values';
import { basisOfRecordFromSource, gbifOccurrenceUrl, licenseFromSource } from './source-terms';
import { toProvinceCode } from './province-codes';
import type {
  ColumnPrecision,
  CoordinatePrecision,
  CsvFormat,
  Lifestage,
  ParseOptions,
  RecordSource,
  RowIssue,
  SightingRecord,
} from './sighting-types';

/** Column positions keyed by lower-cased, trimmed, BOM-free header name, with the name as the file spells it. */
export type HeaderIndex = ReadonlyMap<string, { index: number; label: string }>;

/** Normalises a header cell for matching: strips a UTF-8 BOM and surrounding spaces, lower-cases. */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/** One data row being mapped: reads cells by column name and collects the row's issues. */
export class RowReader {
  readonly issues: RowIssue[] = [];

  constructor(
    private readonly header: HeaderIndex,
    private readonly cells: readonly string[],
    readonly row: number,
  ) {}

  /** Trimmed cell text; null when the column is absent or the cell is blank, `NA` or `-999999.999`. */
  text(column: string): string | null {
    const position = this.header.get(column);
    const cell = position === undefined ? undefined : this.cells[position.index];
    return cell === undefined || isMissing(cell) ? null : cell.trim();
  }

  /** Whether the file has the column at all (lower-case name), whatever this row holds in it. */
  has(column: string): boolean {
    return this.header.has(column);
  }

  /** Unwraps a parsed cell, or records an issue on the column and returns undefined. */
  take<T>(column: string, result: CellResult<T>): T | undefined {
    if (result.ok) return result.value;
    this.fail(column, result.reason);
    return undefined;
  }

  /** Records an issue; `reason` reads after the column's name, e.g. "is missing". */
  fail(column: string, reason: string): void {
    const field = this.header.get(column)?.label || column;
    this.issues.push({ row: this.row, field, message: `${field} ${reason}.` });
  }
}

type Taxon = Pick<SightingRecord, 'kind' | 'lifestage_id' | 'scientificName'>;
type Point = Pick<
  SightingRecord,
  'decimalLatitude' | 'decimalLongitude' | 'coordinateUncertaintyInMeters' | 'coordinateDecimals'
>;

const monarch = (lifestage: Lifestage): Taxon => ({
  kind: 'monarch',
  lifestage_id: lifestage,
  scientificName: 'Danaus plexippus',
});
const milkweed = (scientificName: string | null): Taxon => ({ kind: 'milkweed', lifestage_id: null, scientificName });

// Journey North's `species` names the life stage: "Monarch Egg Sighted", "Monarch Larva (FIRST sighted)".
const STAGE_KEYWORDS: readonly (readonly [string, Lifestage])[] = [
  ['egg', 2],
  ['larva', 3],
  ['caterpillar', 3],
  ['chrysalis', 4],
  ['pupa', 4],
  ['adult', 1],
];

function journeyNorthTaxon(species: string | null): CellResult<Taxon> {
  const text = species?.toLowerCase() ?? '';
  // Journey North records milkweed without saying which species.
  if (text.includes('milkweed')) return { ok: true, value: milkweed(null) };
  const stage = text.includes('monarch') ? STAGE_KEYWORDS.find(([keyword]) => text.includes(keyword)) : undefined;
  if (stage) return { ok: true, value: monarch(stage[1]) };
  return {
    ok: false,
    reason: species === null ? 'is missing' : `is not a monarch life stage or milkweed ("${species}")`,
  };
}

function gbifTaxon(name: string | null, lifestage: Lifestage): CellResult<Taxon> {
  if (name === null) return { ok: false, reason: 'is missing' };
  // GBIF appends the naming authority ("Asclepias speciosa Torr."); the record keeps genus + epithet.
  const canonical = /^[A-Z][a-z]+(?: [a-z][a-z-]+)?/.exec(name.replace(/\s+/g, ' '))?.[0] ?? '';
  if (canonical === 'Danaus plexippus') return { ok: true, value: monarch(lifestage) };
  if (canonical.split(' ')[0] === 'Asclepias') return { ok: true, value: milkweed(canonical) };
  return { ok: false, reason: `is neither the monarch (Danaus plexippus) nor a milkweed (Asclepias) ("${name}")` };
}

/** The decimals a value written with `written` places is known to, in a column of precision `column`. */
function knownDecimals(written: number, column: ColumnPrecision | undefined): number {
  if (!column || written >= column.decimals) return written;
  return column.widened.includes(written) ? column.decimals : written;
}

/**
 * The point of a row, with the precision of the file's coordinate columns: a value written with fewer
 * decimals than its column ("42" among one-decimal values) is known to the column's precision, not to
 * its own digits, unless the column holds far more such values than rounding makes (then
 * they were typed coarse, `scanCoordinatePrecision`); one written with more keeps its own.
 */
function readPoint(
  reader: RowReader,
  latColumn: string,
  lngColumn: string,
  precision: CoordinatePrecision | undefined,
): Point | undefined {
  const latText = reader.text(latColumn);
  const lngText = reader.text(lngColumn);
  const decimalLatitude = reader.take(latColumn, parseCoordinate(latText, 90));
  const decimalLongitude = reader.take(lngColumn, parseCoordinate(lngText, 180));
  if (decimalLatitude === undefined || decimalLongitude === undefined) return undefined;
  if (decimalLatitude === 0 && decimalLongitude === 0) {
    reader.fail(latColumn, 'and longitude are both 0, a placeholder rather than a place in the Americas');
    return undefined;
  }
  const written = { latitude: decimalsOf(latText ?? ''), longitude: decimalsOf(lngText ?? '') };
  // A point short of three or more decimals over its two coordinates ("33, -118" among three-decimal
  // values) was typed coarse: rounding does that to a few points in a thousand at most.
  const missing =
    Math.max(0, (precision?.latitude.decimals ?? 0) - written.latitude) +
    Math.max(0, (precision?.longitude.decimals ?? 0) - written.longitude);
  const coordinateDecimals =
    missing >= 3
      ? Math.min(written.latitude, written.longitude)
      : Math.min(
          knownDecimals(written.latitude, precision?.latitude),
          knownDecimals(written.longitude, precision?.longitude),
        );
  // The source's own uncertainty wins; else the precision the file wrote the point with.
  const stated = reader.text('coordinateuncertaintyinmeters');
  const statedMetres = stated !== null && /^\d+(\.\d+)?$/.test(stated) ? Math.round(Number(stated)) : null;
  const coordinateUncertaintyInMeters =
    statedMetres !== null && statedMetres > 0
      ? statedMetres
      : uncertaintyFromPrecision(decimalLatitude, coordinateDecimals);
  return { decimalLatitude, decimalLongitude, coordinateUncertaintyInMeters, coordinateDecimals };
}

/**
 * The count of a presence-only report: Journey North's sighting forms ask for the number
 * seen, and their exports write 0 (or nothing) when it was not given. A report is a sighting, so 0 is
 * "not counted" (null), never "none seen": absences come only from Missions.
 */
function presenceCount(
  reader: RowReader,
  column: string,
): Pick<SightingRecord, 'individualCount' | 'countAsWritten'> | undefined {
  const count = reader.take(column, parseCount(reader.text(column)));
  if (count === undefined) return undefined;
  return count === 0 ? { individualCount: null, countAsWritten: 0 } : { individualCount: count };
}

function readGbifDate(reader: RowReader): PartialDate | undefined {
  const parts = reader.has('day') ? { month: reader.text('month'), day: reader.text('day') } : undefined;
  return reader.take('eventdate', parsePartialDate(reader.text('eventdate'), parts));
}

/** Provenance of a Journey North record: no licence or page per record, observers known by number. */
const JOURNEY_NORTH: RecordSource = {
  datasetName: 'Journey North',
  institutionCode: 'Journey North',
  viaGbif: false,
  references: null,
  license: null,
  basisOfRecord: 'HumanObservation',
  recordedBy: null,
};

const NO_PLACE_OR_ID = {
  locality: null,
  provinceCode: null,
  remarks: null,
  sourceRecordId: null,
  datePrecision: 'day',
} as const;

/** A supported layout: the lower-case columns that must all be present, and its row mapping. */
export interface FormatSpec {
  format: CsvFormat;
  columns: readonly string[];
  /** The record, or undefined when the row has issues (they are in `reader.issues`). */
  toRecord(reader: RowReader, options: ParseOptions): SightingRecord | undefined;
}

const journeyNorthSite: FormatSpec = {
  format: 'journeynorth-site',
  columns: ['id', 'sighting_date', 'species', 'number', 'latitude', 'longitude'],
  toRecord(reader, options) {
    const eventDate = reader.take('sighting_date', parseDateText(reader.text('sighting_date')));
    const taxon = reader.take('species', journeyNorthTaxon(reader.text('species')));
    const count = presenceCount(reader, 'number');
    const point = readPoint(reader, 'latitude', 'longitude', options.coordinatePrecision);
    if (eventDate === undefined || taxon === undefined || count === undefined || !point) return undefined;
    const comments = reader.text('comments');
    const remarks = comments === null ? null : htmlToPlainText(comments) || null;
    const observer = reader.text('customerid');
    return {
      ...NO_PLACE_OR_ID,
      eventDate,
      ...point,
      ...taxon,
      ...count,
      remarks,
      otherContent: JSON.stringify(['image_url', 'school', 'grade'].map((column) => reader.text(column))),
      sourceRecordId: reader.text('id'),
      // Journey North exports its observers by number only.
      source: { ...JOURNEY_NORTH, recordedBy: observer === null ? null : `Journey North participant ${observer}` },
    };
  },
};

const journeyNorthFirst: FormatSpec = {
  format: 'journeynorth-first',
  columns: ['date', 'town', 'state/province', 'latitude', 'longitude', 'number'],
  toRecord(reader, options) {
    const eventDate = reader.take('date', parseDateText(reader.text('date')));
    const count = presenceCount(reader, 'number');
    const point = readPoint(reader, 'latitude', 'longitude', options.coordinatePrecision);
    if (eventDate === undefined || count === undefined || !point) return undefined;
    const place = { locality: reader.text('town'), provinceCode: toProvinceCode(reader.text('state/province')) };
    // The "Adult First" export holds first sightings of adults only; the file has no stage column.
    return {
      ...NO_PLACE_OR_ID,
      eventDate,
      ...point,
      ...monarch(1),
      ...count,
      ...place,
      source: JOURNEY_NORTH,
    };
  },
};

/** The extract's `dataname`: `inat` rows are iNaturalist's, `gbif_*` rows GBIF's (iNaturalist publishes to GBIF). */
function splitDateSource(dataname: string | null): RecordSource {
  const inat = dataname?.toLowerCase().startsWith('inat') ?? false;
  return {
    datasetName: inat ? 'iNaturalist research-grade observations' : 'GBIF occurrence download',
    institutionCode: inat ? 'iNaturalist' : null,
    viaGbif: true,
    references: null,
    license: null,
    basisOfRecord: 'HumanObservation',
    recordedBy: null,
  };
}

const inatGbifSplitDate: FormatSpec = {
  format: 'inat-gbif-split-date',
  columns: ['longitude', 'latitude', 'year', 'month', 'day'],
  toRecord(reader, options) {
    const parts = { year: reader.text('year'), month: reader.text('month'), day: reader.text('day') };
    const eventDate = reader.take('year/month/day', parseDateParts(parts));
    const point = readPoint(reader, 'latitude', 'longitude', options.coordinatePrecision);
    if (eventDate === undefined || !point) return undefined;
    // A monarch-only extract with no stage column: research-grade photos are overwhelmingly of adults.
    return {
      ...NO_PLACE_OR_ID,
      source: splitDateSource(reader.text('dataname')),
      eventDate,
      ...point,
      ...monarch(options.defaultLifestage ?? 1),
      individualCount: null,
    };
  },
};

/** Provenance of a GBIF occurrence row: its dataset, id, page, licence, basis of record and observer. */
function gbifSource(reader: RowReader): RecordSource {
  const gbifId = reader.text('gbifid');
  return {
    datasetName: reader.text('datasetname') ?? 'GBIF occurrence download',
    institutionCode: reader.text('institutioncode'),
    viaGbif: true,
    references: reader.text('references') ?? (gbifId === null ? null : gbifOccurrenceUrl(gbifId)),
    license: licenseFromSource(reader.text('license')),
    basisOfRecord: basisOfRecordFromSource(reader.text('basisofrecord')),
    recordedBy: reader.text('recordedby'),
  };
}

const gbifOccurrence: FormatSpec = {
  format: 'gbif-occurrence',
  columns: ['scientificname', 'eventdate', 'latitude', 'longitude'],
  toRecord(reader, options) {
    const date = readGbifDate(reader);
    const taxon = reader.take(
      'scientificname',
      gbifTaxon(reader.text('scientificname'), options.defaultLifestage ?? 1),
    );
    // An occurrence is imported as a presence: absences come only from Missions.
    const status = reader.text('occurrencestatus');
    if (status !== null && status.toLowerCase() === 'absent')
      reader.fail('occurrencestatus', 'is "absent": only presences are imported (absences come from Missions)');
    const count = presenceCount(reader, 'individualcount');
    const point = readPoint(reader, 'latitude', 'longitude', options.coordinatePrecision);
    if (reader.issues.length > 0) return undefined;
    if (date === undefined || taxon === undefined || count === undefined || !point) return undefined;
    const place = { locality: reader.text('locality'), provinceCode: toProvinceCode(reader.text('stateprovince')) };
    const comments = reader.text('occurrenceremarks');
    return {
      ...NO_PLACE_OR_ID,
      eventDate: date.value,
      datePrecision: date.precision,
      ...point,
      ...taxon,
      ...count,
      ...place,
      remarks: comments === null ? null : htmlToPlainText(comments) || null,
      sourceRecordId: reader.text('gbifid') ?? reader.text('occurrenceid'),
      source: gbifSource(reader),
    };
  },
};

/** Supported layouts, most specific first: a GBIF occurrence file also has year, month and day columns. */
export const FORMATS: readonly FormatSpec[] = [journeyNorthSite, journeyNorthFirst, gbifOccurrence, inatGbifSplitDate];
