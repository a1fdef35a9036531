import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../lib/links';
import { useSession } from '../session/session-context';
import { useOnline } from '../../lib/use-online';
import { useMyOutbox } from './use-outbox';

/**
 * The strip under the header: how many entries wait on this device ("2 waiting to
 * send", "1 to fix"), that the browser is offline (pages needing the network say so here), and a
 * sign-in link when entries wait without a session. Hidden when there is nothing to say.
 */
export function OutboxStatusBar() {
  const { t } = useTranslation();
  const online = useOnline();
  const { user } = useSession();
  const entries = useMyOutbox();
  const waiting = entries.filter((e) => e.state === 'waiting' || e.state === 'sending');
  const refused = entries.filter((e) => e.state === 'refused');
  if (online && waiting.length === 0 && refused.length === 0) return null;
  const first = waiting[0] ?? refused[0];
  const listHref = first?.kind === 'mission' ? '/submit/missions' : '/submit/flash-submissions';
  return (
    <Box
      role="status"
      aria-label={t('outbox.status_label')}
      sx={{ bgcolor: online ? 'secondary.main' : '#5b4636', color: '#fff', px: 2, py: 0.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', fontSize: 14 }}>
        {online ? <CloudUploadIcon fontSize="small" /> : <CloudOffIcon fontSize="small" />}
        {!online && <Typography sx={{ fontSize: 'inherit', fontWeight: 700 }}>{t('offline.banner')}</Typography>}
        {waiting.length > 0 && (
          <Link component={LocaleLink} href={listHref} color="inherit" sx={{ fontWeight: 700 }}>
            {t('outbox.badge', { count: waiting.length })}
          </Link>
        )}
        {refused.length > 0 && (
          <Link component={LocaleLink} href={listHref} color="inherit" sx={{ fontWeight: 700 }}>
            {t('outbox.badge_refused', { count: refused.length })}
          </Link>
        )}
        {!online && waiting.length === 0 && (
          <Typography sx={{ fontSize: 'inherit' }}>{t('offline.needs_network_short')}</Typography>
        )}
        {!user && first && (
          <Link component={LocaleLink} href="/users/signin" color="inherit" sx={{ textDecoration: 'underline' }}>
            {t('outbox.sign_in_to_send')}
          </Link>
        )}
      </Stack>
    </Box>
  );
}
