import { z } from 'zod';
import {
  LIFESTAGE_KEYS,
  V,
  missionChecklistSchema,
  missionObservationSchema,
  missionSiteSchema,
  submitMissionInputSchema,
  type LifestageKey,
  type SubmitMissionInput,
} from '@mm/shared';
import { MISSION_STEPS, type MissionStepName } from './mission-steps';
import type { MissionFormValues } from './mission-values';

// The Mission form's zod checks, apart from its values so that zod and the shared schemas (≈ 27 KB gzip)
// load after the page's first render: `missionStepResolver` and the form import this lazily.

/**
 * Step 3 as the shared schema has it, plus the server's rule (photo placement) that a picture of a
 * life stage needs a count > 0 for that stage on its milkweed; reported on that count field.
 */
const observationStepSchema = missionObservationSchema.superRefine((v, ctx) => {
  if (!v.monarchs_seen) return;
  for (const photo of v.photos) {
    const key = LIFESTAGE_KEYS[photo.lifestage_id - 1];
    const row = v.milkweeds[photo.milkweed_index];
    if (key && row && row[key] <= 0)
      ctx.addIssue({ code: 'custom', message: V.photoWithoutCount, path: ['milkweeds', photo.milkweed_index, key] });
  }
});

/** Each step's schema; the confirmation step validates the whole `SubmitMissionInput`. */
export const stepSchemas = {
  site: z.object({ site: missionSiteSchema }),
  checklist: z.object({ checklist: missionChecklistSchema }),
  observation: z.object({ observation: observationStepSchema }),
  confirmation: submitMissionInputSchema.extend({ observation: observationStepSchema }),
} satisfies Record<MissionStepName, z.ZodType>;

/** The steps before `step` whose values do not pass their schema yet (to keep `?step=` honest). */
export function invalidStepsBefore(step: MissionStepName, values: MissionFormValues): MissionStepName[] {
  const before = MISSION_STEPS.slice(0, MISSION_STEPS.indexOf(step)).filter((s) => s !== 'confirmation');
  return before.filter((s) => !stepSchemas[s].safeParse(values).success);
}

/**
 * The API payload for the form's values: parsed by `submitMissionInputSchema` (extra photo fields
 * dropped). A mission where no monarch was seen sends zero counts and no pictures, whatever the
 * hidden count fields still hold.
 * @throws ZodError when the values are not a valid mission (the form validates first)
 */
export function toSubmitInput(values: MissionFormValues): SubmitMissionInput {
  const input = submitMissionInputSchema.parse(values);
  if (input.observation.monarchs_seen) return input;
  const zero = Object.fromEntries(LIFESTAGE_KEYS.map((k) => [k, 0])) as Record<LifestageKey, number>;
  return {
    ...input,
    observation: {
      ...input.observation,
      milkweeds: input.observation.milkweeds.map((m) => ({ ...m, ...zero })),
      photos: [],
    },
  };
}
