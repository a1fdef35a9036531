import { Box, Grid, Link, Stack, Typography } from '@mui/material';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_IDS, type ChecklistDetail, type ChecklistObservation } from '@mm/shared';
import { MmImage } from '../../../components/ui/mm-image';
import { LocaleLink, useLocale } from '../../../lib/links';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { photoUrl } from '../../../entities/photo/photo-url';
import { FormSection } from './form-section';

// Leaflet loads with the map only; the box keeps the map's room meanwhile.
const PointMap = lazy(async () => ({ default: (await import('../../../components/map/point-map')).PointMap }));

/** A term and its value, as one row of a description list. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography component="dt" variant="subtitle2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Count and thumbnails (each opening the large picture) of one life stage. */
function StageRow({ stage, rows }: { stage: number; rows: ChecklistObservation[] }) {
  const { t } = useTranslation();
  const label = t(`lifestage.${stage}`);
  const number = rows.reduce((n, o) => n + (o.numbers ?? 0), 0);
  const photos = rows.flatMap((o) => o.photo.filter((p) => !p.isdeleted));
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 700 }}>{t('flash.detail.stage_count', { number, stage: label })}</Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        {photos.map((p, i) => (
          <a key={p.id} href={photoUrl(p, 'large')} target="_blank" rel="noreferrer">
            <MmImage
              src={photoUrl(p)}
              alt={t('flash.detail.photo_alt', { stage: label, n: i + 1 })}
              width={112}
              height={84}
              loading="lazy"
              style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
            />
          </a>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * What a Flash submission saved: date (and times), place (locality, city, province) with a small
 * map, the count per life stage with its pictures, milkweed and comment.
 */
export function FlashDetailView({ detail }: { detail: ChecklistDetail }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const { site } = detail;
  const day = new Intl.DateTimeFormat(lng, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${detail.checklist_date}T00:00:00Z`),
  );
  const times = [detail.start_time, detail.end_time].filter(Boolean).join(' – ');
  const stages = LIFESTAGE_IDS.map((id) => ({
    id,
    rows: detail.observations.filter((o) => o.lifestage_id === id),
  })).filter((s) => s.rows.length > 0);
  const milkweed = detail.observations.find((o) => o.milkweed_id !== null);
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSection title={t('flash.detail.when_where')}>
          <Box component="dl" sx={{ m: 0 }}>
            <Fact term={t('flash.detail.date')}>{day}</Fact>
            {times && <Fact term={t('flash.detail.time')}>{times}</Fact>}
            <Fact term={t('flash.detail.place')}>
              {site.locality}
              <br />
              {[site.city, site.province].filter(Boolean).join(', ')}
            </Fact>
            <Fact
              term={t('flash.detail.coordinates')}
            >{`${site.latitude.toFixed(5)}, ${site.longitude.toFixed(5)}`}</Fact>
          </Box>
          <Suspense fallback={<Box sx={{ height: { xs: 200, md: 260 } }} />}>
            <PointMap lat={site.latitude} lng={site.longitude} label={t('flash.detail.map_label')} />
          </Suspense>
          <Link component={LocaleLink} href={`/sites/${site.site_id}`} sx={{ display: 'inline-block', mt: 1.5 }}>
            {t('mission:site_history.link')}
          </Link>
        </FormSection>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSection title={t('flash.detail.what')}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {stages.map((s) => (
              <StageRow key={s.id} stage={s.id} rows={s.rows} />
            ))}
          </Box>
          <Box component="dl" sx={{ m: 0 }}>
            <Fact term={t('flash.detail.milkweed')}>
              {milkweed ? (
                <>
                  {milkweedName(milkweed, lng)}{' '}
                  <Box component="span" sx={{ fontStyle: 'italic' }}>
                    ({milkweed.latin_name})
                  </Box>
                </>
              ) : (
                t('flash.milkweed_none')
              )}
            </Fact>
            <Fact term={t('flash.detail.comment')}>{detail.comment || t('flash.detail.no_comment')}</Fact>
          </Box>
        </FormSection>
      </Grid>
    </Grid>
  );
}
