import { describe, expect, it } from 'vitest';
import type { ChecklistObservation, Photo } from '@mm/shared';
import { summarizeChecklist } from './checklist-summary';

const photo = (id: number): Photo => ({
  id,
  observation_id: 1,
  observation_lifestage_id: 1,
  photo_path: 'observations',
  photo_name: `${id}.jpg`,
  user_id: 1,
  isdeleted: false,
  created: '',
  updated: '',
});
const obs = (o: Partial<ChecklistObservation>): ChecklistObservation => ({
  observation_id: 1,
  lifestage_id: null,
  numbers: 0,
  number_of_plants: null,
  abundance_id: null,
  locationsize_id: null,
  observationstatus_id: 1,
  dateidentified: null,
  milkweed_id: null,
  english_name: null,
  french_name: null,
  spanish_name: null,
  latin_name: null,
  photo: [],
  ...o,
});

describe('summarizeChecklist', () => {
  it('sums each life stage over the milkweed rows, lists species once and picks the first photo', () => {
    const common = {
      milkweed_id: 5,
      english_name: 'Common milkweed',
      french_name: 'Asclépiade commune',
      spanish_name: 'Algodoncillo común',
      latin_name: 'Asclepias syriaca',
    };
    const summary = summarizeChecklist({
      observations: [
        obs({ ...common }),
        obs({ ...common, lifestage_id: 3, numbers: 4 }),
        obs({ ...common, lifestage_id: 1, numbers: 1, photo: [photo(7)] }),
        obs({ milkweed_id: 9, latin_name: 'Asclepias incarnata' }),
        obs({ milkweed_id: 9, lifestage_id: 3, numbers: 2, photo: [photo(8)] }),
        obs({ milkweed_id: 9, lifestage_id: 2, numbers: 0 }),
      ],
    });
    expect(summary.stages).toEqual([
      { lifestage_id: 1, numbers: 1 },
      { lifestage_id: 3, numbers: 6 },
    ]);
    expect(summary.milkweeds.map((m) => m.milkweed_id)).toEqual([5, 9]);
    expect(summary.photo?.id).toBe(7);
  });
  it('keeps a stage reported without a count (an imported presence) with no number', () => {
    const summary = summarizeChecklist({ observations: [obs({ lifestage_id: 1, numbers: null })] });
    expect(summary.stages).toEqual([{ lifestage_id: 1, numbers: null }]);
  });
  it('gives empty lists for a checklist without counts', () => {
    expect(summarizeChecklist({ observations: [] })).toEqual({ stages: [], milkweeds: [], photo: undefined });
  });
});
