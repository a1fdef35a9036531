import { Alert, Avatar, Box, Grid, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMyProfile } from '../../features/profile/api/get-my-profile';
import { useLocale } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** My profile (read-only for now): identity, role and contribution counts computed by the server. */
export function MyProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.title'));
  const lng = useLocale();
  const { data, isError } = useMyProfile();
  if (isError) return <Alert severity="error">{t('errors.please_try_again')}</Alert>;
  if (!data) return null;
  const fmt = (iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(iso));
  const counts = ['location_count', 'checklist_count', 'observation_count', 'species_count'] as const;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">{t('profile.title')}</Typography>
      <Paper sx={{ p: 3, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }} aria-hidden>
          {data.first_name.charAt(0)}{data.last_name.charAt(0)}
        </Avatar>
        <Box>
          <Typography variant="h5" component="p">{data.first_name} {data.last_name}</Typography>
          <Typography color="text.secondary">@{data.username} · {data.email}</Typography>
          <Typography variant="body2">{t('profile.member_since', { date: fmt(data.created) })}</Typography>
          <Typography variant="body2">{t('profile.role')}: {t(`role.${data.role_id}`)}</Typography>
          <Typography variant="body2">{t(data.profile?.newsletter ? 'profile.newsletter_yes' : 'profile.newsletter_no')}</Typography>
        </Box>
      </Paper>
      <Box component="section" aria-labelledby="counts-heading">
        <Typography id="counts-heading" variant="h6" component="h2" gutterBottom>{t('profile.counts')}</Typography>
        <Grid container spacing={2}>
          {counts.map((key) => (
            <Grid key={key} size={{ xs: 6, md: 3 }}>
              <Paper sx={{ p: 2, textAlign: 'center' }}>
                <Typography variant="h4" component="p">{data[key]}</Typography>
                <Typography variant="body2">{t(`profile.${key}`)}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Box>
    </Stack>
  );
}
