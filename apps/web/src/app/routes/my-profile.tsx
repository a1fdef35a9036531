import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { FollowingList } from '../../features/account/components/following-list';
import { MyDataSection } from '../../features/account/components/my-data-section';
import { LazyVolunteerSearch } from '../../features/account/components/lazy-volunteer-search';
import { ProfileAvatar } from '../../features/account/components/profile-avatar';
import { ProfileCounts } from '../../features/account/components/profile-counts';
import { ProfilePhotoButton } from '../../features/account/components/profile-photo-button';
import { useMyProfile } from '../../features/profile/api/get-my-profile';
import { useSession } from '../../entities/session/session-context';
import { LocaleLink, useLocale, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';
import { LazyAlert } from '../../components/ui/lazy-alert';

/** The details form opens on Edit: its code (selects, checkboxes, the schema) loads then. */
const ProfileDetailsForm = lazy(async () => ({
  default: (await import('../../features/account/components/profile-details-form')).ProfileDetailsForm,
}));

/** My profile: identity, photo, role and contribution counts computed by the server; edit details, photo and password. */
export function MyProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.title'));
  const lng = useLocale();
  const { data, isError } = useMyProfile();
  const [editing, setEditing] = useState(false);
  const { signOut } = useSession();
  const navigate = useNavigate();
  const to = useLocalePath();
  if (isError) return <LazyAlert severity="error">{t('errors.please_try_again')}</LazyAlert>;
  if (!data) return null;
  const fmt = (iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(iso));
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('profile.title')}
      </Typography>
      <Paper sx={{ p: 3, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <ProfileAvatar
            photo={data.photo_path && data.photo_name ? `/attachments/${data.photo_path}/${data.photo_name}` : null}
            username={data.username}
            firstName={data.first_name}
            lastName={data.last_name}
          />
          <ProfilePhotoButton />
        </Stack>
        <Box>
          <Typography variant="h5" component="p">
            {data.first_name} {data.last_name}
          </Typography>
          <Typography color="text.secondary">
            @{data.username} · {data.email}
          </Typography>
          <Typography variant="body2">{t('profile.member_since', { date: fmt(data.created) })}</Typography>
          <Typography variant="body2">
            {t('profile.role')}: {t(`role.${data.role_id}`)}
          </Typography>
          <Typography variant="body2">
            {t(data.profile?.newsletter ? 'profile.newsletter_yes' : 'profile.newsletter_no')}
          </Typography>
          {data.profile?.bio && <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }}>{data.profile.bio}</Typography>}
          <Button component={LocaleLink} href={`/users/profile/${data.username}`} sx={{ mt: 1, ml: -1 }}>
            {t('account:profile.view_public')}
          </Button>
        </Box>
      </Paper>
      <Paper component="section" aria-labelledby="details-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography id="details-heading" variant="h6" component="h2">
            {t('account:profile.details')}
          </Typography>
          {!editing && <Button onClick={() => setEditing(true)}>{t('account:profile.edit')}</Button>}
        </Stack>
        {editing ? (
          <Suspense fallback={<div className="mm-boot-spinner" role="progressbar" aria-label={t('app.loading')} />}>
            <ProfileDetailsForm me={data} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">
            {[data.profile?.club, data.profile?.species_name].filter(Boolean).join(' · ') || t('account:profile.none')}
          </Typography>
        )}
      </Paper>
      <Box component="section" aria-labelledby="counts-heading">
        <Typography id="counts-heading" variant="h6" component="h2" gutterBottom>
          {t('profile.counts')}
        </Typography>
        <ProfileCounts profile={data} />
      </Box>
      <Paper component="section" aria-labelledby="following-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="following-heading" variant="h6" component="h2" gutterBottom>
          {t('account:follow.title')}
        </Typography>
        <Stack spacing={2}>
          <LazyVolunteerSearch />
          <FollowingList />
        </Stack>
      </Paper>
      <Paper component="section" aria-labelledby="password-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="password-heading" variant="h6" component="h2" gutterBottom>
          {t('account:profile.password_title')}
        </Typography>
        <ChangePasswordForm />
      </Paper>
      <Paper component="section" aria-labelledby="data-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="data-heading" variant="h6" component="h2" gutterBottom>
          {t('account:data.title')}
        </Typography>
        <MyDataSection
          username={data.username}
          onDeleted={async () => {
            await signOut();
            toast.success(t('account:data.deleted'));
            await navigate(to('/'));
          }}
        />
      </Paper>
    </Stack>
  );
}
