import { describe, expect, it } from 'vitest';
import type { Cluster } from '@mm/shared';
import { mergeOverlapping } from '../src/modules/explore/cluster-merge';

/** A cluster of `count` observations at one point (bounds = the point unless given). */
const at = (latitude: number, longitude: number, count: number, extra: Partial<Cluster> = {}): Cluster => ({
  latitude,
  longitude,
  count,
  observation_id: count === 1 ? 1000 + count : null,
  checklist_id: null,
  bounds: { west: longitude, south: latitude, east: longitude, north: latitude },
  ...extra,
});
/** Degrees of longitude for `px` pixels at zoom z (world 256 · 2^z px). */
const lngPx = (px: number, zoom: number) => (px * 360) / (256 * 2 ** zoom);

describe('mergeOverlapping (cluster bubbles that would overlap on screen)', () => {
  it('leaves clusters whose bubbles do not touch alone: the same objects, in the same order', () => {
    const zoom = 6;
    const clusters = [at(45, -73, 100), at(45, -73 + lngPx(60, zoom), 10), at(30, -100, 1)];
    const merged = mergeOverlapping(clusters, zoom);
    expect(merged).toBe(clusters);
  });

  it('merges two bubbles closer than the mean of their diameters: counts added, position weighted, bounds joined', () => {
    const zoom = 6;
    // 100 → 48 px and 10 → 39 px bubbles: they touch under 43.5 px. 20 px apart here.
    const big = at(45, -73, 100, { bounds: { west: -73.2, south: 44.9, east: -72.9, north: 45.1 } });
    const small = at(45, -73 + lngPx(20, zoom), 10, {
      bounds: { west: -72.95, south: 44.95, east: -72.7, north: 45.2 },
    });
    const far = at(20, -100, 3);
    const [first, second, ...rest] = mergeOverlapping([big, small, far], zoom);
    expect(rest).toHaveLength(0);
    expect(second).toBe(far);
    expect(first).toMatchObject({
      count: 110,
      observation_id: null,
      checklist_id: null,
      bounds: { west: -73.2, south: 44.9, east: -72.7, north: 45.2 },
    });
    expect(first!.latitude).toBeCloseTo(45, 10);
    expect(first!.longitude).toBeCloseTo((-73 * 100 + (-73 + lngPx(20, zoom)) * 10) / 110, 10);
  });

  it('keeps the checklist when every merged cluster belongs to the same one, and answers most observations first', () => {
    const zoom = 12;
    const a = at(45.5, -73.6, 2, { checklist_id: 7 });
    const b = at(45.5, -73.6 + lngPx(5, zoom), 1, { checklist_id: 7 });
    const c = at(10, 10, 1, { checklist_id: 8 });
    const bigger = at(-10, -10, 50);
    const merged = mergeOverlapping([bigger, a, b, c], zoom);
    expect(merged.map((m) => m.count)).toEqual([50, 3, 1]);
    expect(merged[1]).toMatchObject({ count: 3, checklist_id: 7, observation_id: null });
    const other = mergeOverlapping([a, at(45.5, -73.6 + lngPx(5, zoom), 1, { checklist_id: 9 })], zoom);
    expect(other).toEqual([expect.objectContaining({ count: 3, checklist_id: null })]);
  });

  it('merges across the antimeridian, with a position and bounds on the right side of it', () => {
    const zoom = 5;
    const east = at(52, 179.95, 4);
    const west = at(52, -179.95, 4);
    const [merged, ...rest] = mergeOverlapping([east, west], zoom);
    expect(rest).toHaveLength(0);
    expect(merged!.count).toBe(8);
    expect(Math.abs(Math.abs(merged!.longitude) - 180)).toBeLessThan(1e-9);
    // West > east: the box crosses the antimeridian, from 179.95 eastwards to -179.95.
    expect(merged!.bounds).toEqual({ west: 179.95, south: 52, east: -179.95, north: 52 });
  });

  it('merges again when a merged bubble, bigger, now reaches another', () => {
    const zoom = 8;
    // 1,000-observation bubbles are 57 px wide, 10-observation ones 39 px: c is 73 px from a (no touch, under 48 px),
    // but once a and b are one 2,000-observation bubble (60 px) centred 25 px from a, c is 48 px away (touch under 49.5 px).
    const chain = [at(0, 0, 1000), at(0, lngPx(50, zoom), 1000), at(0, lngPx(73, zoom), 10)];
    const merged = mergeOverlapping(chain, zoom);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.count).toBe(2010);
  });
});
