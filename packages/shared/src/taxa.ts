/**
 * Taxonomic reference data for exports: rank, authorship and backbone ids.
 *
 * Backbone: the GBIF Backbone Taxonomy (https://doi.org/10.15468/39omei); `taxonID` is written as
 * `https://www.gbif.org/species/{key}`. Only keys checked by hand are listed — the others stay empty
 * rather than guessed (no network at build time to look them up). Authorship follows POWO/IPNI for
 * the plants and the Lepidoptera catalogues for the monarch; names whose author is not certain are
 * left without one.
 */
export interface TaxonFacts {
  rank: 'species' | 'genus';
  authorship: string | null;
  gbifKey: number | null;
}

export const MONARCH_SCIENTIFIC_NAME = 'Danaus plexippus';
export const TAXON_BACKBONE = 'GBIF Backbone Taxonomy';
export const gbifTaxonUrl = (key: number) => `https://www.gbif.org/species/${key}`;

const AUTHORS: Record<string, string> = {
  'Danaus plexippus': '(Linnaeus, 1758)',
  Asclepias: 'L.',
  'Asclepias albicans': 'S.Watson',
  'Asclepias amplexicaulis': 'Sm.',
  'Asclepias angustifolia': 'Schweigg.',
  'Asclepias arenaria': 'Torr.',
  'Asclepias asperula': '(Decne.) Woodson',
  'Asclepias californica': 'Greene',
  'Asclepias cinerea': 'Walter',
  'Asclepias cordifolia': '(Benth.) Jeps.',
  'Asclepias curassavica': 'L.',
  'Asclepias engelmanniana': 'Woodson',
  'Asclepias eriocarpa': 'Benth.',
  'Asclepias erosa': 'Torr.',
  'Asclepias exaltata': 'L.',
  'Asclepias fascicularis': 'Decne.',
  'Asclepias glaucescens': 'Kunth',
  'Asclepias hallii': 'A.Gray',
  'Asclepias humistrata': 'Walter',
  'Asclepias incarnata': 'L.',
  'Asclepias lanceolata': 'Walter',
  'Asclepias latifolia': '(Torr.) Raf.',
  'Asclepias linaria': 'Cav.',
  'Asclepias longifolia': 'Michx.',
  'Asclepias macrotis': 'Torr.',
  'Asclepias meadii': 'Torr. ex A.Gray',
  'Asclepias mexicana': 'Cav.',
  'Asclepias michauxii': 'Decne.',
  'Asclepias nyctaginifolia': 'A.Gray',
  'Asclepias obovata': 'Elliott',
  'Asclepias ovalifolia': 'Decne.',
  'Asclepias perennis': 'Walter',
  'Asclepias pumila': '(A.Gray) Vail',
  'Asclepias purpurascens': 'L.',
  'Asclepias quadrifolia': 'Jacq.',
  'Asclepias rubra': 'L.',
  'Asclepias speciosa': 'Torr.',
  'Asclepias stenophylla': 'A.Gray',
  'Asclepias subulata': 'Decne.',
  'Asclepias subverticillata': '(A.Gray) Vail',
  'Asclepias sullivantii': 'Engelm. ex A.Gray',
  'Asclepias syriaca': 'L.',
  'Asclepias tomentosa': 'Elliott',
  'Asclepias tuberosa': 'L.',
  'Asclepias variegata': 'L.',
  'Asclepias verticillata': 'L.',
  'Asclepias viridiflora': 'Raf.',
  'Asclepias viridis': 'Walter',
  'Asclepias viridula': 'Chapm.',
  'Calotropis procera': '(Aiton) W.T.Aiton',
  'Cynanchum laeve': '(Michx.) Pers.',
  'Funastrum cynanchoides': '(Decne.) Schltr.',
  'Gomphocarpus physocarpus': 'E.Mey.',
};

/**
 * GBIF Backbone Taxonomy keys known for certain; every other name exports an empty `taxonID` rather
 * than a guessed key (nothing is looked up at run time). Sources:
 * - Asclepias (genus) 3170229 and Asclepias speciosa 3170260: the `genusKey` and `speciesKey` /
 *   `taxonKey` columns of a GBIF occurrence download, BiodiversityDataScienceCorp/milkfli-mapping
 *   `Data/A_speciosa.csv` (commit 064628d5; fixtures/observations/gbif_inat_asclepias_speciosa_2020.csv.gz),
 *   where `acceptedScientificName` is "Asclepias speciosa Torr.".
 * - Asclepias linaria 3170270: the same columns of the GBIF download in milapruiett/Pineneedle-Milkweed-SSA
 *   `data/PineneedleMilkweed.csv` (commit 4ebf618e), "Asclepias linaria Cav.", genusKey 3170229.
 * - Asclepias subverticillata 3170284: the same columns of the GBIF download in
 *   BiodiversityDataScienceCorp/Spidertail-Mapping `data/horsetail.csv` (commit aa7a2655),
 *   "Asclepias subverticillata (Gray) Vail", genusKey 3170229.
 * - Danaus plexippus 5133088: GBIF's species page for the monarch (https://www.gbif.org/species/5133088).
 */
const GBIF_KEYS: Record<string, number> = {
  'Danaus plexippus': 5133088,
  Asclepias: 3170229,
  'Asclepias linaria': 3170270,
  'Asclepias speciosa': 3170260,
  'Asclepias subverticillata': 3170284,
};

/**
 * Export facts of a scientific name as stored: "Asclepias sp." is the genus Asclepias (rank genus,
 * `scientificName` "Asclepias"); every other stored name is a species.
 * @returns the name to export with its rank, authorship (or null) and GBIF key (or null)
 */
export function taxonFacts(storedName: string): TaxonFacts & { scientificName: string } {
  const genusOnly = /^(\S+)\s+sp{1,2}\.?$/.exec(storedName.trim());
  const scientificName = genusOnly?.[1] ?? storedName.trim();
  return {
    scientificName,
    rank: genusOnly ? 'genus' : 'species',
    authorship: AUTHORS[scientificName] ?? null,
    gbifKey: GBIF_KEYS[scientificName] ?? null,
  };
}
