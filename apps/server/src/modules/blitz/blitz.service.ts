import { PUBLIC_STATUS_IDS, type BlitzFigures, type BlitzReport, type DensityGroup } from '@mm/shared';
import type { Db } from '../../db/client';
import type { DataVersion } from '../../lib/data-version';
import { notFound } from '../../lib/errors';
import { createVersionedCache } from '../../lib/versioned-cache';
import type { ExploreService } from '../explore/explore.service';
import { blitzRepository as repo, type CountedFigures, type PublicBlitzEvent } from './blitz.repository';

/** The tables a Blitz's totals are computed from: a notification from any of them recomputes them. */
const TOTALS_TABLES = ['observations', 'checklists', 'sites', 'blitz_events'] as const;
/** Events whose totals are kept (this year's and a few earlier ones). */
const KEPT_REPORTS = 20;

const NO_DENSITY: DensityGroup = { checklists: 0, stems: 0, eggs: 0, caterpillars: 0, per_100_stems: null };

/** Adds density groups up (the provinces of a country): stems, eggs and caterpillars add, the rate is made again. */
function addDensity(groups: DensityGroup[]): DensityGroup {
  const sum = groups.reduce(
    (a, g) => ({
      checklists: a.checklists + g.checklists,
      stems: a.stems + g.stems,
      eggs: a.eggs + g.eggs,
      caterpillars: a.caterpillars + g.caterpillars,
    }),
    { checklists: 0, stems: 0, eggs: 0, caterpillars: 0 },
  );
  // The density view's rounding: 100 × (eggs + caterpillars) / stems, 2 decimals (explore-map.repository.ts).
  const per100 = sum.stems > 0 ? Math.round((10_000 * (sum.eggs + sum.caterpillars)) / sum.stems) / 100 : null;
  return { ...sum, per_100_stems: per100 };
}

/** A counted group with the density view's stems and rate beside it. */
const figures = (counted: CountedFigures, density: DensityGroup): BlitzFigures => ({
  participants: counted.participants,
  sites: counted.sites,
  visits: counted.visits,
  stems: density.stems,
  adults: counted.adults,
  eggs: counted.eggs,
  caterpillars: counted.caterpillars,
  chrysalises: counted.chrysalises,
  per_100_stems: density.per_100_stems,
});

/**
 * The public side of Blitz events (the spec's content page "International Monarch Monitoring Blitz";
 * docs/blitz.md): the list of events, "the current one", and each event's live totals over the public
 * statuses, per country and province. Totals are computed by query from the observations (never
 * stored), and kept in memory per event until one of their tables changes (docs/adr/0032).
 * @param explore the Explore service, whose density view gives stems and eggs + caterpillars per 100 stems
 * @param dataVersion follows data changes; without it (or while it cannot) every request computes
 */
export function createBlitzService(db: Db, explore: Pick<ExploreService, 'density'>, dataVersion?: DataVersion) {
  const compute = async (event: PublicBlitzEvent): Promise<BlitzReport> => {
    const [counted, density, provinceCountry] = await Promise.all([
      repo.counts(db, event.id, PUBLIC_STATUS_IDS),
      explore.density(null, { blitz_id: event.id }),
      repo.provinceCountries(db),
    ]);
    const provinceDensity = new Map(density.per_province.map((p) => [p.province_id, p]));
    const countryDensity = (countryId: number | null) =>
      addDensity(
        density.per_province.filter(
          (p) => (p.province_id === null ? null : (provinceCountry.get(p.province_id) ?? null)) === countryId,
        ),
      );
    const total = counted.find((r) => r.level === 'total');
    const byVisits = (a: { visits: number }, b: { visits: number }) => b.visits - a.visits;
    return {
      event,
      total: total
        ? figures(total, density.total)
        : figures(
            { participants: 0, sites: 0, visits: 0, adults: 0, eggs: 0, caterpillars: 0, chrysalises: 0 },
            NO_DENSITY,
          ),
      per_country: counted
        .filter((r) => r.level === 'country')
        .map((r) => ({ country_id: r.country_id, ...figures(r, countryDensity(r.country_id)) }))
        .sort(byVisits),
      per_province: counted
        .filter((r) => r.level === 'province')
        .map((r) => ({ province_id: r.province_id, ...figures(r, provinceDensity.get(r.province_id) ?? NO_DENSITY) }))
        .sort(byVisits),
    };
  };
  const reports = createVersionedCache(compute, KEPT_REPORTS);

  const report = async (id: number): Promise<BlitzReport> => {
    const event = await repo.findById(db, id);
    if (!event) throw notFound();
    const version = dataVersion ? (dataVersion.currentFor?.(TOTALS_TABLES) ?? dataVersion.current()) : null;
    return version === null ? compute(event) : reports.get(version, String(id), event);
  };

  return {
    /** Every event, newest first: name in three languages, days, area ids. */
    list: (): Promise<PublicBlitzEvent[]> => repo.list(db),

    /**
     * An event and its live totals (BlitzReport: whole event, per country, per province, most visits
     * first). @throws 404 for an unknown id
     */
    report,

    /**
     * The event to show at `/blitz` on `today` (UTC yyyy-MM-dd): the one running, else the latest one
     * already started, else the next one; with its totals. @throws 404 when no event is defined
     */
    async current(today: string): Promise<BlitzReport> {
      const id = await repo.currentId(db, today);
      if (id === undefined) throw notFound();
      return report(id);
    },
  };
}
export type BlitzService = ReturnType<typeof createBlitzService>;
