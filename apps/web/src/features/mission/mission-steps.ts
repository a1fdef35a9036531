/** The Mission form's steps in order, as they appear in `?step=` (spec §3 step identifiers 0–3). */
export const MISSION_STEPS = ['site', 'checklist', 'observation', 'confirmation'] as const;
export type MissionStepName = (typeof MISSION_STEPS)[number];

/** `?step=` value → step; anything unknown is the first step. */
export const parseStep = (value: string | null): MissionStepName => MISSION_STEPS.find((s) => s === value) ?? 'site';
