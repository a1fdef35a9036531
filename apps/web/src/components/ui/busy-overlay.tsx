import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';

const BusySpinner = lazy(async () => ({ default: (await import('./busy-spinner')).BusySpinner }));

/** Mutations with this key show their own progress (photo uploads) instead of the full-screen spinner. */
const SILENT_MUTATION = 'silent';
/**
 * `meta` of queries that show their own progress where they draw (map clusters while panning,
 * chart figures, "Load more"), so that the full-screen spinner does not block the page for them.
 */
export const SILENT_QUERY = { silent: true } as const;

/**
 * Full-screen spinner while any request is in flight (spec §4): the count of pending requests is
 * TanStack Query's fetching + mutating count. Shown after 250 ms so fast calls do not flicker; the
 * spinner's code loads the first time it shows, not with the first screen.
 */
export function BusyOverlay() {
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
  if (!busy || !visible) return null;
  return (
    <Suspense fallback={null}>
      <BusySpinner />
    </Suspense>
  );
}
