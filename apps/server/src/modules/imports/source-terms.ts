/**
 * Provenance terms of imported records: licences and basis of record as sources write
 * them, mapped onto ours.
 */
import type { LicenseCode } from '@mm/shared';

/**
 * Licence of imported records whose source states none per record (Journey North, the
 * iNaturalist/GBIF extracts without a licence column): CC BY-NC 4.0, the most restrictive of the
 * three GBIF accepts, so that no use is allowed that the original licence might forbid. Never CC BY 4.0
 * by default: that would relicense CC BY-NC records.
 */
export const UNSTATED_SOURCE_LICENSE: LicenseCode = 'CC-BY-NC-4.0';

/**
 * The licence code of a source's licence cell: a Creative Commons URL
 * (`http://creativecommons.org/licenses/by-nc/4.0/legalcode`), GBIF's enumeration (`CC_BY_NC_4_0`)
 * or a short name (`CC-BY`, `cc0`).
 * @returns the code, or null when the cell names no licence GBIF accepts (kept out rather than guessed)
 */
export function licenseFromSource(text: string | null): LicenseCode | null {
  if (text === null) return null;
  const t = text.toLowerCase().replace(/[_\s]+/g, '-');
  if (t.includes('publicdomain/zero') || /^cc-?0/.test(t)) return 'CC0-1.0';
  if (t.includes('/by-nc/') || /^cc-by-nc(-4)?/.test(t)) return 'CC-BY-NC-4.0';
  if (t.includes('/by/') || /^cc-by(-4|$)/.test(t)) return 'CC-BY-4.0';
  return null;
}

const BASIS_OF_RECORD = [
  'HumanObservation',
  'MachineObservation',
  'PreservedSpecimen',
  'LivingSpecimen',
  'FossilSpecimen',
  'MaterialSample',
  'MaterialCitation',
  'Occurrence',
] as const;

/**
 * The Darwin Core basisOfRecord of a source cell, in GBIF's form (`HUMAN_OBSERVATION`) or Darwin
 * Core's (`HumanObservation`).
 * @returns the Darwin Core term, or null when the cell holds none of them
 */
export function basisOfRecordFromSource(text: string | null): string | null {
  if (text === null) return null;
  const key = text.replace(/[_\s]/g, '').toLowerCase();
  return BASIS_OF_RECORD.find((term) => term.toLowerCase() === key) ?? null;
}

/** The public page of a GBIF occurrence. */
export const gbifOccurrenceUrl = (gbifId: string) => `https://www.gbif.org/occurrence/${encodeURIComponent(gbifId)}`;
