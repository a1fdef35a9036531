import { describe, expect, it } from 'vitest';
import type { Cluster, Viewport } from '@mm/shared';
import { ClusterIndex, clusterJson, type SiteAggregate } from '../src/modules/explore/cluster-index';
import { mergeOverlapping } from '../src/modules/explore/cluster-merge';

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Sites in a few dense hotspots, a scatter, repeated points, near the antimeridian and the poles. */
function sites(count: number, seed: number): SiteAggregate[] {
  const r = random(seed);
  const hotspots = [
    [45.53, -73.6],
    [43.65, -79.38],
    [19.43, -99.13],
    [29.76, -95.37],
    [-17.7, 178.0],
    [64.8, -179.9],
  ] as const;
  const out: SiteAggregate[] = [];
  let checklist = 1;
  for (let i = 0; i < count; i++) {
    let latitude: number;
    let longitude: number;
    const kind = r();
    if (kind < 0.6) {
      const [lat, lng] = hotspots[Math.floor(r() * hotspots.length)]!;
      const spread = r() < 0.5 ? 0.01 : 2;
      latitude = +(lat + (r() - 0.5) * spread).toFixed(4);
      longitude = +(lng + (r() - 0.5) * spread).toFixed(4);
    } else if (kind < 0.65 && out.length > 0) {
      // Several sites at exactly one point.
      ({ latitude, longitude } = out[Math.floor(r() * out.length)]!);
    } else if (kind < 0.67) {
      latitude = r() < 0.5 ? 86 + r() * 3 : -86 - r() * 3;
      longitude = (r() - 0.5) * 360;
    } else {
      latitude = +((r() - 0.5) * 160).toFixed(4);
      longitude = +((r() - 0.5) * 360).toFixed(4);
    }
    longitude = Math.max(-180, Math.min(180, longitude));
    const n = r() < 0.4 ? 1 : 1 + Math.floor(r() * 30);
    const first = checklist;
    checklist += r() < 0.5 ? 0 : 1 + Math.floor(r() * 3);
    out.push({
      latitude,
      longitude,
      count: n,
      observation_id: 1000 + i,
      checklist_min: first,
      checklist_max: checklist++,
    });
  }
  return out;
}

/** The definition, as the SQL clustering (observations.map.ts) computes it, site by site. */
function bruteForce(rows: SiteAggregate[], v: Viewport) {
  const cells = 2 ** (v.zoom + 2);
  const groups = new Map<string, SiteAggregate[]>();
  for (const s of rows) {
    const lngIn =
      v.west <= v.east
        ? s.longitude >= v.west && s.longitude <= v.east
        : s.longitude >= v.west || s.longitude <= v.east;
    if (!(s.latitude >= v.south && s.latitude <= v.north && lngIn)) continue;
    const lat = Math.min(Math.max(s.latitude, -85.0511), 85.0511) * (Math.PI / 180);
    const cx = Math.floor(((s.longitude + 180) / 360) * cells);
    const cy = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * cells);
    const key = `${Math.min(cx, cells - 1)},${cy}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()].map((g) => {
    const count = g.reduce((t, s) => t + s.count, 0);
    const cmin = Math.min(...g.map((s) => s.checklist_min));
    const cmax = Math.max(...g.map((s) => s.checklist_max));
    return {
      latitude: g.reduce((t, s) => t + s.latitude * s.count, 0) / count,
      longitude: g.reduce((t, s) => t + s.longitude * s.count, 0) / count,
      count,
      observation_id: count === 1 ? g[0]!.observation_id : null,
      checklist_id: cmin === cmax ? cmin : null,
      bounds: {
        west: Math.min(...g.map((s) => s.longitude)),
        south: Math.min(...g.map((s) => s.latitude)),
        east: Math.max(...g.map((s) => s.longitude)),
        north: Math.max(...g.map((s) => s.latitude)),
      },
    };
  });
}

const key = (c: Cluster) =>
  [c.count, c.observation_id, c.checklist_id, c.bounds.west, c.bounds.south, c.bounds.east, c.bounds.north].join('|');

function expectSame(actual: { clusters: Cluster[]; total: number }, expected: Cluster[]) {
  expect(actual.total).toBe(expected.reduce((t, c) => t + c.count, 0));
  expect(actual.clusters.map(key).sort()).toEqual(expected.map(key).sort());
  const byKey = new Map(expected.map((c) => [key(c), c]));
  for (const c of actual.clusters) {
    const e = byKey.get(key(c))!;
    expect(Math.abs(c.latitude - e.latitude)).toBeLessThan(1e-9);
    expect(Math.abs(c.longitude - e.longitude)).toBeLessThan(1e-9);
  }
  // Most observations first.
  expect(actual.clusters.map((c) => c.count)).toEqual([...actual.clusters.map((c) => c.count)].sort((a, b) => b - a));
}

describe('ClusterIndex (map clusters from per-site aggregates)', () => {
  const rows = sites(4000, 7);
  const index = new ClusterIndex(rows);

  it('gives the clusters of the site-by-site definition for the whole world at every zoom', () => {
    for (let zoom = 0; zoom <= 20; zoom += 1) {
      const v = { zoom, west: -180, south: -90, east: 180, north: 90 };
      expectSame(index.clusters(v), bruteForce(rows, v));
    }
  });

  it('counts only sites inside the viewport, edges included, for viewports cutting through dense cells', () => {
    const r = random(11);
    for (let i = 0; i < 300; i++) {
      const zoom = Math.floor(r() * 19);
      const width = (360 / 2 ** zoom) * (1 + r() * 4);
      const [lat, lng] = r() < 0.7 ? [45.53, -73.6] : [(r() - 0.5) * 150, (r() - 0.5) * 340];
      const west = +Math.max(-180, lng - width * r()).toFixed(4);
      const east = +Math.min(180, west + width).toFixed(4);
      const south = +Math.max(-90, lat - (width / 2) * r()).toFixed(4);
      const north = +Math.min(90, south + width / 2).toFixed(4);
      const v = { zoom, west, south, east, north };
      expectSame(index.clusters(v), bruteForce(rows, v));
    }
    // A viewport whose edges pass exactly through sites.
    const s = rows[10]!;
    const edge = { zoom: 12, west: s.longitude, south: s.latitude, east: s.longitude + 0.05, north: s.latitude + 0.02 };
    expectSame(index.clusters(edge), bruteForce(rows, edge));
  });

  it('answers the same as JSON text, whole cells kept from earlier viewports included', () => {
    const fresh = new ClusterIndex(rows);
    for (let k = 0; k < 30; k++) {
      const v = { zoom: 8, west: -75 + k * 0.01, south: 44.5, east: -72 + k * 0.01, north: 46.5 };
      expect(JSON.parse(fresh.clustersJson(v))).toEqual(fresh.clusters(v));
      expectSame(JSON.parse(fresh.clustersJson(v)) as { clusters: Cluster[]; total: number }, bruteForce(rows, v));
    }
  });

  it('writes each cluster as JSON.stringify does, merged ones and odd numbers included', () => {
    const index = new ClusterIndex(rows);
    const clusters: Cluster[] = [];
    for (const zoom of [0, 3, 6, 10, 14, 18]) {
      const v = { zoom, west: -180, south: -85, east: 180, north: 85 };
      clusters.push(...index.clusters(v).clusters, ...mergeOverlapping(index.clusters(v).clusters, zoom));
    }
    const bounds = { west: -0, south: -1e-7, east: 1e21, north: 123456789.12345678 };
    clusters.push(
      { latitude: -0, longitude: 5e-324, count: 1, observation_id: 7, checklist_id: null, bounds },
      { latitude: Number.NaN, longitude: Infinity, count: 2, observation_id: null, checklist_id: 3, bounds },
    );
    expect(clusters.length).toBeGreaterThan(100);
    for (const c of clusters) expect(clusterJson(c)).toBe(JSON.stringify(c));
  });

  it('handles viewports across the antimeridian and at the Mercator limits', () => {
    for (const v of [
      { zoom: 2, west: 170, south: -85, east: -100, north: 85 },
      { zoom: 6, west: 177, south: -20, east: -178, north: -15 },
      { zoom: 9, west: 179.5, south: 64, east: -179.5, north: 65.5 },
      { zoom: 3, west: -180, south: 80, east: 180, north: 90 },
      { zoom: 5, west: -60, south: -90, east: 60, north: -84 },
    ]) {
      expectSame(index.clusters(v), bruteForce(rows, v));
    }
  });

  it('keeps several sites at one point together at every zoom, with their checklist range', () => {
    const point = { latitude: 45.5, longitude: -73.5 };
    const stacked = new ClusterIndex([
      { ...point, count: 2, observation_id: 5, checklist_min: 3, checklist_max: 3 },
      { ...point, count: 1, observation_id: 9, checklist_min: 4, checklist_max: 4 },
    ]);
    const answer = stacked.clusters({ zoom: 20, west: -73.6, south: 45.4, east: -73.4, north: 45.6 });
    expect(answer).toEqual({
      clusters: [
        {
          latitude: 45.5,
          longitude: -73.5,
          count: 3,
          observation_id: null,
          checklist_id: null,
          bounds: { west: -73.5, south: 45.5, east: -73.5, north: 45.5 },
        },
      ],
      total: 3,
    });
    expect(new ClusterIndex([]).clusters({ zoom: 3, west: -180, south: -90, east: 180, north: 90 })).toEqual({
      clusters: [],
      total: 0,
    });
  });
});
