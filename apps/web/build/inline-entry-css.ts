import type { Plugin } from 'vite';

/**
 * Inlines the entry's small stylesheet (src/styles.css, ≈ 0.4 KB gzip) into index.html as a
 * `<style>` instead of a `<link rel="stylesheet">` (docs/adr/0023). A linked stylesheet
 * is render-blocking: the first paint of every page, server-rendered ones included, waited for one
 * more request, long enough on a phone for the entry script to arrive and run first.
 *
 * The file leaves the build altogether: it is taken out of the entry chunk's `importedCss` before
 * Vite writes index.html and the lazy chunks' preload lists (both read that set), so that no lazy
 * import asks for it again.
 * @param maxBytes largest stylesheet inlined, in bytes of CSS (uncompressed): a bigger one stays a
 *   file, since inlined CSS is not cached apart from the page
 */
export function inlineEntryCss(maxBytes = 4096): Plugin {
  let inlined: string[] = [];
  return {
    name: 'mm:inline-entry-css',
    apply: 'build',
    generateBundle(_options, bundle) {
      inlined = [];
      for (const chunk of Object.values(bundle)) {
        const importedCss = chunk.type === 'chunk' && chunk.isEntry ? chunk.viteMetadata?.importedCss : undefined;
        for (const fileName of [...(importedCss ?? [])]) {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') continue;
          const source = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // Vite marks its CSS with a comment it drops later, when it writes the file.
          const css = source.replace(/\/\*\$vite\$:\d+\*\//, '').trim();
          if (Buffer.byteLength(css) > maxBytes || css.includes('</style')) continue;
          inlined.push(css);
          importedCss?.delete(fileName);
          delete bundle[fileName];
        }
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => inlined.map((css) => ({ tag: 'style', children: css, injectTo: 'head' as const })),
    },
  };
}
