import { describe, expect, it } from 'vitest';
import { qualityPreviewInputSchema } from '@mm/shared';
import { missionQualityDraft } from './mission-quality';
import { emptyMission, type MissionFormValues } from './mission-values';

const photoName = 'c6a8c2a4-5d3e-4f55-9a43-1f0b9b6c9e10.jpg';

function mission(): MissionFormValues {
  const v = emptyMission();
  v.site = { ...v.site, locality: 'Champ', city: 'Montréal', province_id: 11, latitude: 45.5292, longitude: -73.5981 };
  v.checklist = { checklist_date: '2025-07-20', start_time: '09:30', end_time: '10:45', participants: 3 };
  v.observation = {
    stems_inspected: 120,
    monarchs_seen: true,
    comment: '',
    milkweeds: [
      { milkweed_id: 1, abundance_id: 3, locationsize_id: 2, adults: 0, eggs: 14, caterpillars: 0, chrysalises: 0 },
      {
        milkweed_id: 2,
        abundance_id: 1,
        locationsize_id: 1,
        adults: 1,
        eggs: 0,
        caterpillars: Number.NaN,
        chrysalises: 0,
      },
    ],
    photos: [
      { photo_name: photoName, lifestage_id: 2, milkweed_index: 0, photo_path: '', file_name: 'egg.jpg' },
      { photo_name: 'other.jpg', lifestage_id: 1, milkweed_index: 1, photo_path: '', file_name: 'adult.jpg' },
    ],
  };
  return v;
}

describe('missionQualityDraft', () => {
  it('is nothing until the site has a point', () => {
    expect(missionQualityDraft(emptyMission(), null)).toBeUndefined();
  });

  it('holds, per milkweed, its row and one row per life stage counted with that stage’s photos, as the server stores it', () => {
    const draft = missionQualityDraft(mission(), 42);
    expect(draft).toEqual({
      checklist_date: '2025-07-20',
      latitude: 45.5292,
      longitude: -73.5981,
      province_id: 11,
      stems_inspected: 120,
      checklist_id: 42,
      observations: [
        { lifestage_id: null, numbers: 0, photo_names: [] },
        { lifestage_id: 2, numbers: 14, photo_names: [photoName] },
        { lifestage_id: null, numbers: 0, photo_names: [] },
        { lifestage_id: 1, numbers: 1, photo_names: ['other.jpg'] },
      ],
    });
    // What the preview endpoint takes: a half-typed count (NaN) is left out rather than refused.
    expect(qualityPreviewInputSchema.safeParse(draft).success).toBe(true);
  });

  it('leaves the monarch rows out when no monarchs were seen, and a half-typed stem count empty', () => {
    const v = mission();
    v.observation.monarchs_seen = false;
    v.observation.stems_inspected = Number.NaN;
    const draft = missionQualityDraft(v, null);
    expect(draft?.observations.map((o) => o.lifestage_id)).toEqual([null, null]);
    expect(draft?.stems_inspected).toBeNull();
  });
});
