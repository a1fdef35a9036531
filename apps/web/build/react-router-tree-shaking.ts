import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');

/**
 * React Router for the production build, with its unused components left out (the 170 KB
 * first-render budget; docs/adr/0016).
 * - `react-router` and `react-router/dom` resolve to `dist/production` (the package exports its
 *   development build to every bundler; the production one is the same code with `ENABLE_DEV_WARNINGS = false`).
 * - Its top-level components and contexts (`var Link = React.forwardRef(…)`, `createContext`, `memo`)
 *   are marked pure, as React's own packages mark theirs, and their `X.displayName = "…"` statements
 *   are dropped (writes to the objects, which the bundler must otherwise keep): the bundler can then
 *   leave out what the app never uses (`Link`, `NavLink`, `Form`, `ScrollRestoration`, `HistoryRouter`,
 *   and with them route prefetching and framework-mode code). The names only ever showed in React DevTools.
 */
export function reactRouterTreeShaking(): Plugin {
  const chunk = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
  return {
    name: 'mm:react-router-tree-shaking',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'production/index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'production/dom-export.mjs') },
        ],
      },
    }),
    transform(code, id) {
      if (!chunk.test(id.split('?')[0] ?? '')) return null;
      const shaken = code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2');
      return { code: shaken, map: null };
    },
  };
}
