import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerRender } from './server-render';

/** Sets the document title as "<page> · Mission Monarch" (a server render writes it into the page's `<title>`). */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const app = t('app.name');
  const serverRender = useServerRender();
  if (serverRender) serverRender.title = title ? `${title} · ${app}` : app;
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
