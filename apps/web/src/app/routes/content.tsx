import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BlitzCallout } from '../../features/blitz/components/blitz-callout';
import { useContent } from '../../features/content/api/get-content';
import { MarkdownArticle } from '../../features/content/components/markdown-article';
import { NotAvailable } from '../../features/content/components/not-available';
import { PageHead } from '../../features/content/components/page-head';
import { findContentPage } from '../../features/content/pages';
import { PrintableSheets } from '../../features/print/components/printable-sheets';
import { PAGES_WITH_SHEETS } from '../../features/print/sheets';
import { useLocale } from '../../lib/links';
import { NotFoundPage } from './not-found';

/** The spec's content page about the International Monarch Monitoring Blitz. */
const BLITZ_CONTENT_SLUG = 'monarch-blitz';

/**
 * `/{locale}/content/{slug}` (spec §2): a Markdown page in the current language, its head tags, or
 * a "not available in this language" page. Loaded lazily with its renderer (see router.tsx).
 */
export function ContentPage() {
  const { slug } = useParams();
  const page = findContentPage(slug);
  const lng = useLocale();
  const { t } = useTranslation('content');
  const written = !!page && page.locales.includes(lng);
  const content = useContent(page?.slug ?? '', lng, written);
  if (!page) return <NotFoundPage />;
  const path = `/content/${page.slug}`;
  const head = (
    <PageHead
      title={t(`pages.${page.slug}.title`)}
      description={t(`pages.${page.slug}.description`)}
      path={path}
      locales={page.locales}
    />
  );
  if (!written) {
    return (
      <>
        {head}
        <NotAvailable path={path} locales={page.locales} />
      </>
    );
  }
  return (
    <Stack component="article" lang={lng} sx={{ py: { xs: 1, md: 2 } }}>
      {head}
      {content.data !== undefined && <MarkdownArticle markdown={content.data} />}
      {/* The Blitz page of the spec links its live page (current event's totals, map, data). */}
      {content.data !== undefined && page.slug === BLITZ_CONTENT_SLUG && <BlitzCallout />}
      {content.data !== undefined && PAGES_WITH_SHEETS.includes(page.slug) && <PrintableSheets />}
      {content.isPending && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('article.loading')}</Typography>
        </Stack>
      )}
      {content.isError && <Alert severity="error">{t('article.error')}</Alert>}
    </Stack>
  );
}
