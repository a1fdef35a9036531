/**
 * Shape of the compact statistical model behind the demo data (see demo-model.ts, written by
 * derive-demo-model.ts): where monarchs are reported, in which season, and in what numbers.
 */

/** The study area (Canada, US, Mexico) in WGS84 degrees: sightings outside it are not modelled, and no demo point leaves it. */
export const DEMO_AREA = { south: 14, north: 60, west: -170, east: -50 } as const;

/**
 * A cluster of real sightings, as a labelled tuple to keep the pasted model small.
 * - lat, lng: centre, WGS84 degrees; a real sighting location close to the cluster's mean, hence on land.
 * - spreadKm: standard deviation of the sightings around the centre along each axis, km.
 * - weight: share of all monarch sightings, in 1/10,000.
 * - months: activity January…December as 12 digits 0–9, relative to the cluster's busiest month.
 * - locality: the town most often named by sightings in the cluster, if any named one.
 */
export type DemoHotspot = readonly [
  lat: number,
  lng: number,
  spreadKm: number,
  weight: number,
  months: string,
  locality: string | null,
];

/** Season and numbers of one life stage (or of milkweed, which has no counts). */
interface DemoSeason {
  /** Relative activity in each of 52 weeks from 1 January, 0–100. */
  weeks: readonly number[];
}

export interface DemoStage extends DemoSeason {
  /** Share of all monarch sightings that are of this stage, 0–1. */
  share: number;
  /** Relative frequency of individualCount = index + 1, in 1/1,000. */
  counts: readonly number[];
}

/** Which small cells (`cellDeg` degrees) hold real sightings: a bitmap over a box, row-major from the south-west. */
export interface DemoLandMask {
  south: number;
  west: number;
  cellDeg: number;
  rows: number;
  cols: number;
  /** Base64 of the raw-deflated bitmap; bit `row * cols + col` is the most-significant-first bit of byte `floor(bit / 8)`. */
  bits: string;
}

export interface DemoModel {
  /** Life stages by id: 1 adult, 2 eggs, 3 caterpillar, 4 chrysalis. */
  stages: Readonly<Record<1 | 2 | 3 | 4, DemoStage>>;
  milkweed: DemoSeason;
  hotspots: readonly DemoHotspot[];
  landMask: DemoLandMask;
}
