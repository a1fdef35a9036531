import { z } from 'zod';
import { MONITORING_EVERY_DAYS_MAX, MONITORING_EVERY_DAYS_MIN } from '../monitoring';
import { V } from './validation';

/** The milkweed row of a site's last Mission that "Visit again" suggests: species and patch, never counts. */
export const lastMissionMilkweedSchema = z.object({
  milkweed_id: z.number().int().nullable(),
  abundance_id: z.number().int().nullable(),
  locationsize_id: z.number().int().nullable(),
});

/** What "Visit again" fills in from the site's last Mission (docs/monitoring.md). */
export const lastMissionSchema = z.object({
  checklist_id: z.number().int(),
  /** yyyy-MM-dd */
  checklist_date: z.string(),
  stems_inspected: z.number().int().nullable(),
  milkweeds: z.array(lastMissionMilkweedSchema),
});
export type LastMission = z.infer<typeof lastMissionSchema>;

/**
 * One of my monitored sites (`GET /api/sites/monitored`, "My sites"): the place, how often it is
 * visited, where it stands today by `monitoringStatus`, its Mission days of this year and last (so a
 * device without network works the rule out again with its own clock) and its last Mission.
 */
export const monitoredSiteSchema = z.object({
  site_id: z.number().int(),
  locality: z.string(),
  city: z.string().nullable(),
  province_id: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  is_private: z.boolean(),
  /** Days between two visits (7: weekly). */
  every_days: z.number().int(),
  season: z.object({ start: z.string(), end: z.string() }),
  in_season: z.boolean(),
  /** yyyy-MM-dd of the newest Mission there, or null. */
  last_visit: z.string().nullable(),
  visits_this_season: z.number().int(),
  due: z.boolean(),
  /** yyyy-MM-dd from which a visit is due this season, or null when none is left this season. */
  next_due: z.string().nullable(),
  /** yyyy-MM-dd of the Missions there since January 1st of last year. */
  visits: z.array(z.string()),
  last_mission: lastMissionSchema.nullable(),
});
export type MonitoredSite = z.infer<typeof monitoredSiteSchema>;

/** `PUT /api/sites/:id/monitoring` body: how often the site is visited (days; weekly when left out). */
export const setMonitoringInputSchema = z.object({
  every_days: z
    .number(V.number)
    .int(V.wholeNumber)
    .min(MONITORING_EVERY_DAYS_MIN, V.invalid)
    .max(MONITORING_EVERY_DAYS_MAX, V.invalid)
    .optional(),
});
export type SetMonitoringInput = z.infer<typeof setMonitoringInputSchema>;

/** `POST /api/users/visit-reminders/off` body: the signed token of the reminder email's link. */
export const visitRemindersOffInputSchema = z.object({
  token: z.string(V.required).min(1, V.required).max(200, V.invalid),
});
export const visitRemindersOffResponseSchema = z.object({ visit_reminders: z.literal(false) });
