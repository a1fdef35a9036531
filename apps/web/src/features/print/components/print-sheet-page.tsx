import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, CircularProgress, GlobalStyles, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParamsData } from '../../../entities/params/get-params';
import { useLocale } from '../../../lib/links';
import { usePageTitle } from '../../../lib/page-title';
import type { PrintSheet } from '../sheets';
import { FlashFormSheet } from './flash-form-sheet';
import { MilkweedIdSheet } from './milkweed-id-sheet';
import { MissionFormSheet } from './mission-form-sheet';
import { MonarchIdSheet } from './monarch-id-sheet';

/** Sheets to read outdoors, not to fill in. */
const ID_SHEETS: readonly PrintSheet[] = ['monarch-id', 'milkweed-id'];

/** On paper only the sheet: the site's header, footer and banners are left out, margins are the printer's. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { margin: '12mm' },
      '@media print': {
        'header, footer, nav, .mm-no-print, [role="status"]': { display: 'none !important' },
        body: { background: '#fff' },
      },
    }}
  />
);

/**
 * A printable sheet in the visitor's language: a title, what to do with it, a
 * "Print or save as PDF" button (the browser's print dialog) and the sheet itself.
 */
export function PrintSheetPage({ sheet }: { sheet: PrintSheet }) {
  const { t } = useTranslation('content');
  const lng = useLocale();
  // The identification sheets need no reference data; the forms list its milkweeds and codes.
  const params = useParamsData();
  const title = t(`print.sheets.${sheet}.title`);
  usePageTitle(title);
  return (
    <Box component="article" lang={lng} sx={{ py: 2, maxWidth: '190mm', mx: 'auto', color: 'text.primary' }}>
      {printStyles}
      {/* The button goes under the title on a phone: the French title and button do not fit side by side. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ '@media print': { fontSize: '1.5rem' } }}>
            {title}
          </Typography>
          <Typography variant="body2">
            {t(ID_SHEETS.includes(sheet) ? 'print.id_site_line' : 'print.site_line')}
          </Typography>
        </Box>
        <Button
          className="mm-no-print"
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          sx={{ flex: 'none', maxWidth: '100%' }}
        >
          {t('print.print')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 3, '@media print': { mb: 1.5, fontSize: '0.875rem' } }}>
        {t(`print.sheets.${sheet}.lead`)}
      </Typography>
      {sheet === 'monarch-id' ? (
        <MonarchIdSheet />
      ) : sheet === 'milkweed-id' ? (
        <MilkweedIdSheet />
      ) : params.data ? (
        sheet === 'flash-form' ? (
          <FlashFormSheet params={params.data} lng={lng} />
        ) : (
          <MissionFormSheet params={params.data} lng={lng} />
        )
      ) : params.isError ? (
        <Alert severity="error">{t('article.error')}</Alert>
      ) : (
        <CircularProgress aria-label={t('article.loading')} />
      )}
    </Box>
  );
}
