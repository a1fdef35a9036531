import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkCalendarDate } from '../src/modules/imports/csv-values';
import { generateDemoSightings, type DemoSighting } from '../src/demo/demo-generator';
import { DEMO_MODEL } from '../src/demo/demo-model';
import { DEMO_AREA } from '../src/demo/demo-model-types';
import { htmlToPlainText } from '../src/modules/imports/html-text';
import { toProvinceCode } from '../src/modules/imports/province-codes';
import {
  detectFormat,
  parseSightingsCsv,
  scanCoordinatePrecision,
  type ParsedRow,
  type ParseOptions,
  type RowIssue,
  type SightingRecord,
} from '../src/modules/imports/sightings-csv';
import { openObservationsCsv } from './helpers';

interface Summary {
  records: SightingRecord[];
  rejected: { row: number; issues: RowIssue[] }[];
  rows: number[];
}

async function collect(rows: AsyncIterable<ParsedRow>): Promise<Summary> {
  const summary: Summary = { records: [], rejected: [], rows: [] };
  for await (const parsed of rows) {
    summary.rows.push(parsed.row);
    if ('record' in parsed) summary.records.push(parsed.record);
    else summary.rejected.push(parsed);
  }
  return summary;
}

/** A fixture file parsed as the importer reads it: its coordinate columns' precision first. */
const parseFile = async (file: string, options?: ParseOptions) =>
  collect(
    parseSightingsCsv(openObservationsCsv(file), {
      coordinatePrecision: await scanCoordinatePrecision(openObservationsCsv(file)),
      ...options,
    }),
  );
const parseText = (csv: string, options?: ParseOptions) => collect(parseSightingsCsv(csv, options));
const tally = <T>(values: readonly T[]) =>
  values.reduce((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map<T, number>());
const total = (values: readonly (number | null)[]) => values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
const TAG = /<\/?[a-zA-Z][^>]*>/;
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/i;

describe('sighting CSVs of fixtures/observations (real Journey North, iNaturalist and GBIF files)', () => {
  it('az_monarchs_inat_gbif: 1,985 adult records, 15 rows rejected for NA coordinates', async () => {
    const { records, rejected, rows } = await parseFile('az_monarchs_inat_gbif_2000-2022.csv');
    expect(records).toHaveLength(1985);
    expect(rejected.map((r) => r.row)).toEqual([
      861, 903, 908, 988, 997, 998, 1004, 1013, 1014, 1016, 1017, 1025, 1026, 1027, 1028,
    ]);
    for (const { issues } of rejected) {
      expect(issues.map((issue) => [issue.field, issue.message])).toEqual([
        ['latitude', 'latitude is missing.'],
        ['longitude', 'longitude is missing.'],
      ]);
    }
    expect(rows.at(-1)).toBe(2000);
    expect(records[0]).toEqual({
      eventDate: '2022-01-05',
      decimalLatitude: 34.058741,
      decimalLongitude: -112.15208,
      kind: 'monarch',
      lifestage_id: 1,
      individualCount: null,
      locality: null,
      provinceCode: null,
      remarks: null,
      sourceRecordId: null,
      scientificName: 'Danaus plexippus',
      datePrecision: 'day',
      // The file's coordinates mostly have 6 decimals: a cell of 0.000001° is well under 1 m across.
      coordinateUncertaintyInMeters: 1,
      coordinateDecimals: 6,
      source: {
        datasetName: 'GBIF occurrence download',
        institutionCode: null,
        viaGbif: true,
        references: null,
        license: null,
        basisOfRecord: 'HumanObservation',
        recordedBy: null,
      },
    });
    const years = records.map((r) => Number(r.eventDate.slice(0, 4)));
    expect([Math.min(...years), Math.max(...years)]).toEqual([2000, 2022]);
  });

  it('az_monarchs_inat_gbif: options.defaultLifestage overrides the assumed adult stage', async () => {
    const { records } = await parseFile('az_monarchs_inat_gbif_2000-2022.csv', { defaultLifestage: 3 });
    expect(tally(records.map((r) => r.lifestage_id))).toEqual(new Map([[3, 1985]]));
  });

  it('journeynorth adult first 2021: BOM handled, empty row 3457 skipped, 3,456 adult records', async () => {
    const { records, rejected, rows } = await parseFile('journeynorth_monarch_adult_first_spring2021.csv');
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(3456);
    expect(rows.at(-1)).toBe(3456);
    expect(records[0]).toEqual({
      eventDate: '2021-07-31',
      decimalLatitude: 40.7,
      decimalLongitude: -74.5,
      kind: 'monarch',
      lifestage_id: 1,
      individualCount: 1,
      locality: 'Basking Ridge',
      provinceCode: 'NJ',
      remarks: null,
      sourceRecordId: null,
      scientificName: 'Danaus plexippus',
      datePrecision: 'day',
      // One decimal (0.1°) at 40.7° N: the cell's diagonal, ≈ 14 km.
      coordinateUncertaintyInMeters: 13955,
      coordinateDecimals: 1,
      source: {
        datasetName: 'Journey North',
        institutionCode: 'Journey North',
        viaGbif: false,
        references: null,
        license: null,
        basisOfRecord: 'HumanObservation',
        recordedBy: null,
      },
    });
    // A first-sighting report is a presence: its 0 (100 rows) or empty Number (2) means "not counted".
    const counts = tally(records.map((r) => r.individualCount));
    expect([counts.get(0), counts.get(null), total(records.map((r) => r.individualCount))]).toEqual([
      undefined,
      102,
      4843,
    ]);
    // Whole degrees ("42", "-111") in a file of one-decimal coordinates are known to one decimal (≈ 14 km), not 0 (≈ 139 km).
    const whole = records.filter((r) => Number.isInteger(r.decimalLatitude) || Number.isInteger(r.decimalLongitude));
    expect(whole).toHaveLength(745);
    expect(whole.every((r) => r.coordinateDecimals === 1 && (r.coordinateUncertaintyInMeters ?? 0) < 16_000)).toBe(
      true,
    );
    const dates = records.map((r) => r.eventDate).sort();
    expect([dates[0], dates.at(-1)]).toEqual(['2021-01-06', '2021-07-31']);
    expect(records.filter((r) => r.locality === null)).toHaveLength(4);
  });

  it('journeynorth adult first 2021: state codes kept, Mexican names mapped, junk dropped', async () => {
    const { records } = await parseFile('journeynorth_monarch_adult_first_spring2021.csv');
    const provinces = tally(records.map((r) => r.provinceCode));
    const codes = ['TX', 'ON', 'GUA', 'COA', 'CMX'];
    expect(codes.map((code) => provinces.get(code))).toEqual([407, 238, 13, 4, 1]);
    // "97500" (a Saint-Pierre postcode), "Nueces County" and "Scotland".
    expect(provinces.get(null)).toBe(3);
    expect(records.find((r) => r.locality === 'Selkirk')).toMatchObject({
      decimalLongitude: -2.8,
      provinceCode: null,
      individualCount: null,
    });
  });

  it('journeynorth eggs: 8,736 egg records, sentinels gone, comments in plain text', async () => {
    const { records, rejected } = await parseFile('journeynorth_monarch_egg_2007-2020.csv');
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(8736);
    expect(tally(records.map((r) => r.lifestage_id))).toEqual(new Map([[2, 8736]]));
    expect(total(records.map((r) => r.individualCount))).toBe(103312);
    expect(records.filter((r) => r.remarks === null)).toHaveLength(5);
    const text = JSON.stringify(records);
    // The sentinel (a participant's real number may hold the digits: 9999993).
    expect(text).not.toContain('999999.999');
    expect(records.filter((r) => r.remarks !== null && (TAG.test(r.remarks) || ENTITY.test(r.remarks)))).toEqual([]);
    const remark = records.find((r) => r.sourceRecordId === '1344034477')?.remarks;
    expect(remark).toBe("Collected 2 eggs today, feel as if I'm off to a slow start.");
  });

  it('journeynorth first larvae: 4,898 caterpillar records; <P> and &#39; decoded', async () => {
    const { records, rejected } = await parseFile('journeynorth_monarch_larva_first_1999-2020.csv');
    expect([records.length, rejected.length]).toEqual([4898, 0]);
    expect(tally(records.map((r) => r.lifestage_id))).toEqual(new Map([[3, 4898]]));
    expect(total(records.map((r) => r.individualCount))).toBe(16155);
    expect(records.filter((r) => r.remarks === null)).toHaveLength(45);
    expect(records.some((r) => r.remarks?.includes('<P') || r.remarks?.includes('&#39;'))).toBe(false);
    expect(records.find((r) => r.sourceRecordId === '1306766226')?.remarks).toBe(
      'The milkweed is up and beautiful all around us and my friend Laura sent over pictures of caterpillars and eggs ' +
        "at her mother's farm. Feels like a good year for us here in northern Virginia with the mix of rain and sun " +
        "that we're getting Courtesy of Monarch Watch",
    );
    // &#146; is a Windows-1252 right quote, as browsers read it.
    expect(records.find((r) => r.sourceRecordId === '1307411460')?.remarks).toMatch(
      /^Just went for a walk .* Haven\u2019t seen/,
    );
  });

  it('journeynorth milkweed: 1,721 milkweed records without a life stage', async () => {
    const { records, rejected } = await parseFile('journeynorth_milkweed_2002-2020.csv');
    expect([records.length, rejected.length]).toEqual([1721, 0]);
    expect(records.every((r) => r.kind === 'milkweed' && r.lifestage_id === null && r.scientificName === null)).toBe(
      true,
    );
    expect(total(records.map((r) => r.individualCount))).toBe(1777);
  });

  it('gbif showy milkweed: 7,731 records, 55 of them dated to the month or year only, 79 rows without a date', async () => {
    const { records, rejected } = await parseFile('gbif_showy_milkweed_asclepias_speciosa.csv');
    expect([records.length, rejected.length]).toEqual([7731, 79]);
    const messages = tally(
      rejected.map((r) => r.issues.map((issue) => `${issue.field}: ${issue.message.split(' (')[0]}`).join('; ')),
    );
    expect(messages).toEqual(new Map([['eventDate: eventDate is missing.', 79]]));
    // R pads a month- or year-only eventDate to the 1st and leaves `day` (and `month`) NA: kept as partial dates.
    expect(tally(records.map((r) => r.datePrecision))).toEqual(
      new Map([
        ['day', 7676],
        ['month', 30],
        ['year', 25],
      ]),
    );
    expect(records.find((r) => r.datePrecision === 'month')).toMatchObject({
      eventDate: '1968-08-01',
      provinceCode: 'MB',
    });
    expect(records.filter((r) => r.datePrecision === 'year').every((r) => r.eventDate.endsWith('-01-01'))).toBe(true);
    const counts = tally(records.map((r) => r.individualCount));
    expect([counts.get(null), counts.get(1)]).toEqual([6928, 793]);
    const provinces = tally(records.map((r) => r.provinceCode));
    expect([provinces.get('CO'), provinces.get('BC'), provinces.get('MB'), provinces.get(null)]).toEqual([
      1822, 400, 129, 747,
    ]);
    const taxa = tally(records.map((r) => `${r.kind} ${r.scientificName} ${r.lifestage_id}`));
    expect(taxa).toEqual(new Map([['milkweed Asclepias speciosa null', 7731]]));
    const dates = records.map((r) => r.eventDate).sort();
    // The oldest record, July 1858, is known only to the month.
    expect([dates[0], dates.at(-1)]).toEqual(['1858-07-01', '2022-03-23']);
    expect(records.find((r) => r.eventDate === '1858-07-01')?.datePrecision).toBe('month');
    expect(records.every((r) => r.source?.viaGbif === true && r.source.license === null)).toBe(true);
  });

  it('gbif download of iNaturalist records: licence, observer, link, basis of record and uncertainty per record', async () => {
    const { records, rejected } = await parseFile('gbif_inat_asclepias_speciosa_2020.csv');
    expect([records.length, rejected.length]).toEqual([498, 2]);
    expect(records[0]).toMatchObject({
      sourceRecordId: '2563625405',
      eventDate: '2020-01-27',
      provinceCode: 'OR',
      kind: 'milkweed',
      scientificName: 'Asclepias speciosa',
      // The source's own coordinateUncertaintyInMeters ("      6.0").
      coordinateUncertaintyInMeters: 6,
      source: {
        datasetName: 'iNaturalist research-grade observations',
        institutionCode: 'iNaturalist',
        viaGbif: true,
        references: 'https://www.inaturalist.org/observations/38046457',
        license: 'CC-BY-NC-4.0',
        basisOfRecord: 'HumanObservation',
        recordedBy: 'Ken Chamberlain',
      },
    });
    const licenses = tally(records.map((r) => r.source?.license));
    expect(licenses).toEqual(
      new Map([
        ['CC-BY-NC-4.0', 456],
        ['CC-BY-4.0', 25],
        ['CC0-1.0', 17],
      ]),
    );
    expect(records.filter((r) => r.source?.recordedBy === null)).toHaveLength(9);
  });

  it('stops reading the file when the consumer stops early', async () => {
    const stream = openObservationsCsv('journeynorth_monarch_egg_2007-2020.csv');
    let seen = 0;
    for await (const parsed of parseSightingsCsv(stream)) {
      expect(parsed.row).toBe(++seen);
      if (seen === 3) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
  });
});

describe('detectFormat', () => {
  it('recognises the four layouts by column names, ignoring a BOM, case and order', () => {
    expect(detectFormat(['\ufeffDate', 'Town', 'State/Province', 'Latitude', 'Longitude', 'Number'])).toBe(
      'journeynorth-first',
    );
    expect(detectFormat(['', 'id', 'sighting_date', 'species', 'number', 'latitude', 'longitude', 'comments'])).toBe(
      'journeynorth-site',
    );
    expect(detectFormat(['', 'longitude', 'latitude', 'year', 'month', 'day', 'dataname'])).toBe(
      'inat-gbif-split-date',
    );
    expect(detectFormat(['name', 'LATITUDE', 'longitude', 'scientificName', 'year', 'month', 'day', 'eventDate'])).toBe(
      'gbif-occurrence',
    );
    expect(detectFormat(['lat', 'lon', 'when'])).toBeNull();
  });
});

const FIRST_HEADER = 'Date,Town,State/Province,Latitude,Longitude,Number\n';

describe('parseSightingsCsv on bad input', () => {
  it('throws on an unknown header, listing the supported formats', async () => {
    const error = await parseText('lat,lon,when\n1,2,3\n').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'Unrecognised sightings CSV header: "lat", "lon", "when". Supported formats: ' +
        'journeynorth-site (columns id, sighting_date, species, number, latitude, longitude); ' +
        'journeynorth-first (columns date, town, state/province, latitude, longitude, number); ' +
        'gbif-occurrence (columns scientificname, eventdate, latitude, longitude); ' +
        'inat-gbif-split-date (columns longitude, latitude, year, month, day).',
    );
  });

  it('throws on a file without a header', async () => {
    await expect(parseText('\n \n')).rejects.toThrow('The sightings CSV is empty: it has no header row.');
  });

  it('names the field and the reason for every bad row; blank rows are skipped but counted', async () => {
    const csv = [
      '2/30/2021,A,ON,45,-75,1',
      '1/1/2999,B,ON,45,-75,1',
      '5/1/2021,C,ON,45,-75,-2',
      '5/1/2021,D,ON,45,-75,2.5',
      ',,,,,',
      '',
      '5/1/2021,E,ON,95,-75,1',
      '5/1/2021,F,ON,NA,abc,1',
      '5/1/2021,G,ON,0,0,1',
      '31.12.2020,H,ON,45,-75,1',
      '5/1/2021,I,ON,45',
      '5/1/2021,J,QC,45.5,-73.6,0',
    ].join('\n');
    const { records, rejected, rows } = await parseText(FIRST_HEADER + csv);
    expect(rows).toEqual([1, 2, 3, 4, 7, 8, 9, 10, 11, 12]);
    expect(rejected.flatMap((r) => r.issues).map(({ row, field, message }) => `${row} ${field}: ${message}`)).toEqual([
      '1 Date: Date is not a real calendar date (2021-02-30).',
      '2 Date: Date is in the future (2999-01-01).',
      '3 Number: Number must not be negative (got -2).',
      '4 Number: Number must be a whole number (got 2.5).',
      '7 Latitude: Latitude must be between -90 and 90 (got 95).',
      '8 Latitude: Latitude is missing.',
      '8 Longitude: Longitude is not a number in decimal degrees ("abc").',
      '9 Latitude: Latitude and longitude are both 0, a placeholder rather than a place in the Americas.',
      '10 Date: Date is not a date in M/D/YYYY or YYYY-MM-DD form ("31.12.2020").',
      '11 Longitude: Longitude is missing.',
    ]);
    expect(records).toEqual([
      expect.objectContaining({ eventDate: '2021-05-01', locality: 'J', provinceCode: 'QC', individualCount: null }),
    ]);
  });

  it('reads split year/month/day columns and rejects impossible ones', async () => {
    const header = '"","longitude","latitude","year","month","day","dataname"\n';
    const body = '"1",-111,33,2020,7,4,"inat"\n"2",-111,33,2021,2,29,"inat"\n"3",-111,33,NA,2,1,"x"\n';
    const { records, rejected } = await parseText(header + body);
    expect(records.map((r) => r.eventDate)).toEqual(['2020-07-04']);
    expect(rejected.map((r) => r.issues[0]?.message)).toEqual([
      'year/month/day is not a real calendar date (2021-02-29).',
      'year/month/day is incomplete (year, month and day are all needed).',
    ]);
  });

  it('maps Journey North species onto stages and rejects unknown species', async () => {
    const header = ',id,sighting_date,species,number,latitude,longitude,comments\n';
    const body = [
      '1,a,2020-06-01,Monarch Egg Sighted,3,45,-75,x',
      '2,b,2020-06-01,Monarch Adult Sighted,1,45,-75,-999999.999',
      '3,c,2020-06-01,Queen Butterfly,1,45,-75,x',
    ];
    const { records, rejected } = await parseText(header + body.join('\n'));
    expect(records.map((r) => [r.sourceRecordId, r.lifestage_id, r.remarks])).toEqual([
      ['a', 2, 'x'],
      ['b', 1, null],
    ]);
    const message = 'species is not a monarch life stage or milkweed ("Queen Butterfly").';
    expect(rejected[0]?.issues).toEqual([{ row: 3, field: 'species', message }]);
  });

  it('streams: yields a row before the source has ended, whatever the chunk boundaries', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* source() {
      yield Buffer.from(`\ufeff${FIRST_HEADER}5/1/2021,Ott`);
      yield Buffer.from('awa,ON,45.4,-75.7,2\n5/2/2021,Hu');
      await gate;
      yield Buffer.from('ll,QC,45.4,-75.7,1\n');
    }
    const rows = parseSightingsCsv(Readable.from(source()));
    const first = await rows.next();
    expect(first.value).toMatchObject({ row: 1, record: { locality: 'Ottawa', individualCount: 2 } });
    release();
    expect((await collect(rows)).records.map((r) => r.locality)).toEqual(['Hull']);
  });
});

describe('cell helpers', () => {
  it('strips tags, decodes named, numeric and Windows-1252 entities, keeps "<3"', () => {
    expect(
      htmlToPlainText(
        '<P><font color="red">I&#39;m at the caf&eacute; &amp; saw 5&nbsp;eggs</font></P><br>It&#146;s <3',
      ),
    ).toBe("I'm at the café & saw 5 eggs It\u2019s <3");
    expect(htmlToPlainText('<iframe src="x"></iframe>')).toBe('');
    // As a browser reads them: an unknown name stays as written, the invalid &#0; becomes U+FFFD.
    expect(htmlToPlainText('&bogus; &#0; &eacute &euro;')).toBe('&bogus; \uFFFD é €');
  });

  it('recognises province codes and names across the three countries', () => {
    const inputs = [
      'on',
      'Québec',
      'Manitoba (Prov.)',
      'New mexico',
      'Nuevo León',
      'QUE',
      'Ciudad de Mexico',
      'Nueces County',
      '97500',
    ];
    expect([...inputs, null].map(toProvinceCode)).toEqual([
      'ON',
      'QC',
      'MB',
      'NM',
      'NLE',
      'QUE',
      'CMX',
      null,
      null,
      null,
    ]);
  });

  it('allows today in the easternmost time zone but not the day after', () => {
    const now = new Date('2024-06-01T12:00:00Z');
    expect(checkCalendarDate(2024, 6, 2, now)).toEqual({ ok: true, value: '2024-06-02' });
    expect(checkCalendarDate(2024, 6, 3, now)).toEqual({ ok: false, reason: 'is in the future (2024-06-03)' });
    expect(checkCalendarDate(21, 6, 3, now)).toEqual({ ok: false, reason: 'is before 1800 (0021-06-03)' });
  });
});

/** Share of each month (0-11) implied by a 52-week weight vector, each week spread evenly over its 365/52 days. */
function monthSharesOfWeeks(weeks: readonly number[]): number[] {
  const shares = new Array<number>(12).fill(0);
  const weekTotal = weeks.reduce((sum, weight) => sum + weight, 0);
  const weekDays = 365 / 52;
  weeks.forEach((weight, week) => {
    for (let day = Math.floor(week * weekDays); day < (week + 1) * weekDays; day += 1) {
      const overlap = Math.min(day + 1, (week + 1) * weekDays) - Math.max(day, week * weekDays);
      const month = new Date(Date.UTC(2023, 0, 1 + day)).getUTCMonth();
      shares[month] = (shares[month] ?? 0) + (weight / weekTotal) * (overlap / weekDays);
    }
  });
  return shares;
}

describe('generateDemoSightings', () => {
  const SAMPLE = 100_000;
  const sample: DemoSighting[] = [...generateDemoSightings(SAMPLE, 2024)];
  const byStage = (stage: number) => sample.filter((s) => s.lifestage_id === stage);

  it('is deterministic for a seed and differs between seeds', () => {
    const first = [...generateDemoSightings(1000, 7)];
    expect([...generateDemoSightings(1000, 7)]).toEqual(first);
    expect([...generateDemoSightings(1000, 8)]).not.toEqual(first);
    expect(sample.slice(0, 1000)).toEqual([...generateDemoSightings(1000, 2024)]);
  });

  it('yields exactly `count` rows and rejects bad arguments', () => {
    expect(sample).toHaveLength(SAMPLE);
    expect([...generateDemoSightings(0, 1)]).toEqual([]);
    expect(() => generateDemoSightings(-1, 1).next()).toThrow(RangeError);
    expect(() => generateDemoSightings(1.5, 1).next()).toThrow(RangeError);
    expect(() => generateDemoSightings(1, 1, { fromYear: 2022, toYear: 2020 }).next()).toThrow(RangeError);
  });

  it('keeps every point in the study area, off open sea, with valid dates in the year range', () => {
    type Box = { south: number; north: number; west: number; east: number };
    const inBox = ({ decimalLatitude: lat, decimalLongitude: lng }: DemoSighting, box: Box) =>
      lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;
    expect(sample.filter((s) => !inBox(s, DEMO_AREA))).toEqual([]);
    const seas: Box[] = [
      { south: 23.5, north: 27.5, west: -95, east: -85 }, // central Gulf of Mexico
      { south: 30, north: 40, west: -135, east: -126 }, // Pacific off California
      { south: 30, north: 38, west: -72, east: -60 }, // Atlantic off the Carolinas
    ];
    expect(sample.filter((s) => seas.some((box) => inBox(s, box)))).toEqual([]);
    expect(
      sample.every((s) => /^20(1[5-9]|2[0-4])-\d\d-\d\d$/.test(s.eventDate) && !Number.isNaN(Date.parse(s.eventDate))),
    ).toBe(true);
    const oneYear = [...generateDemoSightings(500, 3, { fromYear: 2020, toYear: 2020 })];
    expect(new Set(oneYear.map((s) => s.eventDate.slice(0, 4)))).toEqual(new Set(['2020']));
  });

  it('follows the model: stage mix, chrysalis rarer, small counts', () => {
    const share = (stage: number) => byStage(stage).length / SAMPLE;
    for (const stage of [1, 2, 3, 4] as const) expect(share(stage)).toBeCloseTo(DEMO_MODEL.stages[stage].share, 1);
    expect(share(4)).toBeLessThan(share(3) / 3);
    const maxCount = (stage: number) => Math.max(...byStage(stage).map((s) => s.individualCount));
    expect([maxCount(1), maxCount(2), maxCount(3), maxCount(4)]).toEqual([10, 30, 10, 5]);
    expect(sample.every((s) => s.individualCount >= 1)).toBe(true);
    expect(byStage(1).filter((s) => s.individualCount <= 5).length / byStage(1).length).toBeGreaterThan(0.95);
  });

  it('puts eggs mostly in May-September, month by month as the model says', () => {
    const eggs = byStage(2);
    const months = tally(eggs.map((s) => Number(s.eventDate.slice(5, 7)) - 1));
    const observed = Array.from({ length: 12 }, (_, m) => (months.get(m) ?? 0) / eggs.length);
    expect(observed.slice(4, 9).reduce((a, b) => a + b, 0)).toBeGreaterThan(0.85);
    const expected = monthSharesOfWeeks(DEMO_MODEL.stages[2].weeks);
    observed.forEach((value, month) => expect(Math.abs(value - (expected[month] ?? 0))).toBeLessThan(0.015));
  });

  it('shifts the chrysalis season two weeks after the caterpillar season', () => {
    const caterpillar = DEMO_MODEL.stages[3].weeks;
    expect(DEMO_MODEL.stages[4].weeks).toEqual(caterpillar.map((_, week) => caterpillar[(week + 50) % 52]));
  });
});

describe('DEMO_MODEL', () => {
  it('is compact: 60-150 hotspots whose weights sum to 10,000 and 52-week seasons', () => {
    expect(DEMO_MODEL.hotspots.length).toBeGreaterThanOrEqual(60);
    expect(DEMO_MODEL.hotspots.length).toBeLessThanOrEqual(150);
    expect(Math.abs(DEMO_MODEL.hotspots.reduce((sum, h) => sum + h[3], 0) - 10_000)).toBeLessThan(60);
    expect(
      DEMO_MODEL.hotspots.every(([, , spread, , months]) => spread >= 5 && spread <= 120 && /^\d{12}$/.test(months)),
    ).toBe(true);
    for (const season of [...Object.values(DEMO_MODEL.stages), DEMO_MODEL.milkweed])
      expect(season.weeks).toHaveLength(52);
  });
});
