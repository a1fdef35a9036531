import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SEASON_REPORT_FIRST_YEAR } from '@mm/shared';
import { PageDataStatus } from '../../components/ui/page-data-status';
import { useSeasonReport, type SeasonReportSource } from '../../features/season-report/api/season-report';
import { SeasonReportView } from '../../features/season-report/components/season-report-view';
import { SeasonShareControls } from '../../features/season-report/components/season-share';
import { ApiRequestError } from '../../lib/api-client';
import { LocaleLink } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Seasons offered in the year list: this one and the five before. */
const YEARS_OFFERED = 6;

/** `?year=` when it is a plausible season, else this year (UTC). */
function useYear(): [number, (year: number) => void] {
  const [search, setSearch] = useSearchParams();
  const now = new Date().getUTCFullYear();
  const asked = Number(search.get('year'));
  const year = Number.isInteger(asked) && asked >= SEASON_REPORT_FIRST_YEAR && asked <= now ? asked : now;
  return [
    year,
    (next) =>
      setSearch(
        (s) => {
          s.set('year', String(next));
          return s;
        },
        { replace: true },
      ),
  ];
}

/** The season list of an owner's report. */
function YearPicker({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const { t } = useTranslation('mission');
  const now = new Date().getUTCFullYear();
  const years = [...new Set([year, ...Array.from({ length: YEARS_OFFERED }, (_, i) => now - i)])].sort((a, b) => b - a);
  return (
    <TextField
      select
      size="small"
      label={t('season_report.year')}
      value={year}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 140 }}
    >
      {years.map((y) => (
        <MenuItem key={y} value={y}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Loads a report and shows it, or "not found" / "try again". */
function ReportPage({
  source,
  owner,
}: {
  source: SeasonReportSource;
  owner?: { year: number; onYear: (y: number) => void; siteId: number | null };
}) {
  const { t } = useTranslation('mission');
  const report = useSeasonReport(source);
  usePageTitle(report.data ? t('season_report.title', { year: report.data.year }) : t('season_report.name'));
  if (!report.data || report.isError)
    return (
      <PageDataStatus
        notFound={report.error instanceof ApiRequestError && report.error.status === 404}
        failed={report.isError}
        notFoundMessage={t('season_report.not_found')}
        loadingLabel={t('season_report.name')}
      />
    );
  return (
    <SeasonReportView
      report={report.data}
      actions={
        owner && (
          <Stack spacing={2}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <YearPicker year={owner.year} onChange={owner.onYear} />
              <Button
                component={LocaleLink}
                href={owner.siteId === null ? '/submit/sites' : `/sites/${owner.siteId}`}
                sx={{ minHeight: 44 }}
              >
                {t(owner.siteId === null ? 'season_report.back_to_sites' : 'season_report.back_to_site')}
              </Button>
            </Stack>
            <SeasonShareControls share={report.data.share} year={owner.year} siteId={owner.siteId} />
          </Stack>
        )
      }
    />
  );
}

/** `/sites/:siteId/report?year=`: the season report of one of my sites (docs/monitoring.md "Season report"). */
export function SiteSeasonReportPage() {
  const { t } = useTranslation('mission');
  const raw = useParams().siteId ?? '';
  const [year, setYear] = useYear();
  const siteId = /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  if (siteId === null) return <Alert severity="warning">{t('season_report.not_found')}</Alert>;
  return <ReportPage source={{ kind: 'site', siteId, year }} owner={{ year, onYear: setYear, siteId }} />;
}

/** `/submit/sites/report?year=`: my season report, all my sites with a visit that year. */
export function MySeasonReportPage() {
  const [year, setYear] = useYear();
  return <ReportPage source={{ kind: 'mine', year }} owner={{ year, onYear: setYear, siteId: null }} />;
}

/** `/report/:token`: a report through its share link, open to anyone (ADR 0037). */
export function SharedSeasonReportPage() {
  const token = useParams().token ?? '';
  return <ReportPage source={{ kind: 'shared', token }} />;
}
