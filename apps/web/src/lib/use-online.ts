import { useEffect, useState } from 'react';

/**
 * Whether the browser believes it has a network (`online`/`offline` events). Kept apart from the
 * outbox so that a page can ask without loading IndexedDB code.
 */
export function useOnline(): boolean {
  // A server render (no navigator) assumes a network, as the page it renders was asked for over one.
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}
