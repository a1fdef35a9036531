import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * False during a server render and while the browser hydrates it, true afterwards and in any page the
 * browser draws itself. React's own rule for `useSyncExternalStore`: the server snapshot
 * during hydration, then the client's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Shows `fallback` on the server and while the page hydrates, then `children`. For parts drawn from
 * data the browser fetches (live figures, latest photos and observations): the server cannot know
 * that data, and the browser may already hold it when it hydrates, so the two renders would differ.
 * After hydration `children` are drawn as a transition, in slices that let the browser in;
 * in a page the browser draws itself they are drawn at once.
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : fallback;
}
