import { useTranslation } from 'react-i18next';

/**
 * Shown until the app has mounted, the session is checked and translations are ready (spec §4).
 * The same markup as the loading screen index.html draws before any script runs (its `.mm-boot`
 * styles are there), so the switch from one to the other does not move a pixel.
 * Translations may not be loaded yet: until they are, it is named by the product name.
 */
export function LoadingScreen() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      className="mm-boot"
      role="status"
      {...(ready ? { 'aria-label': t('app.loading') } : { 'aria-labelledby': 'loading-screen-name' })}
    >
      <div>
        <span className="mm-monarch" style={{ width: 72, height: 72 }} />
        <p id="loading-screen-name">Mission Monarch</p>
        <div className="mm-boot-spinner" />
      </div>
    </div>
  );
}
