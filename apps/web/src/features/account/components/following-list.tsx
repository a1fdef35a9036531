import { Box, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../../lib/links';
import { useFollowing } from '../api/profiles';
import { ProfileAvatar } from './profile-avatar';

/** My profile: the volunteers I follow, each with their latest public observations. */
export function FollowingList() {
  const { t } = useTranslation('account');
  const lng = useLocale();
  const { data } = useFollowing();
  if (!data) return null;
  if (data.data.length === 0) return <Typography color="text.secondary">{t('follow.none')}</Typography>;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
  return (
    <List disablePadding>
      {data.data.map((person) => (
        <ListItem key={person.user_id} alignItems="flex-start" disableGutters>
          {/* ListItemAvatar's box (56 px, not shrinking), without its code in My profile's budget. */}
          <Box sx={{ minWidth: 56, flexShrink: 0 }}>
            <ProfileAvatar
              photo={person.photo_path}
              username={person.username}
              firstName={person.first_name}
              lastName={person.last_name}
              size={48}
            />
          </Box>
          <ListItemText
            primary={
              <Link component={LocaleLink} href={`/users/profile/${person.username}`}>
                {person.first_name} {person.last_name} (@{person.username})
              </Link>
            }
            secondary={
              <Box component="span" sx={{ display: 'block' }}>
                {person.latest.length === 0
                  ? t('public.no_recent')
                  : person.latest.map((o) => (
                      <Box component="span" key={o.observation_id} sx={{ display: 'block' }}>
                        {t(o.numbers === null ? 'public.observation_uncounted' : 'public.observation', {
                          number: o.numbers,
                          stage: t(`common:lifestage.${o.lifestage_id}`),
                          place: o.locality,
                          date: date(o.checklist_date),
                        })}
                      </Box>
                    ))}
              </Box>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
