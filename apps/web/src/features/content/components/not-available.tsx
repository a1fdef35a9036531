import { Link, Stack, Typography } from '@mui/material';
import { SUB_PATH, type Locale } from '@mm/shared';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a page is reached in a language it is not written in (spec §2: the mission kit in
 * Spanish), with links to the languages it exists in. Full page loads, like the language switch.
 */
export function NotAvailable({ path, locales }: { path: string; locales: readonly Locale[] }) {
  const { t } = useTranslation('content');
  const labels: Partial<Record<Locale, string>> = { en: t('unavailable.read_en'), fr: t('unavailable.read_fr') };
  return (
    <Stack spacing={2} sx={{ py: 4, maxWidth: '72ch' }}>
      <Typography variant="h4" component="h1">
        {t('unavailable.title')}
      </Typography>
      <Typography>{t('unavailable.text')}</Typography>
      <Stack component="ul" spacing={1} sx={{ pl: 3, m: 0 }}>
        {locales.map((lng) => (
          <li key={lng}>
            <Link href={`${SUB_PATH}/${lng}${path}`} lang={lng} hrefLang={lng}>
              {labels[lng] ?? lng}
            </Link>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
