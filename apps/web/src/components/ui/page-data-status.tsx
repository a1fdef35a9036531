import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../lib/links';

/**
 * What a page that shows one record (a Mission, a site's history, a season report) draws while the
 * record is not there: "not found" (a warning), "try again" (an error), each with a way on to
 * Explore, or else a spinner while it loads. Not found wins over an error, as the page asked first
 * whether the address names a record at all.
 * @param notFound the address names no record (a malformed id, or the API answered 404)
 * @param failed the record or what it needs could not be loaded
 * @param notFoundMessage the warning's text; `common:errors.not_found` ("Resource not found") when left out
 * @param loadingLabel the spinner's accessible name, if it has one
 */
export function PageDataStatus({
  notFound,
  failed,
  notFoundMessage,
  loadingLabel,
}: {
  notFound: boolean;
  failed: boolean;
  notFoundMessage?: string;
  loadingLabel?: string;
}) {
  const { t } = useTranslation('mission');
  if (notFound || failed)
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        action={
          <Button component={LocaleLink} href="/explore" color="inherit">
            {t('details.to_explore')}
          </Button>
        }
      >
        {notFound ? (notFoundMessage ?? t('common:errors.not_found')) : t('common:errors.please_try_again')}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress aria-label={loadingLabel} />
    </Box>
  );
}
