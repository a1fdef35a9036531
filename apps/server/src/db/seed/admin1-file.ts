import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Path of the province and state boundaries (`npm run geo:admin1`): `packages/shared/geo/admin1.json`
 * in the sources (the web app ships the same file for suggestions without a network), copied beside
 * the compiled chunks by the production build (apps/server/build.mjs).
 */
const besideCompiled = fileURLToPath(new URL('./admin1.json', import.meta.url));
export const ADMIN1_FILE = existsSync(besideCompiled)
  ? besideCompiled
  : fileURLToPath(new URL('../../../../../packages/shared/geo/admin1.json', import.meta.url));
