import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * The files `import(<module>)` of the entry fetches: the module's chunk and its static imports, less what the
 * entry itself loads.
 * @param bundle the build's output
 * @param modules source paths ending (`/src/panel.tsx`)
 * @returns file names, relative to the output directory (`assets/panel-….js`), each once
 */
function dynamicClosure(bundle: Bundle, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byName.get(file)?.imports ?? []) visit(next);
    };
    for (const file of start) visit(file);
    return seen;
  };
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const roots = chunks.filter((c) => modules.some((m) => c.facadeModuleId?.endsWith(m))).map((c) => c.fileName);
  return [...closure(roots)].filter((file) => !entry.has(file));
}

/**
 * Names the panel's files (`src/panel.tsx` and the dashboard's chunk, with their imports) in `index.html`
 * (`<meta name="mm-panel-files" content="/mmadmin/assets/… …">`), so that the entry can have the browser fetch
 * them into its cache, without running them, while the dashboard's first screen is read
 * (`src/dashboard-first-screen.ts`, docs/adr/0040).
 */
export function panelFiles(): Plugin {
  let base = '/';
  return {
    name: 'mm-panel-files',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files = dynamicClosure(ctx.bundle, ['/src/panel.tsx', '/src/dashboard.tsx']);
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'mm-panel-files', content: files.map((f) => base + f).join(' ') },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}
