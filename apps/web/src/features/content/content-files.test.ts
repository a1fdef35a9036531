import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@mm/shared';
import { figureSize } from './figure-size';
import { CONTENT_PAGES } from './pages';

const contentDir = path.resolve(import.meta.dirname, '../../content');
const localesDir = path.resolve(import.meta.dirname, '../../../../../packages/shared/locales');
const publicDir = path.resolve(import.meta.dirname, '../../../public');

/** Every key path of a JSON object, e.g. `pages.faq.title`. */
const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('content pages', () => {
  it.each(CONTENT_PAGES.map((p) => [p.slug, p.locales] as const))(
    '%s has one Markdown file per language it is offered in, each with one h1',
    (slug, locales) => {
      const present = readdirSync(path.join(contentDir, slug))
        .filter((f) => f.endsWith('.md'))
        .sort();
      expect(present).toEqual(locales.map((l) => `${l}.md`).sort());
      for (const lng of locales) {
        const text = readFileSync(path.join(contentDir, slug, `${lng}.md`), 'utf8');
        expect(text.match(/^# /gm), `${slug}/${lng}.md`).toHaveLength(1);
        expect(text.startsWith('# '), `${slug}/${lng}.md starts with its h1`).toBe(true);
        expect(text).not.toMatch(/lorem ipsum/i);
        expect(text).not.toMatch(/\bTODO\b|\bTBD\b|\bXXX\b/);
      }
    },
  );

  it('offers the mission kit in English and French only (spec §2)', () => {
    expect(CONTENT_PAGES.find((p) => p.slug === 'mission-kit')?.locales).toEqual(['en', 'fr']);
    expect(
      CONTENT_PAGES.filter((p) => p.slug !== 'mission-kit').every((p) => p.locales.length === LOCALES.length),
    ).toBe(true);
  });

  it('has no Markdown folder without a page, and every image it shows exists with alt text', () => {
    expect(readdirSync(contentDir).sort()).toEqual(CONTENT_PAGES.map((p) => p.slug).sort());
    for (const { slug, locales } of CONTENT_PAGES) {
      for (const lng of locales) {
        const text = readFileSync(path.join(contentDir, slug, `${lng}.md`), 'utf8');
        for (const [, alt, src] of text.matchAll(/!\[([^\]]*)\]\(([^ )]+)/g)) {
          expect(alt?.trim().length, `${slug}/${lng}.md: alt text of ${src}`).toBeGreaterThan(10);
          expect(existsSync(path.join(publicDir, src ?? '')), `${slug}/${lng}.md: ${src}`).toBe(true);
        }
      }
    }
  });

  it('describes each project drawing with the alt text of the translations', () => {
    let drawings = 0;
    for (const { slug, locales } of CONTENT_PAGES) {
      for (const lng of locales) {
        const alts = (
          JSON.parse(readFileSync(path.join(localesDir, lng, 'content.json'), 'utf8')) as {
            illustrations: Record<string, string>;
          }
        ).illustrations;
        const text = readFileSync(path.join(contentDir, slug, `${lng}.md`), 'utf8');
        for (const [, alt, id] of text.matchAll(/!\[([^\]]*)\]\(\/img\/illustrations\/([a-z-]+)\.svg/g)) {
          drawings++;
          expect(alt, `${slug}/${lng}.md: ${id}`).toBe(alts[id ?? '']);
        }
      }
    }
    // The four stages and the tussock moth caterpillar (the viceroy and the queen have their own
    // comparison figure there), five milkweeds and the swallow-wort, in three languages.
    expect(drawings).toBe(11 * 3);
  });

  it('knows the intrinsic size of every image it shows, as written in the SVG file (no layout shift)', () => {
    for (const { slug, locales } of CONTENT_PAGES) {
      for (const lng of locales) {
        const text = readFileSync(path.join(contentDir, slug, `${lng}.md`), 'utf8');
        for (const [, src = ''] of text.matchAll(/!\[[^\]]*\]\(([^ )]+)/g)) {
          const root = /<svg\b[^>]*>/.exec(readFileSync(path.join(publicDir, src), 'utf8'))?.[0] ?? '';
          const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1]);
          expect(figureSize(src), `${slug}/${lng}.md: ${src}`).toEqual({
            width: attr('width'),
            height: attr('height'),
          });
          expect(root, src).toContain(`viewBox="0 0 ${attr('width')} ${attr('height')}"`);
        }
      }
    }
  });

  it('has the FAQ with at least 12 questions in each language', () => {
    for (const lng of LOCALES) {
      const text = readFileSync(path.join(contentDir, 'faq', `${lng}.md`), 'utf8');
      expect(text.match(/^### /gm)?.length ?? 0).toBeGreaterThanOrEqual(12);
    }
  });
});

describe('content.json', () => {
  const files = Object.fromEntries(
    LOCALES.map((lng) => [
      lng,
      keys(JSON.parse(readFileSync(path.join(localesDir, lng, 'content.json'), 'utf8'))).sort(),
    ]),
  );

  it('has the same keys in English, French and Spanish', () => {
    expect(files.fr).toEqual(files.en);
    expect(files.es).toEqual(files.en);
  });

  it('has a title and a description for every content page', () => {
    for (const { slug } of CONTENT_PAGES)
      expect(files.en).toEqual(expect.arrayContaining([`pages.${slug}.title`, `pages.${slug}.description`]));
  });
});
