import { useEffect, useState } from 'react';

/** What counts as activity (spec §4: mouse, key, touch, wheel, resize). */
const ACTIVITY = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'resize'] as const;

/**
 * True once `afterMs` pass without activity while `active`; any activity makes it false again.
 * Activity is listened to in the capture phase, so components that stop propagation still count,
 * and at most once per `throttleMs`. `afterMs` under 1000 never goes idle (spec §4).
 * @param afterMs idle time, ms; @param throttleMs activity sampling, ms (spec §9: 50)
 */
export function useIdle(active: boolean, afterMs: number, throttleMs = 50): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!active || afterMs < 1000) return;
    let timer = setTimeout(() => setIdle(true), afterMs);
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < throttleMs) return;
      last = now;
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), afterMs);
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
      setIdle(false);
    };
  }, [active, afterMs, throttleMs]);
  return active && idle;
}
