/**
 * Regenerates `packages/shared/geo/borders.json`, the precise boundaries the server checks every
 * submitted point against (docs/adr/0025-borders-to-the-street.md, packages/shared/geo/README.md).
 * Run with `npm run geo:borders -- --quebec <qc_ed.topojson>`; it needs the npm registry and the
 * Québec file named below, nothing else.
 *
 * Three layers in one TopoJSON topology:
 *  - `countries`: Canada, the United States and Mexico from OpenStreetMap (ODbL), as shipped in
 *    `@geo-maps/countries-land-100m@0.6.0` (100 m resolution). The land borders between the three
 *    (the 49th parallel, the Detroit, Niagara, St. Marys and St. Lawrence rivers, the Rio Grande) keep
 *    every vertex that moves the line by more than a few tens of metres; the sea coasts, which decide
 *    nothing between two regions, are simplified to about a kilometre (a point just off them is
 *    placed by the coast tolerance).
 *  - `admin1`: the 96 provinces, territories and states from the same sources as
 *    `admin1.json` (build-admin1.ts), simplified twenty times less. Inside one country they choose
 *    the region; across a land border the `countries` layer decides.
 *  - `refine`: Québec's outline as the union of its 125 provincial electoral districts (Directeur
 *    général des élections du Québec, 2011 map, as published in the Open North repository
 *    `opennorth/represent-canada-data`, file `geojson/qc_ed.topojson` at commit 31c74ba, quantized
 *    to about 200 m). Natural Earth draws the Ottawa River 1.5 km north of Hull; this outline decides
 *    between Ontario and Québec near their border.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature, merge } from 'topojson-client';
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
import type {
  GeometryCollection,
  GeometryObject,
  MultiPolygon as TopoMultiPolygon,
  Polygon as TopoPolygon,
  Topology,
} from 'topojson-specification';
import { R_KM, readAreas, readJson, simplifyAreas, unpack } from './build-admin1';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/shared/geo/borders.json');
/** Sea coasts: vertices whose triangle covers under 5 km² go (the coast moves by up to a few kilometres). */
const COAST_TRIANGLE_KM2 = 5;
/** Land borders between two countries: only vertices whose triangle covers under 0.002 km² (2,000 m²) go. */
const BORDER_TRIANGLE_KM2 = 0.002;
/** Islands under 50 km² leave the country layer (a point on one is placed by the admin-1 layer alone). */
const COUNTRY_RING_KM2 = 50;
/** The admin-1 layer: twenty times finer than the device's admin1.json (2 km², 5 km²). */
const ADMIN1_TRIANGLE_KM2 = 0.1;
const ADMIN1_RING_KM2 = 1;
/** Quantization: 1e6 steps over the extent, under 20 m. */
const QUANTIZATION = 1e6;

const COUNTRIES: Record<string, string> = { CAN: 'CA', USA: 'US', MEX: 'MX' };

type Country = Feature<Polygon | MultiPolygon, { code: string }>;

/**
 * The three countries' land outlines with the land borders between them kept to a few tens of
 * metres and the sea coasts simplified (see the weights above).
 */
function countryOutlines(work: string): Country[] {
  const pkg = unpack('@geo-maps/countries-land-100m@0.6.0', work);
  const world = readJson<FeatureCollection<Polygon | MultiPolygon, { A3: string }>>(path.join(pkg, 'map.geo.json'));
  const areas: Country[] = world.features
    .filter((f) => COUNTRIES[f.properties.A3])
    .map((f) => ({
      type: 'Feature',
      properties: { code: COUNTRIES[f.properties.A3] as string },
      geometry: f.geometry,
    }));
  if (areas.length !== 3) throw new Error(`Expected Canada, the US and Mexico, found ${areas.length} countries`);

  const topo = presimplify(
    topology({
      countries: { type: 'FeatureCollection', features: areas } as FeatureCollection,
    }) as unknown as Topology<{
      countries: GeometryCollection<{ code: string }>;
    }>,
    sphericalTriangleArea,
  );
  // An arc used by two countries is a land border: its weights are scaled so that the coast's
  // threshold removes only its vertices under BORDER_TRIANGLE_KM2.
  const users = new Map<number, Set<string>>();
  const walk = (arcs: unknown, code: string) => {
    if (typeof arcs === 'number') {
      const i = arcs < 0 ? ~arcs : arcs;
      users.set(i, (users.get(i) ?? new Set()).add(code));
    } else if (Array.isArray(arcs)) for (const a of arcs) walk(a, code);
  };
  for (const g of topo.objects.countries.geometries as (GeometryObject & {
    arcs?: unknown;
    properties?: { code: string };
  })[])
    walk(g.arcs, g.properties?.code ?? '');
  const scale = COAST_TRIANGLE_KM2 / BORDER_TRIANGLE_KM2;
  let borderArcs = 0;
  for (const [i, codes] of users) {
    if (codes.size < 2) continue;
    borderArcs++;
    for (const point of topo.arcs[i] as number[][])
      if (Number.isFinite(point[2])) point[2] = (point[2] as number) * scale;
  }
  const kept = filter(
    simplify(topo, COAST_TRIANGLE_KM2 / R_KM ** 2),
    filterWeight(topo, COUNTRY_RING_KM2 / R_KM ** 2, sphericalRingArea as unknown as RingWeighter),
  ) as Topology<{ countries: GeometryCollection<{ code: string }> }>;
  console.log(`[monarch] countries: ${borderArcs} land-border arcs kept to ${BORDER_TRIANGLE_KM2} km²`);
  return (feature(kept, kept.objects.countries) as FeatureCollection<Polygon | MultiPolygon, { code: string }>)
    .features;
}

/** Québec as the union of its provincial electoral districts (see the file's docstring). */
function quebecOutline(file: string): Country {
  const qc = readJson<Topology<{ qc_ed: GeometryCollection }>>(file);
  const geometries = qc.objects.qc_ed.geometries as Array<TopoPolygon | TopoMultiPolygon>;
  if (geometries.length < 100) throw new Error(`${file}: expected Québec's 125 electoral districts`);
  return { type: 'Feature', properties: { code: 'CA-QC' }, geometry: merge(qc, geometries) };
}

function main() {
  const { values } = parseArgs({ options: { quebec: { type: 'string' } } });
  if (!values.quebec) throw new Error('Usage: npm run geo:borders -- --quebec <path to qc_ed.topojson>');
  const work = mkdtempSync(path.join(tmpdir(), 'borders-'));
  try {
    const admin1 = simplifyAreas(readAreas(work), ADMIN1_TRIANGLE_KM2, ADMIN1_RING_KM2);
    const countries = countryOutlines(work);
    const refine = [quebecOutline(values.quebec)];
    const layers = { admin1, countries, refine };
    const topo = topology(
      Object.fromEntries(
        Object.entries(layers).map(([name, features]) => [name, { type: 'FeatureCollection', features }]),
      ),
      QUANTIZATION,
    ) as Topology<Record<keyof typeof layers, GeometryCollection>>;
    for (const object of Object.values(topo.objects))
      for (const g of object.geometries) {
        g.id = (g.properties as { code: string }).code;
        delete g.properties;
      }
    writeFileSync(OUT, `${JSON.stringify(topo)}\n`);
    console.log(
      `[monarch] wrote ${path.relative(process.cwd(), OUT)}: ${admin1.length} regions, ${countries.length} countries`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
