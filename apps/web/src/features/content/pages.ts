import { LOCALES, type Locale } from '@mm/shared';

/** A content page of spec §2 (`/{locale}/content/{slug}`) and the languages it is written in. */
export interface ContentPageDef {
  slug: string;
  locales: readonly Locale[];
}

/**
 * The content pages this app renders from Markdown. contact-us is a form, not Markdown, and has its
 * own route. The mission kit is not offered in Spanish (spec §2).
 */
export const CONTENT_PAGES: readonly ContentPageDef[] = [
  'what-is-a-mission',
  'milkweed-identification',
  'monarch-identification',
  'ready-to-go',
  'mission-kit',
  'monarchs-biology',
  'life-cycle',
  'monarch-identification-annual-cycle',
  'the-research-project',
  'the-research-project-2',
  'monarch-blitz',
  'partners',
  'trousse-pedagogique',
  'faq',
].map((slug) => ({ slug, locales: slug === 'mission-kit' ? (['en', 'fr'] as const) : LOCALES }));

export const findContentPage = (slug: string | undefined) => CONTENT_PAGES.find((p) => p.slug === slug);

// One lazy chunk per file: the main bundle carries none of the texts.
const files = import.meta.glob<string>('../../content/*/*.md', { query: '?raw', import: 'default', eager: false });

/**
 * The Markdown body of a content page in one language.
 * @throws Error when the file does not exist
 */
export async function loadContent(slug: string, lng: Locale): Promise<string> {
  const load = files[`../../content/${slug}/${lng}.md`];
  if (!load) throw new Error(`No content for ${slug} in ${lng}`);
  return load();
}
