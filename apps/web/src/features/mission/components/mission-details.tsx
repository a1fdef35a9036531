import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistDetail, LoadParams } from '@mm/shared';
import { LicenseLink } from '../../../components/ui/license-link';
import { LocaleLink, useLocale } from '../../../lib/links';
import { formatDate } from '../../../lib/format-date';
import { groupMilkweeds, stageCounts } from '../group-observations';
import { DeleteMissionButton } from './delete-mission-button';
import { MilkweedSummary, SummaryList } from './milkweed-summary';
import { SiteMap } from './lazy-site-map';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Where and when of a checklist: site with a small map, date, times, participants and stems inspected. */
function SiteAndTime({ detail }: { detail: ChecklistDetail }) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const { site } = detail;
  const time = detail.start_time
    ? t('confirmation.time_range', { start: detail.start_time, end: detail.end_time ?? '—' })
    : '—';
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card title={t('details.site')}>
          <SummaryList
            items={[
              [t('common:fields.locality'), site.locality],
              [t('common:fields.city'), site.city ?? '—'],
              [t('common:fields.province_id'), site.province ?? '—'],
              [t('confirmation.coordinates'), `${site.latitude.toFixed(5)}, ${site.longitude.toFixed(5)}`],
            ]}
          />
          <Box sx={{ mt: 2 }}>
            <SiteMap
              label={t('details.map_label')}
              value={{ lat: site.latitude, lng: site.longitude }}
              height={{ xs: 200, md: 240 }}
            />
          </Box>
          <Link component={LocaleLink} href={`/sites/${site.site_id}`} sx={{ display: 'inline-block', mt: 1.5 }}>
            {t('site_history.link')}
          </Link>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card title={t('details.when')}>
          <SummaryList
            items={[
              [t('common:fields.checklist_date'), formatDate(detail.checklist_date, lng, 'full')],
              [t('confirmation.time'), time],
              [t('common:fields.participants'), detail.participants ?? '—'],
              ...(detail.is_flash
                ? []
                : ([[t('fields.stems_inspected'), detail.stems_inspected ?? '—']] as [string, ReactNode][])),
              [t('details.observer'), detail.username ?? '—'],
              [t('common:fields.license'), <LicenseLink key="license" code={detail.license} />],
            ]}
          />
        </Card>
      </Grid>
    </Grid>
  );
}

/**
 * Mission details (spec screen "Mission details", also fine for a Flash checklist): site, time,
 * each milkweed row with its monarch counts, statuses and photos, the comment and the observer;
 * Edit and Delete for the owner while everything is Pending.
 */
export function MissionDetails({
  detail,
  params,
  onDeleted,
}: {
  detail: ChecklistDetail;
  params: LoadParams;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const groups = groupMilkweeds(detail.observations);
  const editHref = detail.is_flash
    ? `/submit/flash/${detail.checklist_id}/edit`
    : `/submit/mission?edit=${detail.checklist_id}`;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1.5 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {detail.is_flash ? t('details.flash_title') : t('details.title')}
          </Typography>
          <Typography color="text.secondary">
            {t('details.subtitle', { place: detail.site.locality, date: formatDate(detail.checklist_date, lng) })}
          </Typography>
        </Box>
        {detail.can_edit && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <Button
              component={LocaleLink}
              href={editHref}
              variant="contained"
              startIcon={<EditIcon />}
              sx={{ minHeight: 44 }}
            >
              {t('details.edit')}
            </Button>
            <DeleteMissionButton checklistId={detail.checklist_id} onDeleted={onDeleted} />
          </Stack>
        )}
      </Stack>
      <SiteAndTime detail={detail} />
      <Box component="section" aria-labelledby="details-milkweeds" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="details-milkweeds" variant="h5" component="h2">
          {detail.is_flash ? t('details.observations') : t('common:fields.milkweeds')}
        </Typography>
        {groups.map((g, i) => (
          <MilkweedSummary
            key={g.milkweed?.observation_id ?? `flash-${i}`}
            title={g.milkweed ? t('observation.row_title', { n: i + 1 }) : t('details.monarchs')}
            params={params}
            species={g.milkweed ?? g.stages[0] ?? { milkweed_id: null }}
            abundanceId={g.milkweed?.abundance_id ?? null}
            locationsizeId={g.milkweed?.locationsize_id ?? null}
            counts={stageCounts(g)}
            photos={g.stages.flatMap((o) => o.photo.map((p) => ({ ...p, lifestage_id: o.lifestage_id ?? 1 })))}
            statusIds={[g.milkweed, ...g.stages].flatMap((o) => (o ? [o.observationstatus_id] : []))}
          />
        ))}
      </Box>
      {detail.comment && (
        <Card title={t('common:fields.comment')}>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{detail.comment}</Typography>
        </Card>
      )}
    </Box>
  );
}
