import {
  LICENSE_CODES,
  LICENSES,
  type DatasetMetadata,
  type ExploreFilters,
  type LicenseCode,
  type Locale,
} from '@mm/shared';
import { translator } from '../../lib/i18n';
import type { ArchiveColumn } from './dwca-rows';

/** File names inside the sampling-event Darwin Core Archive. */
export const DWCA_FILES = {
  core: 'event.txt',
  occurrence: 'occurrence.txt',
  multimedia: 'multimedia.txt',
  meta: 'meta.xml',
  eml: 'eml.xml',
  citation: 'citation.txt',
  rights: 'rights.txt',
} as const;

const ROW_TYPES = {
  event: 'http://rs.tdwg.org/dwc/terms/Event',
  occurrence: 'http://rs.tdwg.org/dwc/terms/Occurrence',
  multimedia: 'http://rs.gbif.org/terms/1.0/Multimedia',
} as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fileAttributes = `encoding="UTF-8" fieldsTerminatedBy="\\t" linesTerminatedBy="\\n" fieldsEnclosedBy="" ignoreHeaderLines="1"`;
const fields = (columns: ArchiveColumn[]) =>
  columns
    .map((c, index) => (c.declared === false ? null : `    <field index="${index}" term="${c.term}"/>`))
    .filter((line) => line !== null)
    .join('\n');

/**
 * The archive descriptor (Darwin Core text guide): an Event core with the Occurrence and Simple
 * Multimedia extensions, all tab-separated, unquoted, UTF-8 with one header line; each extension's
 * column 0 is the eventID of its core row.
 */
export function metaXml(columns: { event: ArchiveColumn[]; occurrence: ArchiveColumn[]; multimedia: ArchiveColumn[] }) {
  const extension = (
    rowType: string,
    location: string,
    cols: ArchiveColumn[],
  ) => `  <extension ${fileAttributes} rowType="${rowType}">
    <files>
      <location>${location}</location>
    </files>
    <coreid index="0"/>
${fields(cols)}
  </extension>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<archive xmlns="http://rs.tdwg.org/dwc/text/" metadata="${DWCA_FILES.eml}">
  <core ${fileAttributes} rowType="${ROW_TYPES.event}">
    <files>
      <location>${DWCA_FILES.core}</location>
    </files>
    <id index="0"/>
${fields(columns.event)}
  </core>
${extension(ROW_TYPES.occurrence, DWCA_FILES.occurrence, columns.occurrence)}
${extension(ROW_TYPES.multimedia, DWCA_FILES.multimedia, columns.multimedia)}
</archive>
`;
}

/** What an archive holds, gathered while its rows are written; the metadata is written last. */
export interface ArchiveSummary {
  events: number;
  occurrences: number;
  media: number;
  /** WGS84 degrees, null when empty. */
  bbox: { west: number; east: number; south: number; north: number } | null;
  /** yyyy-MM-dd, null when empty. */
  firstDate: string | null;
  lastDate: string | null;
  /** Scientific names with their rank and common name, as exported. */
  taxa: Map<string, { rank: string; common: string | null }>;
  /** Records per licence (events, occurrences and photos together). */
  licenses: Map<LicenseCode, number>;
  /** The same licences counted per kind of record, so that published counts say what they count. */
  licensesByKind: Map<LicenseCode, { events: number; occurrences: number; media: number }>;
  /** Occurrences per identificationVerificationStatus (Pending, Vetted, Valid …), as exported. */
  statuses: Map<string, number>;
  /** Occurrences imported from another dataset: their licence was set at import, not by a recorder here. */
  importedLicensed: number;
  /** Occurrences imported from another dataset, per source dataset name. */
  sources: Map<string, { records: number; viaGbif: boolean }>;
  /**
   * Events per exported `samplingProtocol` value ('' for events that name none: imported records,
   * which followed their source's protocol), with their first and last dates (yyyy-MM-dd).
   */
  protocols: Map<string, { events: number; firstDate: string; lastDate: string }>;
}

export const emptySummary = (): ArchiveSummary => ({
  events: 0,
  occurrences: 0,
  media: 0,
  bbox: null,
  firstDate: null,
  lastDate: null,
  taxa: new Map(),
  licenses: new Map(),
  licensesByKind: new Map(),
  statuses: new Map(),
  importedLicensed: 0,
  sources: new Map(),
  protocols: new Map(),
});

/** The download as a citable thing ("Citable downloads"). */
export interface DownloadCitation {
  /** The download's public UUID. */
  id: string;
  /** yyyy-MM-dd, the day the download was made (its access date). */
  accessed: string;
  /** Occurrences in the download (the citation says "occurrences"). */
  records: number;
  /** Landing page URL, absolute: under PUBLIC_URL, else under the origin of the download's request. */
  url: string;
  datasetName: string;
  publisher: string;
}

const englishPlural = new Intl.PluralRules('en-US');
const englishNumber = new Intl.NumberFormat('en-US');

/** `n` with its noun in English, grouped and in the right number: "1 photo", "1,234 records". */
export const countOf = (n: number, one: string, other: string): string =>
  `${englishNumber.format(n)} ${englishPlural.select(n) === 'one' ? one : other}`;

/**
 * The citation text of a download in `lng` (the `downloads:citation.text` of the shared locales), e.g.
 * `Espace pour la vie (2026). Mission Monarch: monarch butterfly and milkweed observations. Download
 * 6f0…, 1,234 records, accessed 2026-07-21. https://…/mmapp/en/downloads/6f0…`. The record count is
 * written as the language writes numbers (en 1,234; fr 1 234; es 1234 and 12.345), as everywhere in the
 * app; `url` should be the landing page in the same language. The archive's own `citation.txt` is English,
 * as its EML.
 */
export function citationText(c: DownloadCitation, lng: Locale = 'en'): string {
  const t = translator(lng);
  return t('downloads:citation.text', {
    publisher: c.publisher,
    year: c.accessed.slice(0, 4),
    dataset: c.datasetName,
    id: c.id,
    records: t('downloads:citation.records', { count: c.records }),
    accessed: c.accessed,
    url: c.url,
  });
}

/** Events, occurrences and photos under one licence, each counted by name: "3 events, 10 occurrences, 2 photos". */
function kindsText(k: { events: number; occurrences: number; media: number }): string {
  return [
    countOf(k.events, 'event', 'events'),
    countOf(k.occurrences, 'occurrence', 'occurrences'),
    countOf(k.media, 'photo', 'photos'),
  ].join(', ');
}

/**
 * Who chose the licences, from what the archive holds: the volunteer for records made here, the
 * import (the source's licence or the importer's default) for imported ones.
 */
function licenceOrigin(s: ArchiveSummary): string {
  if (s.importedLicensed === 0) return 'chosen by the volunteer who recorded it.';
  if (s.importedLicensed === s.occurrences)
    return `set when it was imported (the source's licence, or the importer's default where the source gave none): all ${countOf(s.importedLicensed, 'occurrence is', 'occurrences are')} imported.`;
  return `chosen by the volunteer who recorded it on Mission Monarch, or, for the ${countOf(s.importedLicensed, 'imported occurrence', 'imported occurrences')}, set when it was imported (the source's licence, or the importer's default where the source gave none).`;
}

/** `rights.txt`: the licences of the records the archive holds, with how many events, occurrences and photos use each. */
export function rightsText(summary: ArchiveSummary, citation: string): string {
  const lines = [...summary.licensesByKind.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, k]) => `- ${LICENSES[code].name}: ${kindsText(k)}, ${LICENSES[code].url}`);
  return [
    'Each record (event, occurrence, photo) of this archive carries its own licence in its "license" column,',
    licenceOrigin(summary),
    'The archive holds records under these licences:',
    ...(lines.length > 0 ? lines : ['- (no records)']),
    '',
    'Use the records under the terms of their licence, and cite the download:',
    citation,
    '',
  ].join('\n');
}

/** The filters in words for the abstract, e.g. `date_from=2026-06-01, kind=flash`, or `none`. */
function describeFilters(filters: ExploreFilters): string {
  const parts = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/**
 * Who recorded the records, without claiming imported ones for the volunteers: those made through
 * the website were submitted by volunteers (their review is in the statuses); imported ones by their sources.
 */
function origin(s: ArchiveSummary): string {
  const imported = [...s.sources.values()].reduce((n, v) => n + v.records, 0);
  const own = s.occurrences - imported;
  if (imported === 0)
    return `Records were submitted by volunteers through the Mission Monarch website. ${statusesText(s)}`;
  const ownText =
    own > 0
      ? `${countOf(own, 'occurrence was', 'occurrences were')} submitted by volunteers through the Mission Monarch website; `
      : '';
  return `${ownText}${countOf(imported, 'occurrence was', 'occurrences were')} not recorded through Mission Monarch: they were imported from the datasets named below, and their recordedBy, datasetName, institutionCode and references name their source. ${statusesText(s)}`;
}

/**
 * How far the records were reviewed, from their statuses: "Occurrences per status: Pending 12, Valid 3
 * (Pending: not yet reviewed by the team)." Nothing is said to be vetted that is not.
 */
export function statusesText(s: ArchiveSummary): string {
  if (s.statuses.size === 0) return 'The archive holds no occurrences.';
  const parts = [...s.statuses.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([status, n]) => `${status} ${englishNumber.format(n)}`);
  const pending = s.statuses.has('Pending') ? ' (Pending: not yet reviewed by the team)' : '';
  return `Occurrences per status: ${parts.join(', ')}${pending}.`;
}

/** The sources of the download ("the EML states the sources"), and what was left out. */
function sourcesText(s: ArchiveSummary, includeGbif = false): string {
  const list = [...s.sources.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, v]) => `${name}${v.viaGbif ? ' (via GBIF)' : ''}: ${countOf(v.records, 'occurrence', 'occurrences')}`);
  const own = s.occurrences - [...s.sources.values()].reduce((n, v) => n + v.records, 0);
  const sources = [`Mission Monarch volunteers: ${countOf(own, 'occurrence', 'occurrences')}`, ...list].join('; ');
  const gbif = includeGbif
    ? 'Records imported from GBIF or a GBIF publisher were included on request; each is marked with its source and a note, and should be cited from its original dataset.'
    : 'Records imported from GBIF or a GBIF publisher (such as iNaturalist) are left out, since GBIF already publishes them.';
  return `Sources: ${sources}. ${gbif}`;
}

/**
 * Whether records carrying quality flags are in the download (`exclude_flagged`, docs/adr/0035): a
 * researcher reading only the metadata must know whether suspect counts were screened out.
 */
function flaggedText(filters: Pick<ExploreFilters, 'exclude_flagged'>): string {
  return filters.exclude_flagged
    ? 'Flagged records were left out (exclude_flagged): occurrences carrying a quality flag (an unusual date, season, count, count per stem, place, near-duplicate or photo EXIF) that no administrator accepted are not in this download.'
    : 'Flagged records were not left out: occurrences carrying a quality flag (an unusual date, season, count, count per stem, place, near-duplicate or photo EXIF) are included, their flags at the end of occurrenceRemarks ("quality flags: ...").';
}

/** The Mission protocol, step by step (the "What is a mission?" page), for EML `methods`. */
const METHOD_STEPS = [
  'Choose a site: a patch of milkweed that can be reached safely and, ideally, visited again.',
  'Note the date, the start time, the number of participants and where the patch is (a point on a map).',
  'Count the milkweed stems inspected: all of them in a small patch, a fixed number along a path in a large one; note the density (abundance) and size of the patch.',
  'Inspect each plant from top to bottom, both sides of the leaves, the stem and the flowers.',
  'For each milkweed species, count the eggs, caterpillars, chrysalises and adults found; a stage looked for and not found is recorded as 0 (an absence).',
  'Photograph what was found to help the team confirm it.',
  'Note the end time and submit the Mission. A Flash Data sighting records a single incidental observation (date, place, counts, optional milkweed and photos) without effort.',
];

/**
 * What the archive's events followed, computed from the rows written: each `samplingProtocol` value
 * with its number of events and their date range, e.g. `3 events (2026-06-02 to 2026-08-02) followed
 * "Mission Monarch Mission (milkweed survey) https://…"`. Events naming none are counted as such.
 */
function protocolsText(s: ArchiveSummary): string {
  if (s.protocols.size === 0) return 'The archive holds no events.';
  const range = (p: { firstDate: string; lastDate: string }) =>
    p.firstDate === p.lastDate ? `on ${p.firstDate}` : `from ${p.firstDate} to ${p.lastDate}`;
  const parts = [...s.protocols.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a < b ? -1 : 1))
    .map(([protocol, p]) =>
      protocol === ''
        ? `${countOf(p.events, 'event', 'events')} ${range(p)} name no protocol (imported records, which followed their source's)`
        : `${countOf(p.events, 'event', 'events')} ${range(p)} followed "${protocol}"`,
    );
  const values = s.protocols.size - (s.protocols.has('') ? 1 : 0);
  return `${countOf(s.events, 'event', 'events')} with ${countOf(values, 'samplingProtocol value', 'samplingProtocol values')}: ${parts.join('; ')}.`;
}

/** The EML's publishing facts: the configured contact and the dataset's names. */
export interface EmlParty {
  publisher: string;
  datasetName: string;
  contactName: string | null;
  contactEmail: string | null;
  /** The site's origin (PUBLIC_URL, else the request's). */
  publicUrl: string;
}

/**
 * The dataset metadata before an admin edits it (admin panel, "Dataset"): the texts the EML always
 * had, the publisher and the configured contact.
 */
export function defaultDatasetMetadata(p: Omit<EmlParty, 'publicUrl'>): DatasetMetadata {
  return {
    title: {
      en: `${p.datasetName}: monarch butterfly and milkweed observations`,
      fr: `${p.datasetName} : observations de monarques et d’asclépiades`,
      es: `${p.datasetName}: observaciones de mariposas monarca y algodoncillos`,
    },
    abstract_intro: {
      en: 'Sampling events of the Mission Monarch citizen-science programme: Missions (timed surveys of a milkweed patch with the number of stems inspected, participants and duration, recording each monarch life stage found and the stages looked for and not found as absences) and Flash Data (single incidental sightings), in Canada, the United States and Mexico. Each event holds its occurrences: monarch butterflies (Danaus plexippus) by life stage and the milkweeds (Asclepias) observed, with photos.',
      fr: '',
      es: '',
    },
    keywords: ['Danaus plexippus', 'Asclepias'],
    contacts: [{ name: p.contactName ?? '', organization: p.publisher, email: p.contactEmail ?? '' }],
    license: 'CC0-1.0',
    citation: '',
  };
}

/** `<title>` in English with its French and Spanish translations (EML 2.2 `value` children). */
function titleXml(title: DatasetMetadata['title']): string {
  const values = (['fr', 'es'] as const)
    .filter((lng) => title[lng] !== '')
    .map((lng) => `<value xml:lang="${lng}">${escapeXml(title[lng])}</value>`)
    .join('');
  return `    <title xml:lang="en">${escapeXml(title.en)}${values}</title>`;
}

/** An EML contact from the edited metadata (organisation, optional person and email). */
function contactXml(c: DatasetMetadata['contacts'][number], publicUrl: string): string {
  const person = c.name ? `\n      <individualName><surName>${escapeXml(c.name)}</surName></individualName>` : '';
  const email = c.email ? `\n      <electronicMailAddress>${escapeXml(c.email)}</electronicMailAddress>` : '';
  const url = publicUrl ? `\n      <onlineUrl>${escapeXml(publicUrl)}/mmapp/</onlineUrl>` : '';
  return `    <contact>${person}
      <organizationName>${escapeXml(c.organization)}</organizationName>${email}${url}
    </contact>`;
}

function party(tag: string, p: EmlParty): string {
  const person = p.contactName
    ? `\n      <individualName><surName>${escapeXml(p.contactName)}</surName></individualName>`
    : '';
  const email = p.contactEmail
    ? `\n      <electronicMailAddress>${escapeXml(p.contactEmail)}</electronicMailAddress>`
    : '';
  const url = p.publicUrl ? `\n      <onlineUrl>${escapeXml(p.publicUrl)}/mmapp/</onlineUrl>` : '';
  return `    <${tag}>${person}
      <organizationName>${escapeXml(p.publisher)}</organizationName>${email}${url}
    </${tag}>`;
}

function coverage(s: ArchiveSummary): string {
  const parts: string[] = [];
  if (s.bbox) {
    parts.push(`      <geographicCoverage>
        <geographicDescription>Sites of the records in Canada, the United States and Mexico</geographicDescription>
        <boundingCoordinates>
          <westBoundingCoordinate>${s.bbox.west}</westBoundingCoordinate>
          <eastBoundingCoordinate>${s.bbox.east}</eastBoundingCoordinate>
          <northBoundingCoordinate>${s.bbox.north}</northBoundingCoordinate>
          <southBoundingCoordinate>${s.bbox.south}</southBoundingCoordinate>
        </boundingCoordinates>
      </geographicCoverage>`);
  }
  if (s.firstDate && s.lastDate) {
    parts.push(`      <temporalCoverage>
        <rangeOfDates>
          <beginDate><calendarDate>${s.firstDate}</calendarDate></beginDate>
          <endDate><calendarDate>${s.lastDate}</calendarDate></endDate>
        </rangeOfDates>
      </temporalCoverage>`);
  }
  const taxa = new Map(s.taxa);
  if (!taxa.has('Danaus plexippus')) taxa.set('Danaus plexippus', { rank: 'species', common: 'Monarch' });
  const classifications = [...taxa.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([name, t]) => `        <taxonomicClassification>
          <taxonRankName>${t.rank}</taxonRankName>
          <taxonRankValue>${escapeXml(name)}</taxonRankValue>${t.common ? `\n          <commonName>${escapeXml(t.common)}</commonName>` : ''}
        </taxonomicClassification>`,
    )
    .join('\n');
  parts.push(`      <taxonomicCoverage>
        <generalTaxonomicCoverage>The monarch butterfly (Danaus plexippus) at every life stage, and its host plants, the milkweeds (Asclepias and related Apocynaceae).</generalTaxonomicCoverage>
${classifications}
      </taxonomicCoverage>`);
  return `    <coverage>\n${parts.join('\n')}\n    </coverage>`;
}

/**
 * EML 2.2 dataset metadata of one download (valid against the EML 2.2.0 schema): title, creator and
 * contact (with the configured email), abstract with the filters, licences, geographic, temporal and
 * taxonomic coverage, the Mission protocol as methods, and the citation in the GBIF profile's
 * `additionalMetadata`.
 * @param packageId unique per download (`urn:uuid:{download id}`)
 * @param pubDate yyyy-MM-dd
 * @param version the stored public archive's version (`1.{build}`, docs/adr/0038): written as an IPT
 *   writes it, after the package id (`{packageId}/v{version}`), and in the abstract
 */
export function emlXml(args: {
  packageId: string;
  pubDate: string;
  version?: string;
  filters: ExploreFilters;
  summary: ArchiveSummary;
  party: EmlParty;
  citation: string;
  /** Statuses the download holds, by name. */
  statuses: string[];
  /** Whether records imported from GBIF or a GBIF publisher were asked for. */
  includeGbif?: boolean;
  /** The dataset metadata edited in the admin panel; `defaultDatasetMetadata` when not given. */
  dataset?: DatasetMetadata;
}): string {
  const { summary: s, party: p } = args;
  const dataset = args.dataset ?? defaultDatasetMetadata(p);
  // The Mission protocol's steps describe only events that followed it; imported ones name their own.
  const hasOwnProtocol = [...s.protocols.keys()].some((protocol) => protocol !== '');
  // One dataset licence, as GBIF and an IPT expect: the most restrictive the records carry (CC0 <
  // CC BY < CC BY-NC), the only link in intellectualRights; each record keeps its own in `license`.
  const licenses = LICENSE_CODES.filter((code) => s.licenses.has(code));
  // The admins' dataset licence is a floor: the EML never states a freer one than they chose.
  const floor = LICENSE_CODES.indexOf(dataset.license);
  const recordsMost = licenses.at(-1);
  const datasetLicense =
    recordsMost === undefined ? undefined : LICENSE_CODES[Math.max(floor, LICENSE_CODES.indexOf(recordsMost))];
  const licensed = datasetLicense
    ? `    <licensed>
      <licenseName>${escapeXml(LICENSES[datasetLicense].name)}</licenseName>
      <url>${LICENSES[datasetLicense].url}</url>
      <identifier>${datasetLicense}</identifier>
    </licensed>`
    : '';
  const rights = datasetLicense
    ? [
        `<para>This work is licensed under a <ulink url="${LICENSES[datasetLicense].url}"><citetitle>${escapeXml(LICENSES[datasetLicense].name)}</citetitle></ulink>.</para>`,
        ...(licenses.length > 1 || datasetLicense !== recordsMost
          ? [
              `<para>${datasetLicense !== recordsMost ? 'The licence the publisher chose for the dataset, more restrictive than its records’.' : 'The most restrictive licence of its records.'} Each record states its own licence (license column): ${licenses
                .map(
                  (code) =>
                    `${escapeXml(LICENSES[code].name)}: ${kindsText(s.licensesByKind.get(code) ?? { events: 0, occurrences: 0, media: 0 })}`,
                )
                .join('; ')}.</para>`,
            ]
          : []),
      ].join('\n      ')
    : '<para>This download holds no records.</para>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<eml:eml xmlns:eml="https://eml.ecoinformatics.org/eml-2.2.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="https://eml.ecoinformatics.org/eml-2.2.0 https://eml.ecoinformatics.org/eml-2.2.0/eml.xsd"
  packageId="${escapeXml(args.version ? `${args.packageId}/v${args.version}` : args.packageId)}" system="urn:mission-monarch" scope="system" xml:lang="en">
  <dataset>
    <alternateIdentifier>${escapeXml(args.packageId)}</alternateIdentifier>
${titleXml(dataset.title)}
${party('creator', p)}
${party('metadataProvider', p)}
    <pubDate>${args.pubDate}</pubDate>
    <language>en</language>
    <abstract>
      <para>${escapeXml(dataset.abstract_intro.en)} ${escapeXml(origin(s))} The identificationVerificationStatus of each record gives its status.${args.version ? ` Version ${escapeXml(args.version)} of the public archive.` : ''} Exported on ${args.pubDate}: ${countOf(s.events, 'event', 'events')}, ${countOf(s.occurrences, 'occurrence', 'occurrences')}, ${countOf(s.media, 'photo', 'photos')}. Statuses: ${escapeXml(args.statuses.join(', '))}. Filters applied: ${escapeXml(describeFilters(args.filters))}.</para>
      <para>${escapeXml(sourcesText(s, args.includeGbif))}</para>
      <para>${escapeXml(flaggedText(args.filters))}</para>${(['fr', 'es'] as const)
        .filter((lng) => dataset.abstract_intro[lng] !== '')
        .map((lng) => `\n      <para xml:lang="${lng}">${escapeXml(dataset.abstract_intro[lng])}</para>`)
        .join('')}
    </abstract>
${
  dataset.keywords.length > 0
    ? `    <keywordSet>\n${dataset.keywords.map((k) => `      <keyword>${escapeXml(k)}</keyword>`).join('\n')}\n    </keywordSet>\n`
    : ''
}    <keywordSet>
      <keyword>Samplingevent</keyword>
      <keywordThesaurus>GBIF Dataset Type Vocabulary: http://rs.gbif.org/vocabulary/gbif/dataset_type_2015-07-10.xml</keywordThesaurus>
    </keywordSet>
    <intellectualRights>
      ${rights}
    </intellectualRights>
${licensed}
${coverage(s)}
${dataset.contacts.map((c) => contactXml(c, p.publicUrl)).join('\n')}
    <methods>
${(hasOwnProtocol ? METHOD_STEPS : []).map((step) => `      <methodStep>\n        <description><para>${escapeXml(step)}</para></description>\n      </methodStep>`).join('\n')}
      <methodStep>
        <description><para>${escapeXml(protocolsText(s))}</para></description>
      </methodStep>
      <sampling>
        <studyExtent><description><para>Milkweed sites chosen by volunteers across the breeding range of the monarch in North America.</para></description></studyExtent>
        <samplingDescription><para>A Mission is one visit to one site: its sample size is the number of milkweed stems inspected (sampleSizeValue, sampleSizeUnit), its effort the participants and duration (samplingEffort). Every life stage of the monarch is looked for on each milkweed species, so a stage not found is an absence (occurrenceStatus absent, individualCount 0).</para></samplingDescription>
      </sampling>
    </methods>
  </dataset>
  <additionalMetadata>
    <metadata>
      <gbif>
        <citation identifier="${escapeXml(args.packageId)}">${escapeXml(dataset.citation || args.citation)}</citation>
      </gbif>
    </metadata>
  </additionalMetadata>
</eml:eml>
`;
}
