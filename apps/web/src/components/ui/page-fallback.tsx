import { useTranslation } from 'react-i18next';

/**
 * Shown inside the page frame while a page's code loads (each page is its own chunk). It
 * fills the viewport below the header, so the footer is not drawn in view and then pushed away.
 */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" style={{ minHeight: '100vh', paddingTop: 48 }}>
      {/* The spinner of index.html's loading screen (styles there): no MUI code before the page's own. */}
      <div className="mm-boot-spinner" role="progressbar" aria-label={t('app.loading')} />
    </div>
  );
}
