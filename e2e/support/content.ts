/**
 * The Markdown content pages (spec §2, under `/{locale}/content/`), as the tests expect
 * them; written out here rather than read from the app so that a page dropped from the app fails.
 */
export const CONTENT_PAGE_SLUGS = [
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
] as const;
