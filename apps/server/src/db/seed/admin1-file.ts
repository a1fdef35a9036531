import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A file of `packages/shared/geo/`, or its copy beside the compiled chunks (apps/server/build.mjs). */
const geoFile = (name: string) => {
  const besideCompiled = fileURLToPath(new URL(`./${name}`, import.meta.url));
  return existsSync(besideCompiled)
    ? besideCompiled
    : fileURLToPath(new URL(`../../../../../packages/shared/geo/${name}`, import.meta.url));
};

/**
 * Path of the device's province and state boundaries (`npm run geo:admin1`):
 * `packages/shared/geo/admin1.json`, ≈ 420 KB, shipped by the web app for suggestions without a
 * network; the server seeds nothing from it but keeps it for tests comparing the two files.
 */
export const ADMIN1_FILE = geoFile('admin1.json');

/**
 * Path of the server's precise boundaries (`npm run geo:borders`): `packages/shared/geo/borders.json`,
 * land borders to a few tens of metres (packages/shared/geo/README.md; docs/adr/0024).
 */
export const BORDERS_FILE = geoFile('borders.json');
