import { API_BASE } from '@mm/shared/constants';
import type { Viewport } from '@mm/shared';

// The pure parts of Explore's map stand-in (`map-island.ts`, docs/adr/0042): its labels and its request.

/**
 * The translations the stand-in needs, as the server writes them (`data-labels` of its box, JSON): the
 * `explore:map.*` templates by i18next key with its plural suffix (`cluster_one`, `cluster_other`…).
 */
export type IslandLabels = Record<string, string>;

/** i18next's count placeholders in those templates: `{{count}}` and `{{count, number}}`. */
const COUNT_PLACEHOLDER = /\{\{\s*count\s*(?:,\s*number\s*)?\}\}/g;

/**
 * A label of the stand-in's map, as i18next would write `t('map.' + key, { count })` in `lng`: the plural
 * form by the language's rules, the count with its grouping. Counts under 1,000 skip Intl (its first use
 * costs a phone ≈ 30 ms): 1 is the "one" form in English, French and Spanish, and such a number is
 * written alike in all three.
 * @param labels the templates (`IslandLabels`)
 * @param key the label without its plural suffix (`cluster`, `total`…)
 * @param count a whole number ≥ 0
 * @param lng the page's language
 * @returns the label, '' when the templates lack it
 */
export function islandLabel(labels: IslandLabels, key: string, count: number, lng: string): string {
  const small = count < 1000;
  const form = count === 1 ? 'one' : small ? 'other' : new Intl.PluralRules(lng).select(count);
  const template = labels[`${key}_${form}`] ?? labels[`${key}_other`] ?? '';
  const number = small ? String(count) : new Intl.NumberFormat(lng).format(count);
  return template.replace(COUNT_PLACEHOLDER, number);
}

/**
 * The stand-in's labels from its box's `data-labels`; none when it is missing or not JSON.
 * @param text the attribute's value
 */
export function parseIslandLabels(text: string | undefined): IslandLabels {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as IslandLabels) : {};
  } catch {
    return {};
  }
}

/**
 * The clusters' request of a viewport without filters, as the app's map asks for it (`getClusters`: the
 * filters' query, none here, then the viewport's fields in order), so that the browser's and service
 * worker's caches answer both alike.
 * @param viewport from `toViewport`
 * @returns the URL from `/api` on
 */
export const clustersUrl = (viewport: Viewport): string =>
  `${API_BASE}/observations/clusters?${new URLSearchParams(Object.entries(viewport).map(([k, v]) => [k, String(v)]))}`;
