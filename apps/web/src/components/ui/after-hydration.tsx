import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * False during a server render and while the browser hydrates it, true afterwards and in any page the
 * browser draws itself (issue 13). React's own rule for `useSyncExternalStore`: the server snapshot
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
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
