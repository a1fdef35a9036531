import type { Plugin } from 'vite';

/**
 * MUI's `createTheme` and `ThemeProvider` each carry a second code path for CSS-variable themes
 * (`cssVariables: true`, `colorSchemes`): `createThemeWithVars`, `CssVarsProvider`,
 * `InitColorSchemeScript`, the colour-scheme storage… ≈ 9 KB gzip that the app's first render loads and
 * never runs, since its theme (app/providers.tsx) is a plain one. The choice is made at run time, so
 * tree-shaking cannot drop it; this plugin serves the two modules with only their plain-theme path, the
 * same code MUI runs for such a theme (the 170 KB first-render budget; docs/adr/0016).
 * A theme that asks for CSS variables or colour schemes fails at once with an error saying so.
 */
export function muiThemeWithoutCssVars(): Plugin {
  const styles = /\/@mui\/material\/styles\/(createTheme|ThemeProvider)\.mjs$/;
  return {
    name: 'mm:mui-theme-without-css-vars',
    enforce: 'pre',
    load(id) {
      const file = styles.exec(id.split('?')[0] ?? '')?.[1];
      if (file === 'createTheme')
        return `import createThemeNoVars from './createThemeNoVars.mjs';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options)
    throw new Error('mm:mui-theme-without-css-vars: this build serves plain MUI themes only (no cssVariables, no colorSchemes)');
  return createThemeNoVars(options, ...args);
}`;
      if (file === 'ThemeProvider')
        return `'use client';
import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.mjs';
import THEME_ID from './identifier.mjs';
import { jsx as _jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme)
      throw new Error('mm:mui-theme-without-css-vars: this build serves plain MUI themes only (no colorSchemes)');
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`;
      return null;
    },
  };
}
