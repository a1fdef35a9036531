import { Alert, Box, Card, CardContent, CardMedia, Grid, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePublicProfile } from '../../features/account/api/profiles';
import { FollowButton } from '../../features/account/components/follow-button';
import { ProfileAvatar } from '../../features/account/components/profile-avatar';
import { ProfileCounts } from '../../features/account/components/profile-counts';
import { useSession } from '../../entities/session/session-context';
import { ApiRequestError } from '../../lib/api-client';
import { useLocale } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Profile (DESIGN.md `/users/profile/{username}`, public): name, photo, bio, member since, counts and recent observations. */
export function PublicProfilePage() {
  const { t } = useTranslation('account');
  const { username = '' } = useParams();
  const lng = useLocale();
  const { data, error } = usePublicProfile(username);
  const { user } = useSession();
  usePageTitle(data ? `${data.first_name} ${data.last_name}` : t('public.title'));
  if (error)
    return (
      <Alert severity={error instanceof ApiRequestError && error.status === 404 ? 'info' : 'error'}>
        {error instanceof ApiRequestError && error.status === 404
          ? t('public.not_found')
          : t('common:errors.please_try_again')}
      </Alert>
    );
  if (!data) return null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <ProfileAvatar
          photo={data.photo_path}
          username={data.username}
          firstName={data.first_name}
          lastName={data.last_name}
        />
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            {data.first_name} {data.last_name}
          </Typography>
          <Typography color="text.secondary">
            @{data.username}
            {data.club ? ` · ${data.club}` : ''}
          </Typography>
          <Typography variant="body2">{t('public.member_since', { date: date(data.created) })}</Typography>
          {data.bio && <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }}>{data.bio}</Typography>}
        </Box>
        {data.followed_by_me !== undefined && user?.user_id !== data.user_id && (
          <FollowButton username={data.username} following={data.followed_by_me} />
        )}
      </Paper>
      <Box component="section" aria-labelledby="counts-heading">
        <Typography id="counts-heading" variant="h6" component="h2" gutterBottom>
          {t('public.counts')}
        </Typography>
        <ProfileCounts profile={data} />
      </Box>
      <Box component="section" aria-labelledby="recent-heading">
        <Typography id="recent-heading" variant="h6" component="h2" gutterBottom>
          {t('public.recent')}
        </Typography>
        {data.recent_observations.length === 0 ? (
          <Typography color="text.secondary">{t('public.no_recent')}</Typography>
        ) : (
          <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.recent_observations.map((o) => (
              <Grid key={o.observation_id} size={{ xs: 12, sm: 6, md: 3 }} component="li">
                <Card sx={{ height: '100%' }}>
                  {o.photo_path && (
                    <CardMedia
                      component="img"
                      height="160"
                      image={o.photo_path}
                      alt={t('common:explore.photo_alt', {
                        stage: t(`common:lifestage.${o.lifestage_id}`),
                        place: o.locality,
                        date: date(o.checklist_date),
                      })}
                    />
                  )}
                  <CardContent>
                    <Typography variant="body2">
                      {t(o.numbers === null ? 'public.observation_uncounted' : 'public.observation', {
                        number: o.numbers,
                        stage: t(`common:lifestage.${o.lifestage_id}`),
                        place: o.locality,
                        date: date(o.checklist_date),
                      })}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Box>
    </Stack>
  );
}
