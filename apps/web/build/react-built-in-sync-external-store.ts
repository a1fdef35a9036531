import type { Plugin } from 'vite';

const SHIM = 'use-sync-external-store/shim';
const VIRTUAL = '\0mm:use-sync-external-store-shim';

/**
 * `use-sync-external-store/shim` answered by React's own `useSyncExternalStore`. The shim is the
 * hook's polyfill for React < 18; on React 18 and later it hands every call to `React.useSyncExternalStore`
 * at run time, so its fallback code (and the CommonJS wrapper around it) is shipped and never run.
 * react-i18next's `useTranslation` imports it, which put it in the first render (≈ 0.4 KB gzip,
 * docs/adr/0016). Only the exact `shim` entry is served this way (`shim/with-selector` is left alone).
 */
export function reactBuiltInSyncExternalStore(): Plugin {
  return {
    name: 'mm:react-built-in-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === SHIM ? VIRTUAL : null),
    load: (id) => (id === VIRTUAL ? `export { useSyncExternalStore } from 'react';` : null),
  };
}
