import type { SubmitFlashInput } from '@mm/shared';
import { api } from '../../../lib/api-client';

/**
 * Saves a new Flash submission (`POST /api/observations/submit_flash` → 201); idempotent on `idempotency_key`.
 * @throws ApiRequestError 400 with per-field messages
 */
export const submitFlash = (input: SubmitFlashInput) =>
  api.post<{ checklist_id: number }>('/observations/submit_flash', input);
