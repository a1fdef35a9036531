import type { Plugin } from 'vite';

/**
 * Takes the explanatory comments out of the CSS that MUI components carry as template strings (emotion's
 * `styled`…`` and `css`…``): a minifier keeps a template string as it is, comments included, so MUI's notes to
 * its own maintainers were shipped in the app's first-render chunk (TouchRipple's: ≈ 450 bytes, every button).
 * Only comments alone on their lines are taken out, and not directives such as stylis's `/* @noflip *\/`. Measured by the first-render budget (scripts/bundle-budget.mjs).
 * @param files path endings of the modules to clean (`@mui/material/ButtonBase/TouchRipple.mjs`)
 */
export function cssCommentsOutOfStyles(files: readonly string[]): Plugin {
  return {
    name: 'mm:css-comments-out-of-styles',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!files.some((f) => file.endsWith(f))) return null;
      return { code: code.replace(/\n[ \t]*\/\*(?!\s*@)[\s\S]*?\*\/[ \t]*(?=\n)/g, ''), map: null };
    },
  };
}
