import { describe, expect, it } from 'vitest';
import type { MonitoredSite } from '@mm/shared';
import { restated } from '../../entities/site/restate-sites';
import { missionFromMonitoredSite } from './visit-again';

const site: MonitoredSite = {
  site_id: 12,
  locality: 'Friche Saint-Michel',
  city: 'Montréal',
  province_id: 11,
  latitude: 45.56,
  longitude: -73.6,
  is_private: false,
  every_days: 7,
  season: { start: '2026-05-01', end: '2026-10-31' },
  in_season: true,
  last_visit: '2026-07-01',
  visits_this_season: 1,
  due: false,
  next_due: '2026-07-08',
  visits: ['2026-07-01'],
  last_mission: {
    checklist_id: 80,
    checklist_date: '2026-07-01',
    stems_inspected: 40,
    milkweeds: [
      { milkweed_id: 3, abundance_id: 2, locationsize_id: 3 },
      { milkweed_id: 5, abundance_id: 1, locationsize_id: 1 },
    ],
  },
};

describe('Visit again', () => {
  it('fills in the site, its species, patch and stems, keeps it monitored, and leaves every count empty', () => {
    const values = missionFromMonitoredSite(site);
    expect(values.site).toMatchObject({ site_id: 12, locality: 'Friche Saint-Michel', monitored: true });
    expect(values.observation.stems_inspected).toBe(40);
    expect(values.observation.milkweeds).toEqual([
      { milkweed_id: 3, abundance_id: 2, locationsize_id: 3, adults: 0, eggs: 0, caterpillars: 0, chrysalises: 0 },
      { milkweed_id: 5, abundance_id: 1, locationsize_id: 1, adults: 0, eggs: 0, caterpillars: 0, chrysalises: 0 },
    ]);
    expect(values.observation.photos).toEqual([]);
    expect(values.idempotency_key).not.toBe(missionFromMonitoredSite(site).idempotency_key);
  });

  it('starts blank but at the site when it has no Mission yet', () => {
    const values = missionFromMonitoredSite({ ...site, last_mission: null });
    expect(values.site.site_id).toBe(12);
    expect(values.observation.milkweeds).toEqual([]);
    expect(values.observation.stems_inspected).toBeNull();
  });

  it('judges the copy kept on the device again with the device’s clock', () => {
    const [later] = restated([site], new Date('2026-07-09T08:00:00Z'));
    expect(later).toMatchObject({ due: true, next_due: '2026-07-08', last_visit: '2026-07-01' });
  });

  it('judges on the device’s local day, not the UTC one: an evening in Mexico City is the next UTC day', () => {
    // 02:30 UTC on July 8th is 20:30 on July 7th in Mexico City (UTC−6) and 22:30 in Montréal (UTC−4).
    const evening = new Date('2026-07-08T02:30:00Z');
    const [mexico] = restated([site], evening, 'America/Mexico_City');
    expect(mexico).toMatchObject({ due: false, next_due: '2026-07-08' });
    const [montreal] = restated([site], evening, 'America/Toronto');
    expect(montreal).toMatchObject({ due: false, next_due: '2026-07-08' });
    // The same instant in Paris is already July 8th: due there, as the server (UTC) says.
    const [paris] = restated([site], evening, 'Europe/Paris');
    expect(paris).toMatchObject({ due: true, next_due: '2026-07-08' });
  });
});
