import type { Locale } from '@mm/shared';

/** The milkweed's common name in the UI language. */
export function milkweedName(
  row: { english_name: string | null; french_name: string | null; spanish_name: string | null },
  lng: Locale,
): string | null {
  return (lng === 'fr' ? row.french_name : lng === 'es' ? row.spanish_name : row.english_name) ?? row.english_name;
}
