/**
 * The printable sheets ("Printable material"): `/{locale}/print/{sheet}`, printed or saved
 * as PDF from the browser. The field forms are built from the same translations and reference data
 * as the online forms, so a sheet always matches the form a volunteer later types it into; the
 * identification sheets from the `content` translations and the project's drawings.
 */
export const PRINT_SHEETS = ['flash-form', 'mission-form', 'monarch-id', 'milkweed-id'] as const;
export type PrintSheet = (typeof PRINT_SHEETS)[number];

export const isPrintSheet = (value: string | undefined): value is PrintSheet =>
  (PRINT_SHEETS as readonly string[]).includes(value ?? '');

/**
 * Milkweeds listed on the sheets: the species with the widest ranges in Canada, the US and Mexico
 * (Monarch Joint Venture, "Milkweeds: a conservation practitioner's guide", Xerces Society 2014, and
 * the Mission Monarch identification page), so a volunteer ticks a box; any other is written in.
 */
export const SHEET_MILKWEEDS: readonly string[] = [
  'Asclepias syriaca',
  'Asclepias incarnata',
  'Asclepias tuberosa',
  'Asclepias speciosa',
  'Asclepias exaltata',
  'Asclepias verticillata',
  'Asclepias viridis',
  'Asclepias asperula',
  'Asclepias fascicularis',
  'Asclepias oenotheroides',
  'Asclepias sullivantii',
  'Asclepias curassavica',
];

/** Content pages that offer the sheets (education kit, mission kit, "ready to go"). */
export const PAGES_WITH_SHEETS: readonly string[] = ['trousse-pedagogique', 'mission-kit', 'ready-to-go'];
