import { describe, expect, it } from 'vitest';
import { taxonFacts, type LicenseCode } from '@mm/shared';
import {
  absenceUuid,
  datedTerms,
  durationMinutes,
  eventDate,
  gbifNote,
  licenseUrl,
  provenanceTerms,
  type PublishingContext,
} from '../src/modules/downloads/darwin-core';
import {
  citationText,
  countOf,
  emlXml,
  emptySummary,
  rightsText,
  statusesText,
} from '../src/modules/downloads/dwca-metadata';
import { parsePartialDate, uncertaintyFromPrecision } from '../src/modules/imports/csv-values';
import { basisOfRecordFromSource, licenseFromSource } from '../src/modules/imports/source-terms';

describe('Darwin Core terms', () => {
  it('writes eventDate as an ISO 8601 interval when the times are known', () => {
    expect(eventDate('2026-07-20', null, null)).toBe('2026-07-20');
    expect(eventDate('2026-07-20', '09:00', null)).toBe('2026-07-20T09:00');
    expect(eventDate('2026-07-20', '09:00', '10:15')).toBe('2026-07-20T09:00/2026-07-20T10:15');
    // A visit over midnight ends the next day.
    expect(eventDate('2026-12-31', '23:30', '00:20')).toBe('2026-12-31T23:30/2027-01-01T00:20');
    expect(durationMinutes('23:30', '00:20')).toBe(50);
    expect(durationMinutes('09:00', null)).toBeNull();
  });

  it('exports "Asclepias sp." as the genus and states authorship and backbone ids only where known', () => {
    expect(taxonFacts('Asclepias sp.')).toEqual({
      scientificName: 'Asclepias',
      rank: 'genus',
      authorship: 'L.',
      // genusKey of the GBIF download in fixtures/ (taxa.ts names the source).
      gbifKey: 3170229,
    });
    expect(taxonFacts('Asclepias speciosa')).toMatchObject({ rank: 'species', authorship: 'Torr.', gbifKey: 3170260 });
    expect(taxonFacts('Asclepias linaria').gbifKey).toBe(3170270);
    expect(taxonFacts('Asclepias subverticillata').gbifKey).toBe(3170284);
    expect(taxonFacts('Danaus plexippus')).toEqual({
      scientificName: 'Danaus plexippus',
      rank: 'species',
      authorship: '(Linnaeus, 1758)',
      gbifKey: 5133088,
    });
    expect(taxonFacts('Asclepias syriaca')).toMatchObject({ rank: 'species', authorship: 'L.', gbifKey: null });
    expect(taxonFacts('Asclepias emoryi').authorship).toBeNull();
  });

  it('derives one stable, distinct id per absent life stage of a milkweed row', () => {
    const row = '0b7a2a6e-3f8c-4f55-9d6e-5c1f6a1b2c3d';
    expect(absenceUuid(row, 1)).toBe(absenceUuid(row, 1));
    expect(new Set([1, 2, 3, 4].map((s) => absenceUuid(row, s))).size).toBe(4);
    expect(absenceUuid(row, 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('writes each licence as its legal-code URL, CC BY 4.0 for an unknown code', () => {
    expect(licenseUrl('CC0-1.0')).toBe('http://creativecommons.org/publicdomain/zero/1.0/legalcode');
    expect(licenseUrl('CC-BY-NC-4.0')).toBe('http://creativecommons.org/licenses/by-nc/4.0/legalcode');
    expect(licenseUrl('?')).toBe('http://creativecommons.org/licenses/by/4.0/legalcode');
  });
});

describe('milkweed reference list', () => {
  it('has Asclepias pumila and names A. mexicana unambiguously in every language', async () => {
    const { milkweedSpecies } = await import('@mm/shared/reference-data');
    expect(milkweedSpecies.find((m) => m.latin_name === 'Asclepias pumila')).toMatchObject({
      english_name: 'Plains milkweed',
    });
    const mexicana = milkweedSpecies.find((m) => m.latin_name === 'Asclepias mexicana');
    for (const name of [mexicana?.english_name, mexicana?.french_name, mexicana?.spanish_name]) {
      expect(name).toContain('A. mexicana');
      expect(
        milkweedSpecies.filter((m) => [m.english_name, m.french_name, m.spanish_name].includes(name ?? '')),
      ).toHaveLength(1);
    }
    expect(new Set(milkweedSpecies.map((m) => m.milkweed_id)).size).toBe(milkweedSpecies.length);
  });
});

describe('provenance of imported records', () => {
  const ctx: PublishingContext = {
    publicUrl: 'https://monarch.example',
    institutionCode: 'Espace pour la vie',
    datasetName: 'Mission Monarch',
    datasetId: null,
    locale: 'en',
  };
  const own = {
    checklist_id: 7,
    date_precision: 'day',
    source_dataset: null,
    source_institution: null,
    source_record_id: null,
    source_url: null,
    from_gbif: false,
  };

  it('names our own records as ours and imported ones by their source, id and link', () => {
    expect(provenanceTerms(own, ctx)).toEqual({
      institutionCode: 'Espace pour la vie',
      datasetName: 'Mission Monarch',
      datasetID: null,
      references: 'https://monarch.example/mmapp/en/checklists/view?id=7',
      otherCatalogNumbers: null,
    });
    const inat = {
      ...own,
      source_dataset: 'iNaturalist research-grade observations',
      source_institution: 'iNaturalist',
      source_record_id: '2563625405',
      source_url: 'https://www.inaturalist.org/observations/38046457',
      from_gbif: true,
    };
    expect(provenanceTerms(inat, ctx)).toEqual({
      institutionCode: 'iNaturalist',
      datasetName: 'iNaturalist research-grade observations',
      datasetID: null,
      references: 'https://www.inaturalist.org/observations/38046457',
      otherCatalogNumbers: 'GBIF:2563625405',
    });
    expect(gbifNote(inat)).toMatch(/^Imported from iNaturalist research-grade observations as published through GBIF/);
    const jn = {
      ...own,
      source_dataset: 'Journey North',
      source_institution: 'Journey North',
      source_record_id: '1343918156',
    };
    expect(provenanceTerms(jn, ctx).otherCatalogNumbers).toBe('Journey North:1343918156');
    // A source without a page per record links to the record's page here.
    expect(provenanceTerms(jn, ctx).references).toBe('https://monarch.example/mmapp/en/checklists/view?id=7');
    expect(gbifNote(jn)).toBeNull();
  });

  it('maps source licences and basis of record, never inventing one', () => {
    expect(licenseFromSource('http://creativecommons.org/licenses/by-nc/4.0/legalcode')).toBe('CC-BY-NC-4.0');
    expect(licenseFromSource('http://creativecommons.org/licenses/by/4.0/legalcode')).toBe('CC-BY-4.0');
    expect(licenseFromSource('http://creativecommons.org/publicdomain/zero/1.0/legalcode')).toBe('CC0-1.0');
    expect(licenseFromSource('CC_BY_NC_4_0')).toBe('CC-BY-NC-4.0');
    expect(licenseFromSource('CC_BY_4_0')).toBe('CC-BY-4.0');
    expect(licenseFromSource('All rights reserved')).toBeNull();
    expect(licenseFromSource(null)).toBeNull();
    expect(basisOfRecordFromSource('PRESERVED_SPECIMEN')).toBe('PreservedSpecimen');
    expect(basisOfRecordFromSource('HumanObservation')).toBe('HumanObservation');
    expect(basisOfRecordFromSource('sight')).toBeNull();
  });

  it('keeps dates known to the month or year as partial ISO 8601 dates', () => {
    expect(parsePartialDate('1968-08')).toEqual({ ok: true, value: { value: '1968-08-01', precision: 'month' } });
    expect(parsePartialDate('1968')).toEqual({ ok: true, value: { value: '1968-01-01', precision: 'year' } });
    // R's GBIF export pads the period to its first day and leaves the day (and month) empty.
    expect(parsePartialDate('1968-08-01', { month: '8', day: null })).toEqual({
      ok: true,
      value: { value: '1968-08-01', precision: 'month' },
    });
    expect(parsePartialDate('1963-01-01', { month: null, day: null })).toMatchObject({
      value: { precision: 'year' },
    });
    expect(parsePartialDate('2020-06-27', { month: '6', day: '27' })).toMatchObject({ value: { precision: 'day' } });
    expect(parsePartialDate('1968-13').ok).toBe(false);
    expect(datedTerms('1968-08-01', 'month', null, null)).toEqual({
      eventDate: '1968-08',
      year: 1968,
      month: 8,
      day: null,
    });
    expect(datedTerms('1963-01-01', 'year', null, null)).toEqual({
      eventDate: '1963',
      year: 1963,
      month: null,
      day: null,
    });
    expect(datedTerms('2020-06-27', 'day', '09:00', '10:00').eventDate).toBe('2020-06-27T09:00/2020-06-27T10:00');
  });

  it('derives the coordinate uncertainty from the decimals given (Georeferencing Quick Reference Guide)', () => {
    // 0.1° at the equator: the diagonal of an 11.06 × 11.13 km cell.
    expect(uncertaintyFromPrecision(0, 1)).toBe(15690);
    expect(uncertaintyFromPrecision(60, 1)).toBe(12460);
    expect(uncertaintyFromPrecision(45, 3)).toBe(136);
    expect(uncertaintyFromPrecision(45, 0)).toBeGreaterThan(130_000);
    expect(uncertaintyFromPrecision(45, 7)).toBe(1);
  });
});

describe('EML licence of a download', () => {
  const eml = (licenses: [LicenseCode, number][]) =>
    emlXml({
      packageId: 'urn:uuid:00000000-0000-4000-8000-000000000000',
      pubDate: '2026-11-23',
      filters: {},
      summary: {
        ...emptySummary(),
        licenses: new Map(licenses),
        licensesByKind: new Map(licenses.map(([code, n]) => [code, { events: 1, occurrences: n - 1, media: 0 }])),
      },
      party: {
        publisher: 'Espace pour la vie',
        datasetName: 'Mission Monarch',
        contactName: null,
        contactEmail: null,
        publicUrl: 'https://monarch.example.org',
      },
      citation: 'Espace pour la vie (2026). Mission Monarch.',
      statuses: ['Pending'],
    });

  it('states one dataset licence, the most restrictive of its records, with each licence counted in words', () => {
    const xml = eml([
      ['CC0-1.0', 4],
      ['CC-BY-NC-4.0', 2],
      ['CC-BY-4.0', 9],
    ]);
    expect(xml.match(/<licensed>/g)).toHaveLength(1);
    expect(xml).toContain('<identifier>CC-BY-NC-4.0</identifier>');
    const rights = /<intellectualRights>([\s\S]*)<\/intellectualRights>/.exec(xml)?.[1] ?? '';
    expect(rights.match(/<ulink /g)).toHaveLength(1);
    expect(rights).toContain('<ulink url="http://creativecommons.org/licenses/by-nc/4.0/legalcode">');
    expect(rights).toContain('CC BY 4.0): 1 event, 8 occurrences, 0 photos');
    expect(rights).toContain('CC0 1.0): 1 event, 3 occurrences, 0 photos');
  });

  it('says how far the records were reviewed from their statuses, never "vetted" for Pending ones', () => {
    const summary = { ...emptySummary(), occurrences: 12, statuses: new Map([['Pending', 12]]) };
    expect(statusesText(summary)).toBe('Occurrences per status: Pending 12 (Pending: not yet reviewed by the team).');
    const xml = emlXml({
      packageId: 'urn:uuid:00000000-0000-4000-8000-000000000000',
      pubDate: '2026-07-21',
      filters: {},
      summary,
      party: {
        publisher: 'Espace pour la vie',
        datasetName: 'Mission Monarch',
        contactName: null,
        contactEmail: null,
        publicUrl: 'https://monarch.example.org',
      },
      citation: 'Espace pour la vie (2026). Mission Monarch.',
      statuses: ['Pending'],
    });
    expect(xml).not.toContain('vetted');
    expect(xml).toContain('Occurrences per status: Pending 12');
  });

  it('says in rights.txt who set the licences: the volunteer, or the import for imported records', () => {
    const byKind = new Map<LicenseCode, { events: number; occurrences: number; media: number }>([
      ['CC-BY-4.0', { events: 2, occurrences: 5, media: 1 }],
    ]);
    const own = rightsText({ ...emptySummary(), occurrences: 5, licensesByKind: byKind }, 'cite');
    expect(own).toContain('chosen by the volunteer who recorded it.');
    expect(own).toContain(
      '- Creative Commons Attribution 4.0 International (CC BY 4.0): 2 events, 5 occurrences, 1 photo,',
    );
    const mixed = rightsText(
      { ...emptySummary(), occurrences: 5, importedLicensed: 3, licensesByKind: byKind },
      'cite',
    );
    expect(mixed).toContain('for the 3 imported occurrences, set when it was imported');
    const imported = rightsText(
      { ...emptySummary(), occurrences: 3, importedLicensed: 3, licensesByKind: byKind },
      'cite',
    );
    expect(imported).not.toContain('chosen by the volunteer');
    expect(imported).toContain("the importer's default");
  });

  it('counts in English: one photo, 1,234 records, no photos', () => {
    expect(countOf(1, 'photo', 'photos')).toBe('1 photo');
    expect(countOf(0, 'photo', 'photos')).toBe('0 photos');
    expect(countOf(1234, 'record', 'records')).toBe('1,234 records');
    expect(eml([['CC-BY-4.0', 1]])).toContain('0 events, 0 occurrences, 0 photos.');
  });

  it('writes a citation in each language, with the occurrence count grouped as that language groups numbers', () => {
    const c = {
      id: '6f0c',
      accessed: '2026-07-21',
      records: 2033,
      url: 'https://monarch.example.org/mmapp/es/downloads/6f0c',
      datasetName: 'Mission Monarch',
      publisher: 'Espace pour la vie',
    };
    expect(citationText(c)).toBe(
      'Espace pour la vie (2026). Mission Monarch: monarch butterfly and milkweed observations. Download 6f0c, 2,033 occurrences, accessed 2026-07-21. https://monarch.example.org/mmapp/es/downloads/6f0c',
    );
    expect(citationText(c, 'fr')).toContain('Téléchargement 6f0c, 2\u202f033 occurrences, consulté le 2026-07-21.');
    expect(citationText(c, 'es')).toContain('Descarga 6f0c, 2033 registros de presencia, consultada el 2026-07-21.');
    expect(citationText({ ...c, records: 12345 }, 'es')).toContain('12.345 registros de presencia');
    expect(citationText({ ...c, records: 1 }, 'es')).toContain('1 registro de presencia,');
  });

  it('names the single licence of a download whose records share one', () => {
    const xml = eml([['CC-BY-4.0', 12]]);
    expect(xml.match(/<licensed>/g)).toHaveLength(1);
    expect(xml).toContain('<identifier>CC-BY-4.0</identifier>');
    expect(xml).not.toContain('most restrictive');
  });
});
