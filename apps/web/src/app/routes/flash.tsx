import { Alert, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FlashForm } from '../../features/flash/components/flash-form';
import { useParamsData } from '../../entities/params/get-params';
import { LocaleLink, useLocalePath } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';

/** Flash Data: one quick sighting. After saving, Flash Detail shows what was saved. */
export function FlashPage() {
  const { t } = useTranslation();
  usePageTitle(t('flash.title'));
  const navigate = useNavigate();
  const to = useLocalePath();
  const params = useParamsData();
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('flash.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('flash.lead')}</Typography>
      <Link component={LocaleLink} href="/submit/flash-submissions" sx={{ display: 'inline-block', mb: 3 }}>
        {t('flash.my_submissions')}
      </Link>
      {params.isError && <Alert severity="error">{t('errors.please_try_again')}</Alert>}
      {params.data && (
        <FlashForm
          params={params.data}
          onSaved={(checklistId) => {
            toast.success(t('toast.flash_saved'));
            void navigate(to(`/submit/flash/${checklistId}`));
          }}
        />
      )}
    </>
  );
}
