import { Alert, Link, Typography } from '@mui/material';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { FlashForm } from '../../features/flash/components/flash-form';
import { useQueuedFlash } from '../../features/flash/hooks/use-queued-flash';
import { useParamsData } from '../../entities/params/get-params';
import { LocaleLink, useLocale, useLocalePath } from '../../lib/links';
import { useHydrated } from '../../components/ui/after-hydration';
import { usePageTitle } from '../../lib/page-title';

/**
 * Flash Data: one quick sighting. After saving, Flash Detail shows what was saved; without network
 * it waits in the outbox and My Flash submissions lists it. `?outbox={idempotency_key}` reopens a
 * refused entry of the outbox to fix it. For a signed-in volunteer the server renders it at its plain address, form
 * included, and the app starts on demand (docs/adr/0049); with `?outbox=` the browser draws it.
 */
export function FlashPage() {
  const { t } = useTranslation();
  usePageTitle(t('flash.title'));
  const navigate = useNavigate();
  const to = useLocalePath();
  const params = useParamsData(useLocale());
  const [search] = useSearchParams();
  const outboxId = search.get('outbox');
  const queued = useQueuedFlash(outboxId);
  const ready = !!params.data && queued !== undefined && !(outboxId && queued === null);
  // The form is most of the page's start-up work (≈ 100 ms of a laptop's main thread: its fields, their
  // styles, the map). Its parameters arrive through the data cache, whose updates React renders at once in
  // one task; deferred, the form is rendered in slices of a few ms, the browser painting the page's
  // heading and answering input in between (docs/adr/0043). Rendered by the server, and so while hydrating, it is
  // drawn at once: the server's markup holds it (docs/adr/0049).
  const hydrated = useHydrated();
  const showForm = useDeferredValue(ready, !hydrated && ready);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('flash.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('flash.lead')}</Typography>
      <Link component={LocaleLink} href="/submit/flash-submissions" sx={{ display: 'inline-block', mb: 3 }}>
        {t('flash.my_submissions')}
      </Link>
      {params.isError && <Alert severity="error">{t('errors.please_try_again')}</Alert>}
      {outboxId && queued === null && <Alert severity="warning">{t('outbox.not_found')}</Alert>}
      {ready && showForm && params.data && (
        <FlashForm
          key={outboxId ?? 'new'}
          params={params.data}
          queued={queued ?? undefined}
          onSaved={(checklistId) => {
            toast.success(t('toast.flash_saved'));
            void navigate(to(`/submit/flash/${checklistId}`));
          }}
          onQueued={() => {
            toast.info(t('outbox.queued_toast'));
            void navigate(to('/submit/flash-submissions'));
          }}
        />
      )}
    </>
  );
}
