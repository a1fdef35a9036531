import { API_BASE } from '@mm/shared/constants';
import type { Viewport } from '@mm/shared';

// The pure parts of Explore's map stand-in (`map-island.ts`, docs/adr/0042): its labels, its numbers and its
// request. Its numbers are written without Intl: a page's first number format costs a phone's main thread
// ≈ 10–17 ms unthrottled (ICU's data), a long task of its own on a throttled phone, so the server writes how
// the page's language writes numbers (`numberSpec`, from Intl on the server) and the stand-in follows it.

/**
 * The translations the stand-in needs, as the server writes them (`data-labels` of its box, JSON): the
 * `explore:map.*` templates by i18next key with its plural suffix (`cluster_one`, `cluster_other`).
 */
export type IslandLabels = Record<string, string>;

/** How a language writes counts, as Intl does (`numberSpec`): the stand-in's `data-numbers`, JSON. */
export interface NumberSpec {
  /** Digit group separator ("," in English, U+202F in French, "." in Spanish). */
  group: string;
  /** Decimal separator. */
  decimal: string;
  /** Digits a number needs before its first group separator is written: 1 ("1,234"), 2 (Spanish "1234"). */
  minGrouping: number;
  /** Compact thousands and millions, `#` for the number ("#K", "# k", "# mil"; "#M", "# M"). */
  thousands: string;
  millions: string;
}

/** Compact counts of a billion and more, which the spec does not cover, are left to Intl. */
const SPEC_LIMIT = 999_950_000;

/** A compact format's parts with the number's own as one `#` ("1,2 k" → "# k"). */
function compactTemplate(format: Intl.NumberFormat, sample: number): string {
  const number = new Set(['integer', 'group', 'decimal', 'fraction']);
  return format
    .formatToParts(sample)
    .map((p) => (number.has(p.type) ? '#' : p.value))
    .join('')
    .replace(/#+/g, '#');
}

/**
 * How `lng` writes counts, read from Intl (on the server: the stand-in's browser skips Intl).
 * @param lng a language of the app
 */
export function numberSpec(lng: string): NumberSpec {
  const plain = new Intl.NumberFormat(lng);
  const compact = new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 });
  const part = (n: number, type: string) => plain.formatToParts(n).find((p) => p.type === type)?.value ?? '';
  return {
    group: part(1_234_567, 'group'),
    decimal: part(1.5, 'decimal'),
    minGrouping: part(1234, 'group') === '' ? 2 : 1,
    thousands: compactTemplate(compact, 1200),
    millions: compactTemplate(compact, 1_200_000),
  };
}

/**
 * A count with its digit groups, as `Intl.NumberFormat(lng).format` writes it.
 * @param spec the language's `NumberSpec`
 * @param count a whole number ≥ 0
 */
export function groupedCount(spec: NumberSpec, count: number): string {
  const digits = String(count);
  if (digits.length < 4 || digits.length < 4 + spec.minGrouping - 1) return digits;
  return digits.replace(/\B(?=(\d{3})+$)/g, spec.group);
}

/**
 * A count as a cluster's bubble shows it, as Intl's compact notation with one decimal at most writes it
 * ("1.2K", "1,2 k", "12,3 mil", "1 M"); counts under 1,000 as they are.
 * @param spec the language's `NumberSpec`, or undefined (Intl then)
 * @param count a whole number ≥ 0
 * @param lng the page's language, for Intl
 */
export function compactCountBySpec(spec: NumberSpec | undefined, count: number, lng: string): string {
  if (count < 1000) return String(count);
  if (!spec || count >= SPEC_LIMIT)
    return new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
  // Rounded half up to a tenth of the unit; a thousands figure rounded up to 1,000 is a million.
  const tenthsOfThousands = Math.round(count / 100);
  const [tenths, template] =
    tenthsOfThousands < 10_000 ? [tenthsOfThousands, spec.thousands] : [Math.round(count / 100_000), spec.millions];
  const whole = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  return template.replace('#', fraction === 0 ? String(whole) : `${whole}${spec.decimal}${fraction}`);
}

/** i18next's count placeholders in those templates: `{{count}}` and `{{count, number}}`. */
const COUNT_PLACEHOLDER = /\{\{\s*count\s*(?:,\s*number\s*)?\}\}/g;

/**
 * A label of the stand-in's map, as i18next writes `t('map.' + key, { count })`: "one" for 1, else "other"
 * (the `map.*` labels' "many", French and Spanish for millions, read as their "other": a unit test checks
 * it), the count with its digit groups.
 * @param labels the templates (`IslandLabels`)
 * @param spec the language's `NumberSpec`, or undefined (Intl then)
 * @param key the label without its plural suffix (`cluster`, `total`…)
 * @param count a whole number ≥ 0
 * @param lng the page's language, for Intl
 * @returns the label, '' when the templates lack it
 */
export function islandLabel(
  labels: IslandLabels,
  spec: NumberSpec | undefined,
  key: string,
  count: number,
  lng: string,
): string {
  const template = labels[`${key}_${count === 1 ? 'one' : 'other'}`] ?? labels[`${key}_other`] ?? '';
  const number = spec ? groupedCount(spec, count) : new Intl.NumberFormat(lng).format(count);
  return template.replace(COUNT_PLACEHOLDER, number);
}

/**
 * JSON the server wrote in an attribute (`data-labels`, `data-numbers`), or undefined when it is missing or
 * not a JSON object.
 * @param text the attribute's value
 */
export function parseIslandData<T extends object>(text: string | undefined): T | undefined {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    return parsed && typeof parsed === 'object' ? (parsed as T) : undefined;
  } catch {
    return undefined;
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
