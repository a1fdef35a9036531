import { defineConfig } from 'vitest/config';

/** `npm run test:chaos`: real processes killed and frozen; one file at a time. */
export default defineConfig({
  test: {
    name: 'chaos',
    root: import.meta.dirname,
    include: ['**/*.chaos.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
