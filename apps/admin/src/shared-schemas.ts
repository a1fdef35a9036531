/**
 * The shared package (zod schemas included) as a module of its own, for `import()`: a
 * dynamic import of `@mm/shared` itself would resolve to the panel's entry chunk, which holds the
 * package's constants, and pull every schema and zod into it. Through here they load when first used.
 */
export * from '@mm/shared';
