import { fileURLToPath } from 'node:url';

/**
 * Path of the province and state boundaries (`npm run geo:admin1`): beside this module in the sources,
 * and copied beside the compiled chunks by the production build (apps/server/build.mjs).
 */
export const ADMIN1_FILE = fileURLToPath(new URL('./admin1.json', import.meta.url));
