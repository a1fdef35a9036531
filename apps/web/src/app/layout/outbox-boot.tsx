import { OutboxAgent } from '../../entities/outbox/outbox-agent';

/**
 * Photo files the Mission draft still shows: the outbox's start-up clean-up keeps them. Reading the
 * draft needs the Mission form's schemas (zod), loaded here only when the clean-up has old files to
 * delete (a signed-in volunteer's pages do not run them otherwise).
 */
async function draftPhotoIds(): Promise<ReadonlySet<string>> {
  const { loadDraft } = await import('../../features/mission/draft-schema');
  return new Set((loadDraft()?.values.observation.photos ?? []).flatMap((p) => (p.local_id ? [p.local_id] : [])));
}

/** The outbox's background sender with the Mission draft's photos to keep. Loaded after the first render. */
export function OutboxBoot() {
  return <OutboxAgent keepPhotoIds={draftPhotoIds} />;
}
