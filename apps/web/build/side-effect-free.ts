import type { Plugin } from 'vite';

/**
 * Marks packages as free of side effects when imported by name, so that a bare `import 'pkg'` whose
 * exports nobody uses costs nothing. `@emotion/react` imports `hoist-non-react-statics` that way (for
 * its `withTheme`, which MUI does not use); the package does not declare `sideEffects`, so it and its
 * copy of `react-is` 16 were kept in the first render (≈ 1.3 KB gzip, docs/adr/0016).
 * @param packages package names exactly as imported
 */
export function sideEffectFree(packages: readonly string[]): Plugin {
  return {
    name: 'mm:side-effect-free',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!packages.includes(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}
