import { Alert, Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../components/ui/after-hydration';
import { useMonitoredSites } from '../../../entities/site/monitored-sites';
import { LocaleLink } from '../../../lib/links';

/** The plural forms of the notice in the locale files (`monitoring.due_count_*`), for the page drawn before the app. */
const PLURAL_FORMS = ['one', 'many', 'other'] as const;

/**
 * "N of your sites are due for a visit this week" with a link to My sites (Submit data page;
 * docs/monitoring.md). Nothing while loading, without monitored sites or when none is due.
 * On the page the server draws for a session (docs/adr/0048), and while the browser hydrates it, the notice is
 * drawn hidden, with its text's templates by plural form (`data-one`…): the page's step before the app
 * (`lib/signed-in-first.ts`) fills it in and shows it when sites are due; React leaves its text alone
 * (`dangerouslySetInnerHTML`, not hydrated) and keeps it until the app's own answer is there.
 */
export function DueSummary() {
  const { t, i18n } = useTranslation('mission');
  const hydrated = useHydrated();
  const [drawnBeforeApp] = useState(!hydrated);
  const monitored = useMonitoredSites();
  const due = (monitored.data?.sites ?? []).filter((s) => s.due).length;
  if (!hydrated || (drawnBeforeApp && monitored.isLoading)) {
    const lng = i18n.resolvedLanguage ?? i18n.language;
    const templates = Object.fromEntries(
      PLURAL_FORMS.map((form) => [
        `data-${form}`,
        String(i18n.getResource(lng, 'mission', `monitoring.due_count_${form}`) ?? ''),
      ]),
    );
    return (
      <Notice hidden {...templates} data-due-notice="">
        <span data-due-text="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
      </Notice>
    );
  }
  if (due === 0) return null;
  return <Notice>{t('monitoring.due_count', { count: due })}</Notice>;
}

/** The notice's box: a warning with the link to My sites. */
function Notice({ children, ...rest }: { children: ReactNode; hidden?: boolean; [data: `data-${string}`]: string }) {
  const { t } = useTranslation('mission');
  return (
    <Alert
      severity="warning"
      // `hidden` would lose to the Alert's `display: flex`.
      sx={{ mb: 3, '&[hidden]': { display: 'none' } }}
      action={
        <Button component={LocaleLink} href="/submit/sites" color="inherit" sx={{ minHeight: 44 }}>
          {t('monitoring.title')}
        </Button>
      }
      {...rest}
    >
      {children}
    </Alert>
  );
}
