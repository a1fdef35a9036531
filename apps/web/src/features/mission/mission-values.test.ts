import { describe, expect, it } from 'vitest';
import type { ChecklistDetail, ChecklistObservation } from '@mm/shared';
import { groupMilkweeds, missionFromChecklist } from './group-observations';
import { invalidStepsBefore, toSubmitInput } from './mission-schemas';
import { emptyMission, missionStepResolver, type MissionFormValues } from './mission-values';

const photoName = 'c6a8c2a4-5d3e-4f55-9a43-1f0b9b6c9e10.jpg';

function filled(): MissionFormValues {
  const v = emptyMission();
  v.site = {
    site_id: null,
    locality: 'Champ des Possibles',
    city: 'Montréal',
    province_id: 11,
    latitude: 45.5292,
    longitude: -73.5981,
  };
  v.checklist = { checklist_date: '2025-07-20', start_time: '09:30', end_time: '10:45', participants: 3 };
  v.observation = {
    stems_inspected: 120,
    monarchs_seen: true,
    comment: '',
    milkweeds: [
      { milkweed_id: 1, abundance_id: 3, locationsize_id: 2, adults: 0, eggs: 14, caterpillars: 0, chrysalises: 0 },
    ],
    photos: [
      {
        photo_name: photoName,
        photo_path: 'observations_temp',
        file_name: 'eggs.jpg',
        lifestage_id: 2,
        milkweed_index: 0,
      },
    ],
  };
  return v;
}

const resolve = (step: Parameters<typeof missionStepResolver>[0], values: MissionFormValues) =>
  missionStepResolver(step)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('Mission form values', () => {
  it('sends only what the API takes, and no counts or pictures when no monarch was seen', () => {
    const input = toSubmitInput(filled());
    expect(input.observation.photos).toEqual([{ photo_name: photoName, lifestage_id: 2, milkweed_index: 0 }]);
    const none = filled();
    none.observation.monarchs_seen = false;
    const quiet = toSubmitInput(none);
    expect(quiet.observation.milkweeds[0]?.eggs).toBe(0);
    expect(quiet.observation.photos).toEqual([]);
  });

  it('names the earlier steps that are not valid yet', () => {
    const v = filled();
    expect(invalidStepsBefore('confirmation', v)).toEqual([]);
    v.site.city = '';
    v.checklist.end_time = '08:00';
    expect(invalidStepsBefore('confirmation', v)).toEqual(['site', 'checklist']);
    expect(invalidStepsBefore('site', v)).toEqual([]);
  });

  it('validates one step at a time, including a picture without a count for its stage', async () => {
    const v = filled();
    v.site.city = '';
    expect((await resolve('checklist', v)).errors).toEqual({});
    expect((await resolve('site', v)).errors).toMatchObject({ site: { city: { message: 'validation.required' } } });
    v.observation.milkweeds[0]!.eggs = 0;
    v.observation.milkweeds[0]!.adults = 1;
    expect((await resolve('observation', v)).errors).toMatchObject({
      observation: { milkweeds: [{ eggs: { message: 'validation.photo_without_count' } }] },
    });
  });
});

const obs = (o: Partial<ChecklistObservation>): ChecklistObservation => ({
  observation_id: 0,
  lifestage_id: null,
  numbers: 0,
  number_of_plants: null,
  abundance_id: null,
  locationsize_id: null,
  observationstatus_id: 1,
  dateidentified: null,
  milkweed_id: 1,
  english_name: null,
  french_name: null,
  spanish_name: null,
  latin_name: null,
  photo: [],
  ...o,
});

describe('checklist observations as milkweed rows', () => {
  const observations = [
    obs({ observation_id: 1, milkweed_id: 7, abundance_id: 3, locationsize_id: 2 }),
    obs({
      observation_id: 2,
      milkweed_id: 7,
      lifestage_id: 2,
      numbers: 14,
      photo: [
        {
          id: 1,
          observation_id: 2,
          observation_lifestage_id: 2,
          photo_path: 'observations',
          photo_name: photoName,
          user_id: 1,
          isdeleted: false,
          created: '',
          updated: '',
        },
      ],
    }),
    obs({ observation_id: 3, milkweed_id: 7, abundance_id: 1, locationsize_id: 5 }),
    obs({ observation_id: 4, milkweed_id: 7, lifestage_id: 3, numbers: 3 }),
  ];

  it('attaches each monarch count to the milkweed row before it, even for the same species twice', () => {
    const groups = groupMilkweeds(observations);
    expect(groups.map((g) => [g.milkweed?.observation_id, g.stages.map((s) => s.observation_id)])).toEqual([
      [1, [2]],
      [3, [4]],
    ]);
    expect(groupMilkweeds([obs({ observation_id: 9, lifestage_id: 1, numbers: 2 })])).toEqual([
      { milkweed: null, stages: [expect.objectContaining({ observation_id: 9 })] },
    ]);
  });

  it('turns a saved mission into form values to edit', () => {
    const detail = {
      checklist_id: 5,
      is_flash: 0,
      checklist_date: '2025-07-20',
      start_time: '09:30',
      end_time: '10:45',
      participants: 3,
      checklisttype_id: 2,
      submittype_id: 1,
      stems_inspected: 120,
      comment: null,
      license: 'CC-BY-4.0',
      created: '',
      username: 'lea',
      can_edit: true,
      observations,
      site: {
        site_id: 4,
        locality: 'Champ',
        city: null,
        is_private: false,
        province_id: 11,
        province: 'Québec',
        country_id: 1,
        latitude: 45.5,
        longitude: -73.6,
      },
    } satisfies ChecklistDetail;
    const v = missionFromChecklist(detail);
    expect(v.site).toMatchObject({ site_id: 4, city: '' });
    expect(v.observation.milkweeds).toEqual([
      { milkweed_id: 7, abundance_id: 3, locationsize_id: 2, adults: 0, eggs: 14, caterpillars: 0, chrysalises: 0 },
      { milkweed_id: 7, abundance_id: 1, locationsize_id: 5, adults: 0, eggs: 0, caterpillars: 3, chrysalises: 0 },
    ]);
    expect(v.observation.photos).toEqual([
      { photo_name: photoName, photo_path: 'observations', file_name: photoName, lifestage_id: 2, milkweed_index: 0 },
    ]);
    expect(v.observation.monarchs_seen).toBe(true);
  });
});
