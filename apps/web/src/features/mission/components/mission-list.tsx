import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_IDS, LIFESTAGE_KEYS, type LoadParams, type MySubmission } from '@mm/shared';
import { MmImage } from '../../../components/ui/mm-image';
import { LocaleLink, useLocale } from '../../../lib/links';
import { photoUrl } from '../../../entities/photo/photo-url';
import { formatDate } from '../../../lib/format-date';

/** One Mission in my list: thumbnail, date, place, counts per life stage, status; links to its details. */
function MissionCard({ mission, params }: { mission: MySubmission; params: LoadParams | undefined }) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const province = params?.provinces.find((p) => p.province_id === mission.province_id)?.province;
  const date = formatDate(mission.checklist_date, lng);
  return (
    <Card component="li" variant="outlined">
      <CardActionArea
        component={LocaleLink}
        href={`/checklists/view?id=${mission.checklist_id}`}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', gap: 2, p: 1.5 }}
      >
        <Box sx={{ flex: '0 0 auto' }}>
          <MmImage
            src={mission.photo ? photoUrl(mission.photo) : '/img/monarch.svg'}
            alt={mission.photo ? t('missions.photo_alt', { place: mission.locality, date }) : ''}
            width={96}
            height={72}
            loading="lazy"
            style={{
              objectFit: mission.photo ? 'cover' : 'contain',
              borderRadius: 6,
              display: 'block',
              background: '#f3ede2',
            }}
          />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h2" sx={{ fontWeight: 700 }}>
              {mission.locality}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={mission.observationstatus_id === 1 ? 'default' : 'success'}
              label={t(`common:status.${mission.observationstatus_id}`)}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[date, province, t('missions.milkweed_rows', { count: mission.milkweed_rows })]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.75 }}>
            {LIFESTAGE_IDS.map((id, i) => (
              <Chip
                key={id}
                size="small"
                label={`${t(`common:lifestage.${id}`)} ${mission[LIFESTAGE_KEYS[i] ?? 'adults']}`}
                variant={mission[LIFESTAGE_KEYS[i] ?? 'adults'] > 0 ? 'filled' : 'outlined'}
              />
            ))}
          </Stack>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** My Missions, newest first, one column of cards at every width. */
export function MissionList({ missions, params }: { missions: MySubmission[]; params: LoadParams | undefined }) {
  const { t } = useTranslation('mission');
  return (
    <Stack component="ul" aria-label={t('missions.title')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {missions.map((m) => (
        <MissionCard key={m.checklist_id} mission={m} params={params} />
      ))}
    </Stack>
  );
}
