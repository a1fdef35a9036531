import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SUB_PATH, type Locale } from '@mm/shared';
import { languageLabelKeys } from '../../lib/languages';
import { useLocale } from '../../lib/links';

/**
 * The address of the page in language `lng`, with the same query and fragment (spec §2).
 * @param pathname the router's path, from the locale on (`/en/explore`)
 */
export const languageHref = (lng: Locale, pathname: string, search: string, hash: string) =>
  `${SUB_PATH}/${lng}${pathname.replace(/^\/[^/]+/, '')}${search}${hash}`;

/**
 * Wide-header language switch: English and French only (spec §2). Links to the same page in the other
 * language, so that they work before the app runs on a server-rendered page (docs/adr/0033); the
 * start-up module clears the stored parameters as one is followed (`data-language-link`) and the next
 * page stores its language. A labelled group of two text buttons with a divider between them, as MUI's
 * text ButtonGroup draws it, without its code in the first render.
 */
export function LanguageButtons() {
  const { t } = useTranslation();
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <Box role="group" aria-label={t('nav.language')} sx={{ display: 'inline-flex' }}>
      {(['en', 'fr'] as const).map((lng) => (
        <Button
          key={lng}
          lang={lng}
          href={languageHref(lng, pathname, search, hash)}
          data-language-link=""
          aria-current={current === lng ? 'true' : undefined}
          size="small"
          sx={{
            color: 'inherit',
            fontWeight: current === lng ? 700 : 400,
            minWidth: 40,
            '&:first-of-type': { borderRight: '1px solid', borderColor: 'primary.light', borderRadius: '4px 0 0 4px' },
            '&:last-of-type': { borderRadius: '0 4px 4px 0' },
          }}
        >
          {t(languageLabelKeys[lng])}
        </Button>
      ))}
    </Box>
  );
}
