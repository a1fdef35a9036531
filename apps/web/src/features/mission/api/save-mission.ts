import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubmitMissionInput } from '@mm/shared';
import { ApiRequestError, api } from '../../../lib/api-client';
import type { NewOutboxEntry } from '../../../lib/outbox';
import { useInvalidateChecklist } from '../../../entities/checklist/api/invalidate-checklist';
import { useSession } from '../../../entities/session/session-context';
import type { MissionFormValues } from '../mission-values';

/**
 * `PUT /api/checklists/:id/mission`: replaces a Mission while all of it is Pending.
 * @throws ApiRequestError 403 (not mine), 409 (already reviewed), 400 (invalid)
 */
const updateMission = (id: number, input: SubmitMissionInput) =>
  api.put<{ checklist_id: number }>(`/checklists/${id}/mission`, input);

/**
 * The outbox entry of a new Mission (`POST /api/observations/submit_mission` when sent), keyed by its
 * idempotency key; each picture refers to its file kept on this device.
 */
async function toMissionEntry(values: MissionFormValues, userId: number): Promise<NewOutboxEntry> {
  const { toSubmitInput } = await import('../mission-schemas');
  const input = toSubmitInput(values);
  const byName = new Map(values.observation.photos.map((p) => [p.photo_name, p]));
  return {
    id: input.idempotency_key,
    kind: 'mission',
    user_id: userId,
    payload: input,
    photos: input.observation.photos.map((p) => {
      const full = byName.get(p.photo_name);
      return {
        local_id: full?.local_id ?? crypto.randomUUID(),
        photo_name: p.photo_name,
        // A picture without a kept file (a draft from an older build) was uploaded and is sent as it is.
        uploaded_at: full?.local_id ? (full.uploaded_at ?? null) : Date.now(),
        file_name: full?.file_name ?? p.photo_name,
        lifestage_id: p.lifestage_id,
        milkweed_index: p.milkweed_index,
      };
    }),
    form: values,
    summary: { place: input.site.locality, date: input.checklist.checklist_date },
  };
}

/** How saving ended: accepted by the server, or kept in the outbox until the network returns. */
export type MissionSaveResult = { state: 'sent'; checklist_id: number } | { state: 'waiting' };

/**
 * Saves a Mission: a new one (`editId` null) through the outbox, sent at once when there is network;
 * a replacement with PUT. Refreshes my lists, my sites, Explore and that checklist once saved.
 * A refusal by the server throws its ApiRequestError, for the form to show on its fields (a new
 * submission refused online leaves the outbox; one reopened from the outbox stays there, refused).
 */
export function useSaveMission(editId: number | null) {
  const { t } = useTranslation();
  const invalidate = useInvalidateChecklist();
  const { user } = useSession();
  return useMutation({
    // The outbox decides between sending and keeping on this device: never paused while offline
    // (TanStack's default would leave the form "Submitting…" until the network returns).
    networkMode: 'always',
    mutationFn: async (values: MissionFormValues): Promise<MissionSaveResult> => {
      if (editId !== null) {
        const { toSubmitInput } = await import('../mission-schemas');
        return { state: 'sent', ...(await updateMission(editId, toSubmitInput(values))) };
      }
      if (!user) throw new ApiRequestError(401, { statusCode: 401, error: '', message: t('errors.unauthorized') });
      const { submitThroughOutbox } = await import('../../../entities/outbox/outbox-runner');
      const outcome = await submitThroughOutbox(await toMissionEntry(values, user.user_id));
      if (outcome.state === 'refused') throw outcome.error;
      return outcome;
    },
    onSuccess: (res) => (res.state === 'sent' ? invalidate(res.checklist_id) : undefined),
  });
}
