import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { pruneOutbox } from '../../lib/outbox/prune';
import { useSession } from '../session/session-context';
import { onSyncReport, sendOutboxNow } from './outbox-runner';

/**
 * Sends the outbox whenever the network may be back: at start and sign-in, on the `online` event,
 * and when the service worker relays a Background Sync. Toasts each entry sent (or refused) by
 * these background sends and refreshes the lists that show it. Renders nothing.
 * @param keepPhotoIds photo files still used outside the outbox (the Mission draft's), kept by the start-up
 *   clean-up; asked only when it has old unused files to delete
 */
export function OutboxAgent({ keepPhotoIds }: { keepPhotoIds: () => Promise<ReadonlySet<string>> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.user_id;

  useEffect(
    () =>
      onSyncReport((report, quiet) => {
        for (const e of report.sent)
          if (!quiet.has(e.id)) toast.success(t('outbox.sent_toast', { place: e.summary.place }));
        for (const e of report.refused)
          if (!quiet.has(e.id)) toast.error(t('outbox.refused_toast', { place: e.summary.place }));
        if (report.sent.length > 0)
          for (const queryKey of [['checklists', 'mine'], ['sites', 'mine'], ['observations']])
            void queryClient.invalidateQueries({ queryKey });
      }),
    [t, queryClient],
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
