import { describe, expect, it } from 'vitest';
import { taxonFacts } from '@mm/shared';
import { absenceUuid, durationMinutes, eventDate, licenseUrl } from '../src/modules/downloads/darwin-core';

describe('Darwin Core terms (issue 18)', () => {
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
      gbifKey: null,
    });
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

describe('milkweed reference list (issue 18)', () => {
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
