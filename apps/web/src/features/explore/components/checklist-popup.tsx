import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { MmImage } from '../../../components/ui/mm-image';
import { ApiRequestError } from '../../../lib/api-client';
import { LocaleLink, useLocale } from '../../../lib/links';
import { getChecklistQueryOptions } from '../../../entities/checklist/api/get-checklist';
import { formatDate } from '../../../lib/format-date';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { photoUrl } from '../../../entities/photo/photo-url';
import { summarizeChecklist } from '../utils/checklist-summary';

const POPUP_WIDTH = 220;

/**
 * What a map marker's popup shows of one checklist (`GET /api/checklists/{id}`, public visibility
 * rules): date, place, counts per life stage, milkweed, a thumbnail and a link to the details.
 * `onLayout` is called once the content changed size, for Leaflet to re-place the popup.
 */
export function ChecklistPopup({ checklistId, onLayout }: { checklistId: number; onLayout: () => void }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  // The popup shows its own spinner: no full-screen one over the map.
  const { data, error, isPending } = useQuery({ ...getChecklistQueryOptions(checklistId), meta: SILENT_QUERY });
  useEffect(() => onLayout(), [data, error, onLayout]);

  if (isPending)
    return (
      <Box sx={{ width: POPUP_WIDTH, height: 120, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Box>
    );
  if (error || !data) {
    const gone = error instanceof ApiRequestError && error.status === 404;
    return (
      <Typography sx={{ width: POPUP_WIDTH }}>
        {gone ? t('common:errors.not_found') : t('common:errors.please_try_again')}
      </Typography>
    );
  }
  const { stages, milkweeds, photo } = summarizeChecklist(data);
  const species = milkweeds
    .map((m) => milkweedName(m, lng) ?? m.latin_name)
    .filter(Boolean)
    .join(', ');
  return (
    <Stack spacing={0.75} sx={{ width: POPUP_WIDTH }} data-testid="checklist-popup">
      <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem', m: 0 }}>
        {formatDate(data.checklist_date, lng, 'medium')}
      </Typography>
      <Typography variant="body2" sx={{ m: '0 !important' }}>
        {data.site.locality}
        {data.site.province ? `, ${data.site.province}` : ''}
      </Typography>
      {photo && (
        <MmImage
          src={photoUrl(photo)}
          alt={t('map.popup_photo_alt', { place: data.site.locality })}
          width={POPUP_WIDTH}
          height={150}
          style={{ objectFit: 'cover', borderRadius: 6, display: 'block', width: '100%', height: 150 }}
        />
      )}
      {stages.length > 0 ? (
        <Box component="ul" aria-label={t('map.counts')} sx={{ m: 0, pl: 2.5 }}>
          {stages.map((s) => (
            <Typography component="li" variant="body2" key={s.lifestage_id}>
              {s.numbers === null
                ? t(`common:lifestage.${s.lifestage_id}`)
                : t('map.stage_count', { stage: t(`common:lifestage.${s.lifestage_id}`), number: s.numbers })}
            </Typography>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">{t('map.no_monarch')}</Typography>
      )}
      <Typography variant="body2">
        <strong>{t('map.milkweed')}</strong> {species || t('map.milkweed_unknown')}
      </Typography>
      {data.username && (
        <Typography variant="body2" color="text.secondary">
          {t('grid.by', { username: data.username })}
        </Typography>
      )}
      <Button
        component={LocaleLink}
        href={`/checklists/view?id=${data.checklist_id}`}
        variant="contained"
        size="small"
        sx={{ color: '#fff !important' }}
      >
        {t('map.details')}
      </Button>
    </Stack>
  );
}
