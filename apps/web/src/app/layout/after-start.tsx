import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from '../../components/ui/after-hydration';
import { whenIdle } from '../../lib/main-thread';

/**
 * The frame's parts that are not in the first screen (footer, busy overlay, page-view count, outbox sender
 * and strip, service worker): on a page the browser draws itself (a signed-in volunteer's, a form), drawn
 * once the browser is first idle after the frame is, in a transition, so that their code's download,
 * evaluation and render leave the start-up's tasks (docs/adr/0043); on a page the server rendered, at once,
 * as the server drew them (hydration must find the same markup).
 */
export function AfterStart({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  // Read on the first render only: a hydrating page's value (false) turns true once hydrated.
  const [ready, setReady] = useState(!hydrated);
  useEffect(() => {
    if (ready) return;
    return whenIdle(() => startTransition(() => setReady(true)));
  }, [ready]);
  return ready ? children : null;
}
