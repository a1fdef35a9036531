import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { pruneOutbox } from '../../lib/outbox/prune';
import type { OutboxEntry } from '../../lib/outbox';
import { useSession } from '../session/session-context';
import { onSyncReport, sendOutboxNow } from './outbox-runner';

/**
 * Sends the outbox whenever the network may be back: at start and sign-in, on the `online` event,
 * and when the service worker relays a Background Sync. Tells what each of these background sends
 * did in at most two toasts, one for the entries sent and one for those refused, however many there
 * were (several toasts stacked on a phone would cover the header and the page's title for their 5 s),
 * and refreshes the lists that show them. Renders nothing.
 * @param keepPhotoIds photo files still used outside the outbox (the Mission draft's), kept by the start-up
 *   clean-up; asked only when it has old unused files to delete
 */
export function OutboxAgent({ keepPhotoIds }: { keepPhotoIds: () => Promise<ReadonlySet<string>> }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.user_id;

  useEffect(
    () =>
      onSyncReport((report, quiet) => {
        const places = (entries: OutboxEntry[]) => entries.filter((e) => !quiet.has(e.id)).map((e) => e.summary.place);
        const sent = places(report.sent);
        const refused = places(report.refused);
        const list = (names: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
        if (sent.length > 0) toast.success(t('outbox.sent_toast', { count: sent.length, place: list(sent) }));
        if (refused.length > 0) toast.error(t('outbox.refused_toast', { count: refused.length, place: list(refused) }));
        if (report.sent.length > 0)
          for (const queryKey of [['checklists', 'mine'], ['sites', 'mine'], ['sites', 'monitored'], ['observations']])
            void queryClient.invalidateQueries({ queryKey });
      }),
    [t, i18n, queryClient],
  );

  useEffect(() => {
    void pruneOutbox(keepPhotoIds).catch(() => undefined);
  }, [keepPhotoIds]);

  useEffect(() => {
    if (userId === undefined) return;
    const send = () => void sendOutboxNow();
    const onMessage = (e: MessageEvent<unknown>) => {
      if ((e.data as { type?: string } | null)?.type === 'mm-outbox-sync') send();
    };
    send();
    window.addEventListener('online', send);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('online', send);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [userId]);

  return null;
}
