import { useEffect, useState } from 'react';
import { listEntries, subscribeOutbox, type OutboxEntry, type OutboxKind } from '../../lib/outbox';
import { useSession } from '../session/session-context';

/** Every outbox entry on this device, oldest first, kept current across tabs; undefined while loading. */
function useOutboxEntries(): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[]>();
  useEffect(() => {
    let live = true;
    const load = () =>
      void listEntries().then(
        (all) => live && setEntries(all),
        () => live && setEntries([]),
      );
    load();
    const off = subscribeOutbox(load);
    return () => {
      live = false;
      off();
    };
  }, []);
  return entries;
}

/**
 * The entries the volunteer sees: the signed-in user's (all of them when signed out, so that a
 * volunteer whose session expired still sees what waits for them), optionally of one kind.
 */
export function useMyOutbox(kind?: OutboxKind): OutboxEntry[] {
  const entries = useOutboxEntries() ?? [];
  const { user } = useSession();
  return entries.filter((e) => (!user || e.user_id === user.user_id) && (!kind || e.kind === kind));
}
