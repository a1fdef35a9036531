import { Avatar } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A volunteer's square photo, or their initials when they have none. */
export function ProfileAvatar({
  photo,
  username,
  firstName,
  lastName,
  size = 96,
}: {
  photo: string | null;
  username: string;
  firstName: string;
  lastName: string;
  size?: number;
}) {
  const { t } = useTranslation('account');
  return (
    <Avatar
      src={photo ?? undefined}
      alt={photo ? t('profile.photo_alt', { username }) : undefined}
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size / 2.6 }}
      aria-hidden={photo ? undefined : true}
    >
      {firstName.charAt(0)}
      {lastName.charAt(0)}
    </Avatar>
  );
}
