import type { MonitoredSite } from '@mm/shared';
import { blankMilkweed, emptyMission, type MissionFormValues } from './mission-values';

/**
 * A new Mission at a monitored site ("Visit again", docs/monitoring.md): the site chosen and kept
 * monitored, and the last visit's milkweed species, patch (abundance, location size) and stems
 * inspected as suggestions the volunteer may change. Monarch counts (eggs, larvae, pupae, adults)
 * always start empty: they are what this visit is for. Today's date, new times, one participant.
 */
export function missionFromMonitoredSite(site: MonitoredSite): MissionFormValues {
  const start = emptyMission();
  const last = site.last_mission;
  return {
    ...start,
    site: {
      site_id: site.site_id,
      locality: site.locality,
      city: site.city ?? '',
      province_id: site.province_id,
      latitude: site.latitude,
      longitude: site.longitude,
      is_private: site.is_private,
      monitored: true,
    },
    observation: {
      ...start.observation,
      stems_inspected: last?.stems_inspected ?? null,
      milkweeds: (last?.milkweeds ?? []).map((m) => ({
        ...blankMilkweed(),
        milkweed_id: m.milkweed_id,
        abundance_id: m.abundance_id,
        locationsize_id: m.locationsize_id,
      })),
    },
  };
}
