import { z } from 'zod';
import { MISSION_DRAFT_KEY } from './draft-key';
import type { MissionDraft } from './draft-storage';
import { MISSION_STEPS } from './mission-steps';

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

/**
 * The stored draft, or undefined when there is none or it cannot be read. Synchronous, with zod: the
 * Mission page reads it through `readDraft` (draft-storage.ts), which loads this module only when a draft is stored.
 */
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
