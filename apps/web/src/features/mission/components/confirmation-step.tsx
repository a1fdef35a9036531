import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RouterAnchor, useLocale } from '../../../lib/links';
import type { LoadParams } from '@mm/shared';
import { formatDate } from '../../../lib/format-date';
import type { MissionFormValues, MissionStepName } from '../mission-values';
import { MilkweedSummary, SummaryList } from './milkweed-summary';
import { SiteMap } from './lazy-site-map';

/** A summary block of one step with its "Edit" link back to that step. */
function StepSummary({ step, href, children }: { step: MissionStepName; href: string; children: ReactNode }) {
  const { t } = useTranslation('mission');
  const title = t(`steps.${step}`);
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        <Button
          component={RouterAnchor}
          to={href}
          startIcon={<EditIcon />}
          aria-label={t('confirmation.edit_step', { step: title })}
          sx={{ minHeight: 44 }}
        >
          {t('confirmation.edit')}
        </Button>
      </Stack>
      {children}
    </Paper>
  );
}

/**
 * Step 4 Confirmation: everything the mission will send, read-only, with a way back to each step
 * (the quality warnings show below it, as on every step).
 */
export function ConfirmationStep({
  params,
  stepHref,
}: {
  params: LoadParams;
  stepHref: (step: MissionStepName) => string;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const { getValues } = useFormContext<MissionFormValues>();
  const { site, checklist, observation } = getValues();
  const province = params.provinces.find((p) => p.province_id === site.province_id);
  const country = params.countries.find((c) => c.id === province?.country_id);
  const point =
    site.latitude !== null && site.longitude !== null ? { lat: site.latitude, lng: site.longitude } : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepSummary step="site" href={stepHref('site')}>
        <SummaryList
          items={[
            [t('common:fields.locality'), site.locality],
            [t('common:fields.city'), site.city],
            [t('common:fields.province_id'), [province?.province, country?.country].filter(Boolean).join(', ')],
            [t('confirmation.coordinates'), point ? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}` : '—'],
          ]}
        />
        {point && (
          <Box sx={{ mt: 2 }}>
            <SiteMap label={t('details.map_label')} value={point} height={{ xs: 180, md: 220 }} />
          </Box>
        )}
      </StepSummary>
      <StepSummary step="checklist" href={stepHref('checklist')}>
        <SummaryList
          items={[
            [t('common:fields.checklist_date'), formatDate(checklist.checklist_date, lng)],
            [
              t('confirmation.time'),
              t('confirmation.time_range', { start: checklist.start_time, end: checklist.end_time }),
            ],
            [t('common:fields.participants'), checklist.participants ?? '—'],
          ]}
        />
      </StepSummary>
      <StepSummary step="observation" href={stepHref('observation')}>
        <SummaryList
          items={[
            [t('fields.stems_inspected'), observation.stems_inspected ?? '—'],
            [
              t('common:fields.monarchs_seen'),
              observation.monarchs_seen ? t('confirmation.yes') : t('confirmation.no'),
            ],
            [t('common:fields.comment'), observation.comment || '—'],
          ]}
        />
        <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
          {observation.milkweeds.map((m, index) => (
            <MilkweedSummary
              key={index}
              title={t('observation.row_title', { n: index + 1 })}
              params={params}
              species={{ milkweed_id: m.milkweed_id }}
              abundanceId={m.abundance_id}
              locationsizeId={m.locationsize_id}
              counts={observation.monarchs_seen ? m : null}
              photos={observation.monarchs_seen ? observation.photos.filter((p) => p.milkweed_index === index) : []}
            />
          ))}
        </Box>
      </StepSummary>
    </Box>
  );
}
