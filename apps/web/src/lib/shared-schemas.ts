/**
 * The shared package (zod schemas included) as a module of its own, for `import()`: a
 * dynamic import of `@mm/shared` itself would resolve to the entry chunk, which holds the package's
 * constants, and pull every schema and zod into it. Imported through here, they load after the first render.
 */
export * from '@mm/shared';
