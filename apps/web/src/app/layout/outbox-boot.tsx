import { OutboxAgent } from '../../entities/outbox/outbox-agent';
import { loadDraft } from '../../features/mission/draft-schema';

/** Photo files the Mission draft still shows: the outbox's start-up clean-up keeps them. */
const draftPhotoIds = () =>
  new Set((loadDraft()?.values.observation.photos ?? []).flatMap((p) => (p.local_id ? [p.local_id] : [])));

/**
 * The outbox's background sender with the Mission draft's photos to keep. Loaded after the first render
 * (issue 13): reading the draft needs the Mission form's schemas (zod, react-hook-form), which the
 * first screen does not.
 */
export function OutboxBoot() {
  return <OutboxAgent keepPhotoIds={draftPhotoIds} />;
}
