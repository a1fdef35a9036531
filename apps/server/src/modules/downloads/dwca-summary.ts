import { licenseOf, type ProvenanceSource } from './darwin-core';
import { emptySummary, type ArchiveSummary } from './dwca-metadata';
import type { ArchiveRow, EventSourceRow, MediaSourceRow } from './dwca-rows';

/**
 * Gathers an archive's `ArchiveSummary` (coverage, taxa, licences, counts) as its rows stream by,
 * so that the EML, citation and rights written after them describe exactly what was written.
 */
export function summarize() {
  const result: ArchiveSummary = emptySummary();
  const countLicense = (stored: string, kind: 'events' | 'occurrences' | 'media') => {
    const code = licenseOf(stored);
    result.licenses.set(code, (result.licenses.get(code) ?? 0) + 1);
    const byKind = result.licensesByKind.get(code) ?? { events: 0, occurrences: 0, media: 0 };
    byKind[kind]++;
    result.licensesByKind.set(code, byKind);
  };
  return {
    result,
    /** Counts an Event core row (its licence, place, date and protocol) and answers it unchanged. */
    event: (r: EventSourceRow, row: ArchiveRow): ArchiveRow => {
      const protocol = typeof row.samplingProtocol === 'string' ? row.samplingProtocol : '';
      const seen = result.protocols.get(protocol);
      result.protocols.set(protocol, {
        events: (seen?.events ?? 0) + 1,
        firstDate: seen && seen.firstDate < r.checklist_date ? seen.firstDate : r.checklist_date,
        lastDate: seen && seen.lastDate > r.checklist_date ? seen.lastDate : r.checklist_date,
      });
      result.events++;
      countLicense(r.license, 'events');
      const b = result.bbox;
      result.bbox = b
        ? {
            west: Math.min(b.west, r.longitude),
            east: Math.max(b.east, r.longitude),
            south: Math.min(b.south, r.latitude),
            north: Math.max(b.north, r.latitude),
          }
        : { west: r.longitude, east: r.longitude, south: r.latitude, north: r.latitude };
      if (!result.firstDate || r.checklist_date < result.firstDate) result.firstDate = r.checklist_date;
      if (!result.lastDate || r.checklist_date > result.lastDate) result.lastDate = r.checklist_date;
      return row;
    },
    /** Counts an Occurrence extension row (and its source, for an imported one) and answers it unchanged. */
    occurrence: (row: ArchiveRow, license: string, source?: ProvenanceSource): ArchiveRow => {
      result.occurrences++;
      countLicense(license, 'occurrences');
      const status = row.identificationVerificationStatus;
      if (typeof status === 'string') result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
      if (source?.source_dataset) {
        result.importedLicensed++;
        const key = source.source_dataset;
        const seen = result.sources.get(key);
        result.sources.set(key, { records: (seen?.records ?? 0) + 1, viaGbif: source.from_gbif });
      }
      const name = row.scientificName;
      if (typeof name === 'string' && !result.taxa.has(name))
        result.taxa.set(name, {
          rank: String(row.taxonRank ?? 'species'),
          common: typeof row.vernacularName === 'string' ? row.vernacularName : null,
        });
      return row;
    },
    media: (r: MediaSourceRow): void => {
      result.media++;
      countLicense(r.license, 'media');
    },
  };
}
