import { useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/main-thread';

/**
 * True once `ready` has been true and the browser has been idle since (`whenIdle`), and true from then on:
 * for work a later tap needs (loading and mounting the gallery's viewer, closed) that must not delay the
 * first screen nor happen in the tap's own task (docs/adr/0039, "The lightbox").
 * @param ready whether what the work is for is on screen (the gallery's photos)
 * @returns whether the work may be done now
 */
export function usePreparedWhenIdle(ready: boolean): boolean {
  const [prepared, setPrepared] = useState(false);
  useEffect(() => (ready && !prepared ? whenIdle(() => setPrepared(true)) : undefined), [ready, prepared]);
  return prepared;
}
