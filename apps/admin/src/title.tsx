import { useTranslate } from 'react-admin';

/**
 * The panel's name in its language. react-admin shows `<Admin title>` untranslated on pages
 * without a title of their own (Not Found), so it gets this component rather than a key.
 */
export function PanelTitle() {
  const translate = useTranslate();
  return <>{translate('mm.title')}</>;
}
