import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@mm/shared';
import {
  ILLUSTRATION_IDS,
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_WIDTH,
  illustrationPath,
  observationIllustration,
} from './illustrations';

const publicDir = path.resolve(import.meta.dirname, '../../../public');
const localesDir = path.resolve(import.meta.dirname, '../../../../../packages/shared/locales');

describe('illustrations', () => {
  it.each(ILLUSTRATION_IDS)('%s is a small SVG of the shared size', (id) => {
    const file = path.join(publicDir, illustrationPath(id));
    expect(existsSync(file)).toBe(true);
    const svg = readFileSync(file, 'utf8');
    expect(svg).toContain(`viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}"`);
    expect(svg.length).toBeLessThan(4096);
    // Drawings carry no words: their text is the translated alt.
    expect(svg).not.toMatch(/<text/);
  });

  it.each(LOCALES)('every drawing has its alt text in %s', (lng) => {
    const content = JSON.parse(readFileSync(path.join(localesDir, lng, 'content.json'), 'utf8')) as {
      illustrations: Record<string, string>;
    };
    expect(Object.keys(content.illustrations).sort()).toEqual([...ILLUSTRATION_IDS].sort());
    for (const id of ILLUSTRATION_IDS) expect(content.illustrations[id]?.length, id).toBeGreaterThan(20);
  });

  it('stands for a photo-less record by its life stage, or its milkweed', () => {
    expect([1, 2, 3, 4].map((s) => observationIllustration(s, null))).toEqual([
      'adult',
      'egg',
      'caterpillar',
      'chrysalis',
    ]);
    expect(observationIllustration(null, 'Asclepias incarnata')).toBe('swamp-milkweed');
    // A species without its own drawing is not shown as another species.
    expect(observationIllustration(null, 'Asclepias curassavica')).toBe('milkweed-pod');
    expect(observationIllustration(null, null)).toBe('milkweed-pod');
  });
});
