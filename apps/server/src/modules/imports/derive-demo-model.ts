/**
 * Offline analysis behind the demo data: reads the public sighting CSVs with the importer and prints
 * demo-model.ts, a few KB of aggregates (hotspots, seasons, counts, a coarse land mask), to stdout.
 * The datasets themselves never ship with the app.
 *
 * Usage, from the repository root:
 *   npx tsx apps/server/src/modules/imports/derive-demo-model.ts [data-dir] > apps/server/src/modules/imports/demo-model.ts
 * `data-dir` defaults to ../shared/data/observations next to the repository.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoHotspot, DemoLandMask, DemoModel, DemoStage } from './demo-model-types';
import { mulberry32 } from './prng';
import { parseSightingsCsv, type Lifestage } from './sightings-csv';

const DEFAULT_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../shared/data/observations');

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

/** The study area (Canada, US, Mexico), WGS84 degrees; also the generator's clamp box. */
const AREA = { south: 14, north: 60, west: -170, east: -50 };
const HOTSPOT_COUNT = 100;
const KMEANS_ITERATIONS = 30;
const MASK_CELL_DEG = 0.5;
const KM_PER_DEGREE = 111.2;
const WEEKS = 52;
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
  const [year, month, day] = isoDate.split('-').map(Number);
  const dayOfYear = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000;
  const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
  return { month: month - 1, week: Math.floor((dayOfYear * WEEKS) / daysInYear) };
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
      const { decimalLatitude: lat, decimalLongitude: lng, eventDate, lifestage_id, individualCount, locality } = parsed.record;
      if (lat < AREA.south || lat > AREA.north || lng < AREA.west || lng > AREA.east) {
        outside += 1;
        continue;
      }
      sightings.push({ lat, lng, ...weekOfYear(eventDate), stage: lifestage_id, count: individualCount, locality, locationWeight });
    }
    process.stderr.write(`${file}: ${rejected} rows with issues, ${outside} outside the study area\n`);
  }
  return sightings;
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const normalise = (values: readonly number[]): number[] => values.map((value) => value / (sum(values) || 1));
const shiftWeeks = (values: readonly number[], by: number): number[] =>
  values.map((_, week) => values[(week - by + values.length) % values.length]);
// One pass of a circular [1 2 1] kernel: weekly counts from a few thousand reports are noisy.
const smooth = (values: readonly number[]): number[] =>
  values.map((value, i) => (values[(i - 1 + values.length) % values.length] + 2 * value + values[(i + 1) % values.length]) / 4);

function weekHistogram(sightings: readonly Sighting[]): number[] {
  const weeks = new Array<number>(WEEKS).fill(0);
  for (const sighting of sightings) weeks[sighting.week] += 1;
  return weeks;
}

function percentOfMax(values: readonly number[]): number[] {
  const max = Math.max(...values);
  return values.map((value) => Math.round((100 * value) / max));
}

function countWeights(sightings: readonly Sighting[], maxCount: number): number[] {
  const histogram = new Array<number>(maxCount).fill(0);
  // Counts above the cap are rare outliers (1,000 eggs collected in a day); dropping keeps demo rows typical.
  for (const { count } of sightings) if (count !== null && count >= 1 && count <= maxCount) histogram[count - 1] += 1;
  return normalise(histogram).map((share) => Math.round(share * 1000));
}

function deriveStages(sightings: readonly Sighting[]): DemoModel['stages'] {
  const of = (stage: Lifestage) => sightings.filter((sighting) => sighting.stage === stage);
  const [adults, eggs, larvae] = [of(1), of(2), of(3)];
  // "First sighted" larva reports stop in July; caterpillars hatch from the eggs a few days after they are seen.
  const hatchWeeks = normalise(shiftWeeks(weekHistogram(eggs), 1));
  const caterpillarWeeks = smooth(normalise(weekHistogram(larvae)).map((share, week) => (share + hatchWeeks[week]) / 2));
  const chrysalisWeeks = shiftWeeks(caterpillarWeeks, 2);
  const sizes = [adults.length, eggs.length, larvae.length, larvae.length * CHRYSALIS_PER_CATERPILLAR];
  const shares = normalise(sizes).map((share) => Math.round(share * 1000) / 1000);
  const stage = (id: Lifestage, weeks: number[], counted: readonly Sighting[]): DemoStage => ({
    share: shares[id - 1],
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
const distance2 = (a: { x: number; y: number }, b: { x: number; y: number }): number => (a.x - b.x) ** 2 + (a.y - b.y) ** 2;

function nearestCentre(point: Projected, centres: readonly { x: number; y: number }[]): number {
  let best = 0;
  for (let c = 1; c < centres.length; c += 1) if (distance2(point, centres[c]) < distance2(point, centres[best])) best = c;
  return best;
}

/** k-means++ seeding, weighted, with a fixed seed so the model is reproducible. */
function seedCentres(points: readonly Projected[], k: number): { x: number; y: number }[] {
  const random = mulberry32(20_240_601);
  const centres = [points[Math.floor(random() * points.length)]];
  const nearest = points.map((point) => distance2(point, centres[0]));
  while (centres.length < k) {
    const scores = points.map((point, i) => nearest[i] * point.sighting.locationWeight);
    let target = random() * sum(scores);
    const chosen = points[Math.max(0, scores.findIndex((score) => (target -= score) <= 0))];
    centres.push(chosen);
    points.forEach((point, i) => (nearest[i] = Math.min(nearest[i], distance2(point, chosen))));
  }
  return centres.map(({ x, y }) => ({ x, y }));
}

function kMeans(points: readonly Projected[], k: number): Projected[][] {
  let centres = seedCentres(points, k);
  let clusters: Projected[][] = [];
  for (let iteration = 0; iteration < KMEANS_ITERATIONS; iteration += 1) {
    clusters = centres.map(() => []);
    for (const point of points) clusters[nearestCentre(point, centres)].push(point);
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
  const months = new Array<number>(12).fill(0);
  for (const { sighting } of members) months[sighting.month] += sighting.locationWeight;
  const smoothed = smooth(months);
  const max = Math.max(...smoothed);
  // Any activity keeps at least 1, so quiet months stay possible rather than rounding away.
  return smoothed.map((value) => (value === 0 ? 0 : Math.max(1, Math.round((9 * value) / max)))).join('');
}

function commonestLocality(members: readonly Projected[]): string | null {
  const tally = new Map<string, number>();
  // U+FFFD marks names already garbled in the source export ("Ac\uFFFDmbaro").
  for (const { sighting } of members) {
    if (sighting.locality && !sighting.locality.includes('\uFFFD')) tally.set(sighting.locality, (tally.get(sighting.locality) ?? 0) + 1);
  }
  return [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

function describeCluster(members: readonly Projected[], totalWeight: number): DemoHotspot {
  const mean = weightedMean(members);
  const centre = members.reduce((best, member) => (distance2(member, mean) < distance2(best, mean) ? member : best)).sighting;
  const weight = sum(members.map((member) => member.sighting.locationWeight));
  const variance = sum(members.map((member) => distance2(member, mean) * member.sighting.locationWeight)) / weight / 2;
  const spreadKm = Math.round(Math.min(SPREAD_KM.max, Math.max(SPREAD_KM.min, Math.sqrt(variance))));
  // Only names from the cluster's core: a wide cluster's commonest town can lie hundreds of km off-centre.
  const core = members.filter((member) => distance2(member, mean) <= spreadKm ** 2);
  const round2 = (value: number) => Math.round(value * 100) / 100;
  return [round2(centre.lat), round2(centre.lng), spreadKm, Math.round((weight / totalWeight) * 10_000), monthDigits(members), commonestLocality(core)];
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
    bytes[bit >> 3] |= 0x80 >> (bit & 7);
  }
  return { south, west, cellDeg: MASK_CELL_DEG, rows, cols, bits: Buffer.from(bytes).toString('base64') };
}

function wrap(items: readonly string[], indent: string, width = 110): string {
  const lines: string[] = [];
  for (const item of items) {
    if (lines.length > 0 && lines[lines.length - 1].length + item.length + 2 <= width) lines[lines.length - 1] += ` ${item}`;
    else lines.push(`${indent}${item}`);
  }
  return lines.join('\n');
}

function renderModule(model: DemoModel, sightingCount: number): string {
  const list = (values: readonly number[]) => `[\n${wrap(values.map((value) => `${value},`), '        ')}\n      ]`;
  const stage = (id: 1 | 2 | 3 | 4) => {
    const { share, weeks, counts } = model.stages[id];
    return `    ${id}: {\n      share: ${share},\n      weeks: ${list(weeks)},\n      counts: ${list(counts)},\n    },`;
  };
  const hotspots = model.hotspots.map((hotspot) => `    ${JSON.stringify(hotspot)},`).join('\n');
  const { bits, ...mask } = model.landMask;
  const bitChunks = (bits.match(/.{1,100}/g) ?? []).map((chunk) => `      '${chunk}',`).join('\n');
  return `/**
 * Demo-data model: GENERATED by derive-demo-model.ts (see its header for the command); do not edit by hand.
 * Aggregated from ${sightingCount.toLocaleString('en-US')} public sightings in /work/shared/data/observations (test fixtures, not shipped):
 * Journey North (journeynorth.org) monarch eggs 2007-2020, first larvae 1999-2020, first adults spring 2021 and
 * milkweed 2002-2020 (via github.com/MeganKRiley/Monarch_Butterflies); iNaturalist/GBIF monarchs of Arizona 2000-2022
 * (github.com/mcx8/Shiny_AZMonarchs); GBIF occurrences of Asclepias speciosa (github.com/BiodiversityDataScienceCorp/milkfli-mapping).
 * Only cluster centres, seasonal and count histograms and a 0.5-degree occupancy mask are kept, no individual record.
 */
import type { DemoModel } from './demo-model-types';

export const DEMO_MODEL: DemoModel = {
  stages: {
${[1, 2, 3, 4].map((id) => stage(id as 1 | 2 | 3 | 4)).join('\n')}
  },
  milkweed: {
    weeks: ${list(model.milkweed.weeks).replace(/\n {2}/g, '\n')},
  },
  // [lat, lng, spreadKm, weight /10,000, activity Jan-Dec 0-9, locality]
  hotspots: [
${hotspots}
  ],
  landMask: {
${Object.entries(mask).map(([key, value]) => `    ${key}: ${value},`).join('\n')}
    bits: [
${bitChunks}
    ].join(''),
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
