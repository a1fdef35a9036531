import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { STORAGE_KEYS, SUB_PATH, type Locale } from '@mm/shared';
import { languageLabelKeys } from '../../lib/languages';
import { useLocale } from '../../lib/links';
import { storage } from '../../lib/storage';

/**
 * Spec §2 language switch: stores `mm_lang`, clears the stored parameters, and reloads the same
 * page with the same query in the chosen language.
 */
export function useSwitchLanguage() {
  const location = useLocation();
  return (lng: Locale) => {
    storage.setLanguage(lng);
    sessionStorage.removeItem(STORAGE_KEYS.params);
    localStorage.removeItem(STORAGE_KEYS.params);
    const rest = location.pathname.replace(/^\/[^/]+/, '');
    window.location.assign(`${SUB_PATH}/${lng}${rest}${location.search}${location.hash}`);
  };
}

/**
 * Wide-header buttons: English and French only (spec §2). A labelled group of two text buttons with a
 * divider between them, as MUI's text ButtonGroup draws it, without its code in the first render (issue 13).
 */
export function LanguageButtons() {
  const { t } = useTranslation();
  const current = useLocale();
  const switchTo = useSwitchLanguage();
  return (
    <Box role="group" aria-label={t('nav.language')} sx={{ display: 'inline-flex' }}>
      {(['en', 'fr'] as const).map((lng) => (
        <Button
          key={lng}
          lang={lng}
          onClick={() => switchTo(lng)}
          aria-pressed={current === lng}
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
