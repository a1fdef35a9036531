import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title as "<page> · Mission Monarch". */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
