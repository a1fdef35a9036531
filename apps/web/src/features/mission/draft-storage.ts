import { z } from 'zod';
import { MISSION_STEPS, type MissionFormValues, type MissionStepName } from './mission-values';

/** localStorage key of the one Mission draft kept on this device. */
export const MISSION_DRAFT_KEY = 'mm_mission_draft';

/** A Mission draft: the form's values, the step reached, and which saved mission it edits (null: a new one). */
export interface MissionDraft {
  edit_id: number | null;
  step: MissionStepName;
  saved_at: string;
  values: MissionFormValues;
}

// Loose on purpose: a draft written by an older build still resumes; the form validates each step anyway.
const draftSchema = z.object({
  edit_id: z.number().int().positive().nullable(),
  step: z.enum(MISSION_STEPS),
  saved_at: z.string(),
  values: z.looseObject({
    idempotency_key: z.uuid(),
    site: z.looseObject({}),
    checklist: z.looseObject({}),
    observation: z.looseObject({ milkweeds: z.array(z.looseObject({})), photos: z.array(z.looseObject({})) }),
  }),
});

/** The stored draft, or undefined when there is none or it cannot be read. */
export function loadDraft(): MissionDraft | undefined {
  const raw = localStorage.getItem(MISSION_DRAFT_KEY);
  if (!raw) return undefined;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as unknown as MissionDraft) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the draft (NaN from emptied number fields is kept as null). Storage full or blocked: the form still works. */
export function saveDraft(draft: Omit<MissionDraft, 'saved_at'>): void {
  try {
    localStorage.setItem(MISSION_DRAFT_KEY, JSON.stringify({ ...draft, saved_at: new Date().toISOString() }));
  } catch {
    // Private mode or quota: nothing to do but keep the form in memory.
  }
}

/** Forgets the draft (after a successful submit, or when the user discards it). */
export const clearDraft = () => localStorage.removeItem(MISSION_DRAFT_KEY);
