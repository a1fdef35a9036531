import { useTranslation } from 'react-i18next';

/**
 * Shown inside the page frame while a content page's code and text load. The spinner is index.html's
 * loading-screen spinner (styles there), as in PageFallback: no MUI progress code in the first render.
 */
export function ContentFallback() {
  const { t } = useTranslation('content');
  return (
    <div aria-busy="true" style={{ display: 'flex', justifyContent: 'center', padding: '48px 0', minHeight: '100vh' }}>
      <div className="mm-boot-spinner" role="progressbar" aria-label={t('article.loading')} />
    </div>
  );
}
