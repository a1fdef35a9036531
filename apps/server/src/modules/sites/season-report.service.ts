import { randomBytes } from 'node:crypto';
import {
  ALL_STATUS_IDS,
  LIFESTAGE_IDS,
  Lifestage,
  ObservationStatus,
  PUBLIC_STATUS_IDS,
  cellCentre,
  type CreateSeasonShareInput,
  type DensityGroup,
  type LifestageId,
  type ObservationStatusId,
  type SeasonReport,
  type SeasonReportSite,
  type SeasonShare,
  type SeasonVisit,
  type SeasonWeek,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { ExploreService } from '../explore/explore.service';
import { attachmentUrl } from '../photos/photos.service';
import { seasonReportRepository as repo, type SeasonShareRow, type SeasonSiteRow } from './season-report.repository';

/** Photos a report shows (the newest visits' first): a few thumbnails fit the printed sheet. */
const REPORT_PHOTOS = 6;
/** What an owner counts in their own report: every observation but the Deleted ones. */
const OWNER_STATUSES: readonly ObservationStatusId[] = ALL_STATUS_IDS.filter((s) => s !== ObservationStatus.Deleted);

/** Who reads a report: its owner (exact places, all but Deleted) or anyone with its share link (as Explore shows it). */
type Reader = 'owner' | 'public';

/** The density view's rate: 100 × (eggs + caterpillars) / stems, 2 decimals, null without stems. */
function per100(eggs: number, caterpillars: number, stems: number): number | null {
  return stems > 0 ? Math.round((10_000 * (eggs + caterpillars)) / stems) / 100 : null;
}

/** Adds the density view's groups of one week over several provinces (stems, eggs, caterpillars add; the rate is made again). */
function addGroups(groups: DensityGroup[]): { checklists: number; per_100_stems: number | null } {
  const sum = groups.reduce(
    (a, g) => ({
      checklists: a.checklists + g.checklists,
      stems: a.stems + g.stems,
      eggs: a.eggs + g.eggs,
      cats: a.cats + g.caterpillars,
    }),
    { checklists: 0, stems: 0, eggs: 0, cats: 0 },
  );
  return { checklists: sum.checklists, per_100_stems: per100(sum.eggs, sum.cats, sum.stems) };
}

/**
 * The volunteer's weeks by the density view's rule — visits with stems inspected > 0, their stems once
 * each, eggs + caterpillars summed — beside the region's figure of the same week.
 */
function weeksOf(visits: SeasonVisit[], region: Map<number, DensityGroup[]>): SeasonWeek[] {
  const weeks = new Set<number>([...visits.map((v) => v.week), ...region.keys()]);
  return [...weeks]
    .sort((a, b) => a - b)
    .map((week) => {
      const counted = visits.filter((v) => v.week === week && (v.stems_inspected ?? 0) > 0);
      const stems = counted.reduce((n, v) => n + (v.stems_inspected ?? 0), 0);
      const eggs = counted.reduce((n, v) => n + v.eggs, 0);
      const caterpillars = counted.reduce((n, v) => n + v.caterpillars, 0);
      const theirs = addGroups(region.get(week) ?? []);
      return {
        week,
        visits: visits.filter((v) => v.week === week).length,
        stems,
        eggs,
        caterpillars,
        per_100_stems: per100(eggs, caterpillars, stems),
        region_visits: theirs.checklists,
        region_per_100_stems: theirs.per_100_stems,
      };
    });
}

const STAGE_KEY: Record<LifestageId, 'adults' | 'eggs' | 'caterpillars' | 'chrysalises'> = {
  [Lifestage.Adult]: 'adults',
  [Lifestage.Eggs]: 'eggs',
  [Lifestage.Caterpillar]: 'caterpillars',
  [Lifestage.Chrysalis]: 'chrysalises',
};

/** First and last day each life stage was counted (visits are oldest first). */
function stagesOf(visits: SeasonVisit[]): SeasonReport['stages'] {
  return LIFESTAGE_IDS.map((id) => {
    const seen = visits.filter((v) => v[STAGE_KEY[id]] > 0);
    return { lifestage_id: id, first: seen[0]?.checklist_date ?? null, last: seen.at(-1)?.checklist_date ?? null };
  });
}

/** A site as the reader may see it: a private one at its 0.1° cell centre without names for the public (ADR 0037). */
function siteFor(row: SeasonSiteRow, reader: Reader): SeasonReportSite {
  const base = { site_id: row.site_id, province_id: row.province_id, is_private: row.is_private };
  if (reader === 'owner')
    return {
      ...base,
      locality: row.locality,
      city: row.city,
      latitude: row.latitude,
      longitude: row.longitude,
      exact: true,
    };
  if (row.is_private)
    return {
      ...base,
      locality: null,
      city: null,
      latitude: cellCentre(row.latitude),
      longitude: cellCentre(row.longitude),
      exact: false,
    };
  return {
    ...base,
    locality: row.public_locality,
    city: row.public_city,
    latitude: row.latitude,
    longitude: row.longitude,
    exact: true,
  };
}

const shareOf = (row: SeasonShareRow): SeasonShare => ({
  token: row.token,
  year: row.year,
  site_id: row.site_id,
  created: new Date(row.created).toISOString(),
});

/**
 * The season report (docs/monitoring.md "Season report", ADR 0037): a volunteer's Missions of one
 * year at one of their sites or at all of them — visits, totals, eggs + caterpillars per 100 stems per
 * ISO week beside the region's weekly figure (the Explore density view over the sites' provinces, flagged
 * visits left out), first and last day of each life stage, a few photos — for its owner, and the same
 * report through a revocable share link for anyone.
 * @param explore the Explore service, whose density view gives the region's weekly figure
 */
export function createSeasonReportService(db: Db, explore: Pick<ExploreService, 'density'>) {
  /** The region's weekly density groups of `year` over `provinceIds`, by ISO week. */
  async function regionWeeks(provinceIds: number[], year: number): Promise<Map<number, DensityGroup[]>> {
    const answers = await Promise.all(
      provinceIds.map((province_id) =>
        explore.density(null, {
          province_id,
          date_from: `${year}-01-01`,
          date_to: `${year}-12-31`,
          exclude_flagged: true,
        }),
      ),
    );
    const weeks = new Map<number, DensityGroup[]>();
    for (const { week, ...group } of answers.flatMap((a) => a.per_week))
      weeks.set(week, [...(weeks.get(week) ?? []), group]);
    return weeks;
  }

  async function build(
    userId: number,
    year: number,
    siteId: number | null,
    reader: Reader,
    share: SeasonShare | null,
  ): Promise<SeasonReport> {
    const username = await repo.username(db, userId);
    if (username === undefined) throw notFound();
    const statuses = reader === 'owner' ? OWNER_STATUSES : PUBLIC_STATUS_IDS;
    const visits = await repo.visits(db, userId, year, statuses, siteId);
    const siteIds = siteId === null ? [...new Set(visits.map((v) => v.site_id))] : [siteId];
    const sites = await repo.sites(db, siteIds);
    if (siteId !== null && sites[0]?.user_id !== userId) throw notFound();
    const provinceIds = [...new Set(sites.flatMap((s) => (s.province_id === null ? [] : [s.province_id])))].sort(
      (a, b) => a - b,
    );
    const [region, photos] = await Promise.all([
      regionWeeks(provinceIds, year),
      repo.photos(
        db,
        visits.map((v) => v.checklist_id),
        statuses,
        REPORT_PHOTOS,
      ),
    ]);
    const sum = (key: 'eggs' | 'caterpillars' | 'chrysalises' | 'adults') => visits.reduce((n, v) => n + v[key], 0);
    const stemVisits = visits.filter((v) => (v.stems_inspected ?? 0) > 0);
    const stems = stemVisits.reduce((n, v) => n + (v.stems_inspected ?? 0), 0);
    return {
      year,
      scope: siteId === null ? 'volunteer' : 'site',
      username,
      sites: sites.map((s) => siteFor(s, reader)),
      region_province_ids: provinceIds,
      visits,
      totals: {
        visits: visits.length,
        stems_inspected: stems,
        eggs: sum('eggs'),
        caterpillars: sum('caterpillars'),
        chrysalises: sum('chrysalises'),
        adults: sum('adults'),
        per_100_stems: per100(
          stemVisits.reduce((n, v) => n + v.eggs, 0),
          stemVisits.reduce((n, v) => n + v.caterpillars, 0),
          stems,
        ),
      },
      weeks: weeksOf(visits, region),
      stages: stagesOf(visits),
      photos: photos.map(({ photo_path, photo_name, ...p }) => ({
        ...p,
        small: attachmentUrl(photo_path, 'small', photo_name),
        large: attachmentUrl(photo_path, 'large', photo_name),
      })),
      share,
    };
  }

  /** The owner's live share link of a report, for their view. */
  async function liveShare(userId: number, siteId: number | null, year: number): Promise<SeasonShare | null> {
    const row = await repo.liveShare(db, userId, siteId, year);
    return row ? shareOf(row) : null;
  }

  /** @throws 404 unless `siteId` is a live site of the user's */
  async function ownedSite(userId: number, siteId: number): Promise<void> {
    const [site] = await repo.sites(db, [siteId]);
    if (site?.user_id !== userId) throw notFound();
  }

  return {
    /**
     * The report of one of the user's sites for `year` (`GET /api/sites/:id/season-report`), exact.
     * @throws 404 when the site does not exist, is deleted or is not the user's
     */
    async siteReport(userId: number, siteId: number, year: number): Promise<SeasonReport> {
      await ownedSite(userId, siteId);
      return build(userId, year, siteId, 'owner', await liveShare(userId, siteId, year));
    },

    /** The report of all the user's sites with a visit in `year` (`GET /api/sites/season-report`), exact. */
    async volunteerReport(userId: number, year: number): Promise<SeasonReport> {
      return build(userId, year, null, 'owner', await liveShare(userId, null, year));
    },

    /**
     * Makes the share link of a report (`POST /api/sites/season-report/share`): 256 random bits as
     * base64url. A live link of the same report is answered again, so a retry makes no second link.
     * @throws 404 when `site_id` is given and is not a live site of the user's
     */
    async share(userId: number, input: CreateSeasonShareInput): Promise<SeasonShare> {
      const siteId = input.site_id ?? null;
      if (siteId !== null) await ownedSite(userId, siteId);
      await repo.insertShare(db, randomBytes(32).toString('base64url'), userId, siteId, input.year);
      const row = await repo.liveShare(db, userId, siteId, input.year);
      if (!row) throw notFound();
      return shareOf(row);
    },

    /**
     * Revokes one of the user's share links (`DELETE /api/sites/season-report/share/:token`): the link
     * answers 404 from then on.
     * @throws 404 when the token is unknown, not the user's or already revoked
     */
    async revoke(userId: number, token: string): Promise<void> {
      if (!(await repo.revokeShare(db, userId, token))) throw notFound();
    },

    /**
     * The report behind a live share link (`GET /api/season-reports/:token`, no sign-in): what public
     * Explore shows — observations Pending, Vetted or Valid; a private site at its 0.1° cell centre
     * without locality or city; other sites with their public place names.
     * @throws 404 when the token is unknown or revoked, or its site or owner was deleted
     */
    async shared(token: string): Promise<SeasonReport> {
      const row = await repo.shareByToken(db, token);
      if (!row) throw notFound();
      return build(row.user_id, row.year, row.site_id, 'public', null);
    },
  };
}
export type SeasonReportService = ReturnType<typeof createSeasonReportService>;
