import type { SubmitFlashInput } from '@mm/shared';
import { api } from '../../../lib/api-client';

/**
 * Replaces a Flash submission (`PUT /api/checklists/:id/flash`), allowed to its owner while every
 * observation is Pending.
 * @throws ApiRequestError 403 not the owner, 409 no longer Pending, 400 per-field messages
 */
export const updateFlash = (checklistId: number, input: SubmitFlashInput) =>
  api.put<{ checklist_id: number }>(`/checklists/${checklistId}/flash`, input);
