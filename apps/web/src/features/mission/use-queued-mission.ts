import { useEffect, useState } from 'react';
import type { MissionFormValues } from './mission-values';

/** A Mission entry of the outbox reopened to fix it: its form values (same idempotency key) and the server's reason. */
export interface QueuedMission {
  values: MissionFormValues;
  refusal?: string;
}

/** The Mission entry `id` of the outbox; `null` when there is none to edit, undefined while reading. */
export function useQueuedMission(id: string | null): QueuedMission | null | undefined {
  const [queued, setQueued] = useState<QueuedMission | null>();
  useEffect(() => {
    if (!id) return;
    let live = true;
    // The outbox (IndexedDB) loads only for a queued entry reopened to fix it.
    void import('../../lib/outbox').then(async ({ getEntry }) => {
      const entry = await getEntry(id);
      if (!live) return;
      if (!entry || entry.kind !== 'mission' || entry.state === 'sent') return setQueued(null);
      const { error } = entry;
      setQueued({
        values: entry.form as MissionFormValues,
        refusal: error ? [error.message, ...Object.values(error.fields ?? {})].join(' ') : undefined,
      });
    });
    return () => {
      live = false;
    };
  }, [id]);
  return id ? queued : null;
}
