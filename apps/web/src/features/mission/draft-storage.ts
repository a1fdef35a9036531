import { MISSION_DRAFT_KEY } from './draft-key';
import type { MissionFormValues, MissionStepName } from './mission-values';

/** A Mission draft: the form's values, the step reached, and which saved mission it edits (null: a new one). */
export interface MissionDraft {
  edit_id: number | null;
  step: MissionStepName;
  saved_at: string;
  values: MissionFormValues;
}

/** Whether a draft is stored (read or not); false when storage is blocked. */
export function hasDraft(): boolean {
  try {
    return localStorage.getItem(MISSION_DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The stored draft, checked with its schema (draft-schema.ts, loaded with zod only when a draft is
 * there: a first Mission does not need it), or undefined when there is none or it cannot be read.
 */
export async function readDraft(): Promise<MissionDraft | undefined> {
  if (!hasDraft()) return undefined;
  return (await import('./draft-schema')).loadDraft();
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
