import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { LoadParams } from '@mm/shared';
import enCommon from '@mm/shared/locales/en/common.json';
import enDownloads from '@mm/shared/locales/en/downloads.json';
import frCommon from '@mm/shared/locales/fr/common.json';
import frDownloads from '@mm/shared/locales/fr/downloads.json';
import { describeFilters } from './describe-filters';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { common: enCommon, downloads: enDownloads }, fr: { common: frCommon, downloads: frDownloads } },
  lng: 'en',
  defaultNS: 'common',
});
const params = {
  milkweeds: [
    {
      milkweed_id: 7,
      english_name: 'Common milkweed',
      french_name: 'Asclépiade commune',
      spanish_name: 'Algodoncillo común',
      latin_name: 'Asclepias syriaca',
    },
  ],
  countries: [{ id: 1, country: 'Canada', administrative: 'CA' }],
  provinces: [{ province_id: 11, province: 'Québec', country_id: 1, administrative: 'QC' }],
} as unknown as LoadParams;

describe('describeFilters', () => {
  it('names every filter of a logged download in words, ids resolved from the reference data', () => {
    const filters = {
      date_from: '2026-06-01',
      date_to: '2026-08-31',
      lifestage_id: 2,
      milkweed_id: 7,
      country_id: 1,
      province_id: 11,
      username: 'léa',
      kind: 'mission',
      with_photos: true,
      exclude_flagged: true,
      statuses: [1, 4],
    };
    expect(describeFilters(filters, params, i18n.getFixedT('en'), 'en')).toEqual([
      'Observed from Jun 1, 2026 to Aug 31, 2026',
      'Life stage: Eggs',
      'Milkweed: Common milkweed (Asclepias syriaca)',
      'Country: Canada',
      'Province or state: Québec',
      'Observer: léa',
      'Missions only',
      'With photos only',
      'Flagged records left out',
      'Statuses: Pending, Valid',
    ]);
    expect(
      describeFilters({ milkweed_id: 7, exclude_flagged: true, status: 2 }, params, i18n.getFixedT('fr'), 'fr'),
    ).toEqual([
      'Asclépiade : Asclépiade commune (Asclepias syriaca)',
      'Données signalées exclues',
      'Statuts : Vérifiée',
    ]);
  });

  it('answers no line without filters, and numbers for ids it cannot name', () => {
    expect(describeFilters({}, params, i18n.getFixedT('en'), 'en')).toEqual([]);
    expect(describeFilters({ province_id: 99 }, undefined, i18n.getFixedT('en'), 'en')).toEqual([
      'Province or state: 99',
    ]);
  });
});
