/**
 * Offline analysis behind the demo data: reads the public sighting CSVs with the importer and prints
 * demo-model.ts, a few KB of aggregates (hotspots, seasons, counts, a coarse land mask), to stdout.
 * The datasets themselves never ship with the app.
 *
 * Usage, from the repository root:
 *   npx tsx apps/server/src/demo/derive-demo-model.ts [data-dir] > apps/server/src/demo/demo-model.ts
 * `data-dir` defaults to ../shared/data/observations next to the repository.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { DEMO_AREA, type DemoHotspot, type DemoLandMask, type DemoModel, type DemoStage } from './demo-model-types';
import { mulberry32 } from './prng';
import { parseSightingsCsv, type Lifestage } from '../modules/imports/sightings-csv';

const DEFAULT_DATA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../shared/data/observations',
);

// Arizona's file is one state's full iNat/GBIF record: at full weight a tenth of all continental demo points would
// land in Arizona. It still counts fully for seasons, being the only all-year adult series.
const SOURCES = [
  { file: 'journeynorth_monarch_adult_first_spring2021.csv', locationWeight: 1 },
  { file: 'journeynorth_monarch_egg_2007-2020.csv', locationWeight: 1 },
  { file: 'journeynorth_monarch_larva_first_1999-2020.csv', locationWeight: 1 },
  { file: 'journeynorth_milkweed_2002-2020.csv', locationWeight: 1 },
  { file: 'az_monarchs_inat_gbif_2000-2022.csv', locationWeight: 0.25 },
  { file: 'gbif_showy_milkweed_asclepias_speciosa.csv', locationWeight: 1 },
] as const;

const HOTSPOT_COUNT = 100;
const KMEANS_ITERATIONS = 30;
// About 25 km: fine enough to keep scattered points off open water, small enough to paste once deflated.
const MASK_CELL_DEG = 0.25;
const KM_PER_DEGREE = 111.2;
const WEEKS = 52;
const DAY_MS = 86_400_000;
// Clusters tighter than a town or wider than a region make poor demo scatter.
const SPREAD_KM = { min: 5, max: 120 };
// No dataset reports chrysalises: assume one for every five caterpillar reports, with small counts.
const CHRYSALIS_PER_CATERPILLAR = 0.2;
const MAX_COUNT: Readonly<Record<Lifestage, number>> = { 1: 10, 2: 30, 3: 10, 4: 5 };

interface Sighting {
  lat: number;
  lng: number;
  month: number;
  week: number;
  stage: Lifestage | null;
  count: number | null;
  locality: string | null;
  locationWeight: number;
}

function weekOfYear(isoDate: string): { month: number; week: number } {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const daysInYear = (Date.UTC(date.getUTCFullYear() + 1, 0, 1) - yearStart) / DAY_MS;
  const dayOfYear = (date.getTime() - yearStart) / DAY_MS;
  return { month: date.getUTCMonth(), week: Math.floor((dayOfYear * WEEKS) / daysInYear) };
}

async function loadSightings(dataDir: string): Promise<Sighting[]> {
  const sightings: Sighting[] = [];
  for (const { file, locationWeight } of SOURCES) {
    let rejected = 0;
    let outside = 0;
    for await (const parsed of parseSightingsCsv(createReadStream(path.join(dataDir, file)))) {
      if (!('record' in parsed)) {
        rejected += 1;
        continue;
      }
      const {
        decimalLatitude: lat,
        decimalLongitude: lng,
        eventDate,
        lifestage_id,
        individualCount,
        locality,
      } = parsed.record;
      if (lat < DEMO_AREA.south || lat > DEMO_AREA.north || lng < DEMO_AREA.west || lng > DEMO_AREA.east) {
        outside += 1;
        continue;
      }
      sightings.push({
        lat,
        lng,
        ...weekOfYear(eventDate),
        stage: lifestage_id,
        count: individualCount,
        locality,
        locationWeight,
      });
    }
    process.stderr.write(`${file}: ${rejected} rows with issues, ${outside} outside the study area\n`);
  }
  return sightings;
}

/** The element at `index`, which the caller derived from the list itself. */
function element<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`No element ${index} in a list of ${items.length}`);
  return item;
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const normalise = (values: readonly number[]): number[] => values.map((value) => value / (sum(values) || 1));
// Seasons wrap around: week 51 is next to week 0.
const circular = (values: readonly number[], index: number): number =>
  values[((index % values.length) + values.length) % values.length] ?? 0;
const shiftWeeks = (values: readonly number[], by: number): number[] =>
  values.map((_, week) => circular(values, week - by));
// One pass of a circular [1 2 1] kernel: weekly counts from a few thousand reports are noisy.
const smooth = (values: readonly number[]): number[] =>
  values.map((value, i) => (circular(values, i - 1) + 2 * value + circular(values, i + 1)) / 4);

/** Weighted tally of `bins` 0-based bins; sightings whose bin is null are left out. */
function histogram(
  sightings: readonly Sighting[],
  bins: number,
  binOf: (sighting: Sighting) => number | null,
  weightOf = (_: Sighting) => 1,
): number[] {
  const tally = new Array<number>(bins).fill(0);
  for (const sighting of sightings) {
    const bin = binOf(sighting);
    if (bin !== null) tally[bin] = (tally[bin] ?? 0) + weightOf(sighting);
  }
  return tally;
}

const weekHistogram = (sightings: readonly Sighting[]): number[] =>
  histogram(sightings, WEEKS, (sighting) => sighting.week);

function percentOfMax(values: readonly number[]): number[] {
  const max = Math.max(...values);
  return values.map((value) => Math.round((100 * value) / max));
}

function countWeights(sightings: readonly Sighting[], maxCount: number): number[] {
  // Counts above the cap are rare outliers (1,000 eggs collected in a day); dropping keeps demo rows typical.
  const binOf = ({ count }: Sighting) => (count !== null && count >= 1 && count <= maxCount ? count - 1 : null);
  return normalise(histogram(sightings, maxCount, binOf)).map((share) => Math.round(share * 1000));
}

function deriveStages(sightings: readonly Sighting[]): DemoModel['stages'] {
  const of = (stage: Lifestage) => sightings.filter((sighting) => sighting.stage === stage);
  const [adults, eggs, larvae] = [of(1), of(2), of(3)];
  // "First sighted" larva reports stop in July; caterpillars hatch from the eggs a few days after they are seen.
  const hatchWeeks = normalise(shiftWeeks(weekHistogram(eggs), 1));
  const caterpillarWeeks = smooth(
    normalise(weekHistogram(larvae)).map((share, week) => (share + circular(hatchWeeks, week)) / 2),
  );
  const chrysalisWeeks = shiftWeeks(caterpillarWeeks, 2);
  const sizes = { 1: adults.length, 2: eggs.length, 3: larvae.length, 4: larvae.length * CHRYSALIS_PER_CATERPILLAR };
  const total = sum(Object.values(sizes));
  const stage = (id: Lifestage, weeks: number[], counted: readonly Sighting[]): DemoStage => ({
    share: Math.round((sizes[id] / total) * 1000) / 1000,
    weeks: percentOfMax(weeks),
    counts: countWeights(counted, MAX_COUNT[id]),
  });
  return {
    1: stage(1, smooth(weekHistogram(adults)), adults),
    2: stage(2, smooth(weekHistogram(eggs)), eggs),
    3: stage(3, caterpillarWeeks, larvae),
    4: stage(4, chrysalisWeeks, larvae),
  };
}

interface Projected {
  x: number;
  y: number;
  sighting: Sighting;
}

// Sinusoidal projection: good enough to compare distances within a cluster, in km.
const project = (sighting: Sighting): Projected => ({
  x: sighting.lng * KM_PER_DEGREE * Math.cos((sighting.lat * Math.PI) / 180),
  y: sighting.lat * KM_PER_DEGREE,
  sighting,
});
const distance2 = (a: { x: number; y: number }, b: { x: number; y: number }): number =>
  (a.x - b.x) ** 2 + (a.y - b.y) ** 2;

function nearestCentre(point: Projected, centres: readonly { x: number; y: number }[]): number {
  let best = 0;
  let bestDistance = Infinity;
  centres.forEach((centre, c) => {
    const d = distance2(point, centre);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  });
  return best;
}

/** k-means++ seeding, weighted, with a fixed seed so the model is reproducible. */
function seedCentres(points: readonly Projected[], k: number): { x: number; y: number }[] {
  const random = mulberry32(20_240_601);
  const first = element(points, Math.floor(random() * points.length));
  const centres = [first];
  let nearest = points.map((point) => distance2(point, first));
  while (centres.length < k) {
    const scores = points.map((point, i) => (nearest[i] ?? 0) * point.sighting.locationWeight);
    let target = random() * sum(scores);
    const chosen = element(
      points,
      Math.max(
        0,
        scores.findIndex((score) => (target -= score) <= 0),
      ),
    );
    centres.push(chosen);
    nearest = points.map((point, i) => Math.min(nearest[i] ?? 0, distance2(point, chosen)));
  }
  return centres.map(({ x, y }) => ({ x, y }));
}

function kMeans(points: readonly Projected[], k: number): Projected[][] {
  let centres = seedCentres(points, k);
  let clusters: Projected[][] = [];
  for (let iteration = 0; iteration < KMEANS_ITERATIONS; iteration += 1) {
    clusters = centres.map(() => []);
    for (const point of points) element(clusters, nearestCentre(point, centres)).push(point);
    clusters = clusters.filter((members) => members.length > 0);
    centres = clusters.map((members) => weightedMean(members));
  }
  return clusters;
}

function weightedMean(members: readonly Projected[]): { x: number; y: number } {
  const weight = sum(members.map((member) => member.sighting.locationWeight));
  const x = sum(members.map((member) => member.x * member.sighting.locationWeight)) / weight;
  const y = sum(members.map((member) => member.y * member.sighting.locationWeight)) / weight;
  return { x, y };
}

function monthDigits(members: readonly Projected[]): string {
  const sightings = members.map((member) => member.sighting);
  const smoothed = smooth(
    histogram(
      sightings,
      12,
      (sighting) => sighting.month,
      (sighting) => sighting.locationWeight,
    ),
  );
  const max = Math.max(...smoothed);
  // Any activity keeps at least 1, so quiet months stay possible rather than rounding away.
  return smoothed.map((value) => (value === 0 ? 0 : Math.max(1, Math.round((9 * value) / max)))).join('');
}

function commonestLocality(members: readonly Projected[]): string | null {
  const tally = new Map<string, number>();
  // U+FFFD marks names already garbled in the source export ("Ac\uFFFDmbaro").
  for (const { sighting } of members) {
    const name = sighting.locality;
    if (name && !name.includes('\uFFFD')) tally.set(name, (tally.get(name) ?? 0) + 1);
  }
  return [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

function describeCluster(members: readonly Projected[], totalWeight: number): DemoHotspot {
  const mean = weightedMean(members);
  const centre = members.reduce((best, member) =>
    distance2(member, mean) < distance2(best, mean) ? member : best,
  ).sighting;
  const weight = sum(members.map((member) => member.sighting.locationWeight));
  const variance = sum(members.map((member) => distance2(member, mean) * member.sighting.locationWeight)) / weight / 2;
  const spreadKm = Math.round(Math.min(SPREAD_KM.max, Math.max(SPREAD_KM.min, Math.sqrt(variance))));
  // Only names from the cluster's core: a wide cluster's commonest town can lie hundreds of km off-centre.
  const core = members.filter((member) => distance2(member, mean) <= spreadKm ** 2);
  const round2 = (value: number) => Math.round(value * 100) / 100;
  const share = Math.round((weight / totalWeight) * 10_000);
  return [round2(centre.lat), round2(centre.lng), spreadKm, share, monthDigits(members), commonestLocality(core)];
}

function deriveHotspots(sightings: readonly Sighting[]): DemoHotspot[] {
  const monarchs = sightings.filter((sighting) => sighting.stage !== null).map(project);
  const totalWeight = sum(monarchs.map((point) => point.sighting.locationWeight));
  return kMeans(monarchs, HOTSPOT_COUNT)
    .map((members) => describeCluster(members, totalWeight))
    .filter((hotspot) => hotspot[3] > 0)
    .sort((a, b) => b[3] - a[3] || b[0] - a[0]);
}

function deriveLandMask(sightings: readonly Sighting[]): DemoLandMask {
  const south = Math.floor(Math.min(...sightings.map((s) => s.lat)));
  const west = Math.floor(Math.min(...sightings.map((s) => s.lng)));
  const rows = Math.floor((Math.max(...sightings.map((s) => s.lat)) - south) / MASK_CELL_DEG) + 1;
  const cols = Math.floor((Math.max(...sightings.map((s) => s.lng)) - west) / MASK_CELL_DEG) + 1;
  const bytes = new Uint8Array(Math.ceil((rows * cols) / 8));
  for (const { lat, lng } of sightings) {
    const bit = Math.floor((lat - south) / MASK_CELL_DEG) * cols + Math.floor((lng - west) / MASK_CELL_DEG);
    bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (0x80 >> (bit & 7));
  }
  return {
    south,
    west,
    cellDeg: MASK_CELL_DEG,
    rows,
    cols,
    bits: deflateRawSync(bytes, { level: 9 }).toString('base64'),
  };
}

function wrap(items: readonly string[], indent: string, width = 110): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && line.length + item.length + 1 <= width) line += ` ${item}`;
    else {
      if (line) lines.push(line);
      line = `${indent}${item}`;
    }
  }
  return [...lines, line].join('\n');
}

const STAGE_IDS: readonly Lifestage[] = [1, 2, 3, 4];

function renderList(values: readonly number[], indent: string): string {
  return `[\n${wrap(
    values.map((value) => `${value},`),
    `${indent}  `,
  )}\n${indent}]`;
}

function renderStages(stages: DemoModel['stages']): string {
  return STAGE_IDS.map((id) => {
    const { share, weeks, counts } = stages[id];
    const lists = `      weeks: ${renderList(weeks, '      ')},\n      counts: ${renderList(counts, '      ')},`;
    return `    ${id}: {\n      share: ${share},\n${lists}\n    },`;
  }).join('\n');
}

function renderLandMask({ bits, ...box }: DemoLandMask): string {
  const fields = Object.entries(box).map(([key, value]) => `    ${key}: ${value},`);
  const chunks = (bits.match(/.{1,100}/g) ?? []).map((chunk) => `      '${chunk}',`);
  return [...fields, '    bits: [', ...chunks, "    ].join(''),"].join('\n');
}

function renderModule(model: DemoModel, sightingCount: number): string {
  return `/**
 * Demo-data model: GENERATED by derive-demo-model.ts (see its header for the command); do not edit by hand.
 * Aggregated from ${sightingCount.toLocaleString('en-US')} public sightings kept as test fixtures beside the repository
 * (../shared/data/observations; never shipped): Journey North (journeynorth.org) monarch eggs 2007-2020, first larvae
 * 1999-2020, first adults spring 2021 and milkweed 2002-2020 (via github.com/MeganKRiley/Monarch_Butterflies);
 * iNaturalist/GBIF monarchs of Arizona 2000-2022 (github.com/mcx8/Shiny_AZMonarchs); GBIF occurrences of
 * Asclepias speciosa (github.com/BiodiversityDataScienceCorp/milkfli-mapping).
 * Only cluster centres, seasonal and count histograms and a 0.25-degree occupancy mask are kept, no individual record.
 */
import type { DemoModel } from './demo-model-types';

export const DEMO_MODEL: DemoModel = {
  stages: {
${renderStages(model.stages)}
  },
  milkweed: {
    weeks: ${renderList(model.milkweed.weeks, '    ')},
  },
  // [lat, lng, spreadKm, weight /10,000, activity Jan-Dec 0-9, locality]
  hotspots: [
${model.hotspots.map((hotspot) => `    ${JSON.stringify(hotspot)},`).join('\n')}
  ],
  landMask: {
${renderLandMask(model.landMask)}
  },
};
`;
}

async function main(): Promise<void> {
  const sightings = await loadSightings(process.argv[2] ?? DEFAULT_DATA_DIR);
  const model: DemoModel = {
    stages: deriveStages(sightings),
    milkweed: { weeks: percentOfMax(smooth(weekHistogram(sightings.filter((sighting) => sighting.stage === null)))) },
    hotspots: deriveHotspots(sightings),
    landMask: deriveLandMask(sightings),
  };
  process.stdout.write(renderModule(model, sightings.length));
}

await main();
