import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { SigninForm } from '../../features/auth/components/signin-form';
import { LocaleLink, useLocale, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../entities/session/session-context';

/** Where to go after signing in: the `next` page when it is an in-app path of this locale, else home. */
function safeNext(next: string | null, locale: string): string | undefined {
  return next && next.startsWith(`/${locale}/`) && !next.startsWith('//') ? next : undefined;
}

export function SigninPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.signin_title'));
  const navigate = useNavigate();
  const to = useLocalePath();
  const locale = useLocale();
  const [params] = useSearchParams();
  const { expired } = useSession();
  return (
    <Box sx={{ maxWidth: 440, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.signin_title')}
        </Typography>
        {expired && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('auth.session_expired')}
          </Alert>
        )}
        <SigninForm
          onSuccess={(username) => {
            toast.success(t('toast.signed_in', { username }));
            void navigate(safeNext(params.get('next'), locale) ?? to('/'));
          }}
        />
        <Typography sx={{ mt: 2 }}>
          <Link component={LocaleLink} href="/users/forgotpassword">
            {t('account:forgot.link')}
          </Link>
        </Typography>
        <Typography sx={{ mt: 2 }}>
          {t('auth.no_account')}{' '}
          <Link component={LocaleLink} href="/users/signup">
            {t('nav.sign_up')}
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
