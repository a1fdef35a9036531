import { Alert, Box, Link, List, ListItem, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadLanding as DownloadLandingData } from '@mm/shared';
import { LicenseLink } from '../../../components/ui/license-link';
import { useParamsData } from '../../../entities/params/get-params';
import { useLocale } from '../../../lib/links';
import { describeFilters } from '../utils/describe-filters';
import { DownloadCitation } from './download-citation';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { sm: '12rem 1fr' }, gap: { xs: 0.25, sm: 2 } }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The public page of one download ("Citable downloads"): how to cite it, then what it
 * holds: records, date, format, reason, filters in words and the licences of its records.
 */
export function DownloadLanding({ download }: { download: DownloadLandingData }) {
  const { t } = useTranslation('downloads');
  const lng = useLocale();
  const { data: params } = useParamsData();
  const filters = describeFilters(download.filters, params, t, lng);
  const created = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(download.created),
  );
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('landing.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('landing.id', { id: download.id })}
        </Typography>
      </Box>
      {!download.finished && <Alert severity="warning">{t('landing.unfinished')}</Alert>}
      <Box component="section" aria-labelledby="cite-heading">
        <Typography variant="h5" component="h2" id="cite-heading" sx={{ mb: 1 }}>
          {t('landing.cite')}
        </Typography>
        <DownloadCitation citation={download.citation} />
      </Box>
      <Box component="section" aria-labelledby="contents-heading">
        <Typography variant="h5" component="h2" id="contents-heading" sx={{ mb: 1 }}>
          {t('landing.contents')}
        </Typography>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          <Fact label={t('landing.records')}>{t('landing.records_value', { count: download.records })}</Fact>
          <Fact label={t('landing.date')}>{created}</Fact>
          <Fact label={t('format')}>{t(`formats.${download.format}.label`)}</Fact>
          <Fact label={t('common:fields.reason')}>{download.reason || t('landing.no_reason')}</Fact>
          <Fact label={t('landing.filters')}>
            {filters.length > 0 ? (
              <List dense disablePadding>
                {filters.map((line) => (
                  <ListItem key={line} disableGutters sx={{ py: 0 }}>
                    {line}
                  </ListItem>
                ))}
              </List>
            ) : (
              t('landing.no_filters')
            )}
          </Fact>
          <Fact label={t('landing.licenses')}>
            {download.licenses.length > 0 ? (
              <List dense disablePadding>
                {download.licenses.map((l) => (
                  <ListItem key={l.code} disableGutters sx={{ py: 0, gap: 0.75 }}>
                    <LicenseLink code={l.code} />
                    <span>{t('landing.license_records', { count: l.records })}</span>
                  </ListItem>
                ))}
              </List>
            ) : (
              t('landing.no_licenses')
            )}
            {download.format === 'dwca' && download.licenses.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('landing.licenses_dwca_note')}
              </Typography>
            )}
          </Fact>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('landing.terms')}{' '}
        <Link href="https://www.gbif.org/citation-guidelines" target="_blank" rel="noopener noreferrer">
          {t('landing.citation_guidelines')}
        </Link>
      </Typography>
    </Stack>
  );
}
