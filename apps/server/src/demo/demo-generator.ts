/**
 * Realistic, reproducible demo monarch observations drawn from DEMO_MODEL (derived offline from public
 * sightings): when each life stage is reported, where monarchs are reported in that month, and how many.
 */
import { inflateRawSync } from 'node:zlib';
import { DEMO_MODEL } from './demo-model';
import { DEMO_AREA, type DemoHotspot, type DemoLandMask, type DemoModel } from './demo-model-types';
import type { Lifestage } from '../modules/imports/sighting-types';
import { mulberry32 } from './prng';
import { WeightedTable } from './weighted-table';

/** One generated observation; coordinates are WGS84 degrees. */
export interface DemoSighting {
  /** ISO `yyyy-MM-dd`. */
  eventDate: string;
  decimalLatitude: number;
  decimalLongitude: number;
  /** 1 adult, 2 eggs, 3 caterpillar, 4 chrysalis. */
  lifestage_id: Lifestage;
  /** At least 1. */
  individualCount: number;
  locality: string | null;
}

// Fixed rather than "the last ten years" so that a seed yields the same rows whenever it is run.
const DEFAULT_YEARS = { fromYear: 2015, toYear: 2024 };
const STAGE_IDS = [1, 2, 3, 4] as const;
const KM_PER_DEGREE = 111.2;
const SCATTER_ATTEMPTS = 16;
const DAY_MS = 86_400_000;

function landMaskLookup(mask: DemoLandMask): (lat: number, lng: number) => boolean {
  const bytes = inflateRawSync(Buffer.from(mask.bits, 'base64'));
  return (lat, lng) => {
    const row = Math.floor((lat - mask.south) / mask.cellDeg);
    const col = Math.floor((lng - mask.west) / mask.cellDeg);
    if (row < 0 || row >= mask.rows || col < 0 || col >= mask.cols) return false;
    const bit = row * mask.cols + col;
    return ((bytes[bit >> 3] ?? 0) & (0x80 >> (bit & 7))) !== 0;
  };
}

/** Per month, hotspots weighted by their share of sightings times their relative activity that month. */
function hotspotsByMonth(hotspots: readonly DemoHotspot[]): WeightedTable<DemoHotspot>[] {
  return Array.from({ length: 12 }, (_, month) => {
    const weights = hotspots.map(([, , , weight, digits]) => {
      const yearly = [...digits].reduce((sum, digit) => sum + Number(digit), 0);
      return (weight * Number(digits.charAt(month))) / yearly;
    });
    return new WeightedTable(hotspots, weights);
  });
}

function buildTables(model: DemoModel) {
  const ordinals = (length: number) => Array.from({ length }, (_, i) => i);
  const stageTables = (id: Lifestage) => ({
    weeks: new WeightedTable(ordinals(model.stages[id].weeks.length), model.stages[id].weeks),
    counts: new WeightedTable(
      ordinals(model.stages[id].counts.length).map((i) => i + 1),
      model.stages[id].counts,
    ),
  });
  return {
    stage: new WeightedTable(
      STAGE_IDS,
      STAGE_IDS.map((id) => model.stages[id].share),
    ),
    byStage: { 1: stageTables(1), 2: stageTables(2), 3: stageTables(3), 4: stageTables(4) },
    hotspotsByMonth: hotspotsByMonth(model.hotspots),
    isSightingCell: landMaskLookup(model.landMask),
  };
}

const TABLES = buildTables(DEMO_MODEL);

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/** A uniformly random day of the given week (0-51, the weeks spread evenly over the year), as a UTC date. */
function dayInWeek(year: number, week: number, uniform: number): Date {
  const start = Date.UTC(year, 0, 1);
  const daysInYear = (Date.UTC(year + 1, 0, 1) - start) / DAY_MS;
  const dayOfYear = Math.min(daysInYear - 1, Math.floor(((week + uniform) * daysInYear) / 52));
  return new Date(start + dayOfYear * DAY_MS);
}

/** A point scattered around the hotspot (Gaussian, `spreadKm` per axis), kept to mask cells with real sightings. */
function scatter(random: () => number, [lat0, lng0, spreadKm]: DemoHotspot): [number, number] {
  const latDegrees = spreadKm / KM_PER_DEGREE;
  const lngDegrees = latDegrees / Math.cos((lat0 * Math.PI) / 180);
  for (let attempt = 0; attempt < SCATTER_ATTEMPTS; attempt += 1) {
    // Box-Muller: one radius and one angle give two independent standard normal offsets.
    const radius = Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    const lat = clamp(lat0 + radius * Math.cos(angle) * latDegrees, DEMO_AREA.south, DEMO_AREA.north);
    const lng = clamp(lng0 + radius * Math.sin(angle) * lngDegrees, DEMO_AREA.west, DEMO_AREA.east);
    if (TABLES.isSightingCell(lat, lng)) return [round4(lat), round4(lng)];
  }
  // The centre is itself a real sighting location, so falling back to it never puts a point at sea.
  return [lat0, lng0];
}

function nextSighting(random: () => number, fromYear: number, years: number): DemoSighting {
  const stage = TABLES.stage.pick(random());
  const { weeks, counts } = TABLES.byStage[stage];
  const date = dayInWeek(fromYear + Math.floor(random() * years), weeks.pick(random()), random());
  // getUTCMonth() is 0-11 and the table has 12 entries.
  const hotspot = (TABLES.hotspotsByMonth[date.getUTCMonth()] as WeightedTable<DemoHotspot>).pick(random());
  const [decimalLatitude, decimalLongitude] = scatter(random, hotspot);
  const individualCount = counts.pick(random());
  const eventDate = date.toISOString().slice(0, 10);
  return { eventDate, decimalLatitude, decimalLongitude, lifestage_id: stage, individualCount, locality: hotspot[5] };
}

/**
 * Lazily generates demo observations; memory stays flat however many are drawn.
 * Life stage, then week of year, then a hotspot active in that month, then a point near it and a count.
 *
 * @param count how many observations to yield (a whole number >= 0).
 * @param seed any number; the same seed and options always yield the same sequence.
 * @param options inclusive range of years for the dates; default 2015–2024.
 * @throws RangeError on a negative or fractional count or an empty or fractional year range.
 */
export function* generateDemoSightings(
  count: number,
  seed: number,
  options: { fromYear?: number; toYear?: number } = {},
): Generator<DemoSighting> {
  const fromYear = options.fromYear ?? DEFAULT_YEARS.fromYear;
  const toYear = options.toYear ?? DEFAULT_YEARS.toYear;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number >= 0, got ${count}`);
  if (!Number.isInteger(fromYear) || !Number.isInteger(toYear) || fromYear > toYear) {
    throw new RangeError(`fromYear..toYear must be whole years in increasing order, got ${fromYear}..${toYear}`);
  }
  const random = mulberry32(seed);
  for (let i = 0; i < count; i += 1) yield nextSighting(random, fromYear, toYear - fromYear + 1);
}
