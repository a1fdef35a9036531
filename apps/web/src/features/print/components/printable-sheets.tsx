import PrintIcon from '@mui/icons-material/Print';
import { Box, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../lib/links';
import { PRINT_SHEETS } from '../sheets';

/** "Printable sheets" on the education kit, mission kit and "ready to go" pages: links to the field forms to print, in the page's language. */
export function PrintableSheets() {
  const { t } = useTranslation('content');
  return (
    <Box component="section" aria-labelledby="printable-sheets" sx={{ mt: 4 }}>
      <Typography variant="h5" component="h2" id="printable-sheets">
        {t('print.offer_title')}
      </Typography>
      <Typography>{t('print.offer_lead')}</Typography>
      <List>
        {PRINT_SHEETS.map((sheet) => (
          <ListItem key={sheet} disableGutters>
            <ListItemIcon>
              <PrintIcon />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link component={LocaleLink} href={`/print/${sheet}`}>
                  {t(`print.sheets.${sheet}.title`)}
                </Link>
              }
              secondary={t(`print.sheets.${sheet}.lead`)}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
