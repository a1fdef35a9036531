import { Backdrop, CircularProgress } from '@mui/material';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Mutations with this key show their own progress (photo uploads) instead of the full-screen spinner. */
export const SILENT_MUTATION = 'silent';
/**
 * `meta` of queries that show their own progress where they draw (map clusters while panning,
 * chart figures, "Load more"), so that the full-screen spinner does not block the page for them.
 */
export const SILENT_QUERY = { silent: true } as const;

/**
 * Full-screen spinner while any request is in flight (spec §4): the count of pending requests is
 * TanStack Query's fetching + mutating count. Shown after 250 ms so fast calls do not flicker.
 */
export function BusyOverlay() {
  const { t } = useTranslation();
  const pending =
    useIsFetching({ predicate: (q) => q.meta?.silent !== true }) +
    useIsMutating({ predicate: (m) => m.options.mutationKey?.[0] !== SILENT_MUTATION });
  const busy = pending > 0;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setVisible(true), 250);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);
  return (
    <Backdrop
      open={busy && visible}
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}
      aria-live="polite"
    >
      <CircularProgress color="inherit" aria-label={t('app.busy')} />
    </Backdrop>
  );
}
