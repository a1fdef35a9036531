import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress, Dialog, DialogContent } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExploreFilters } from '@mm/shared';

const loadDialog = () => import('./download-dialog');
// The dialog's form (react-hook-form, the zod schemas) loads when it is first wanted, not with the
// page (≈ 45 KB gzip of JavaScript a phone no longer runs while Explore loads).
const DownloadDialog = lazy(async () => ({ default: (await loadDialog()).DownloadDialog }));

/**
 * "Download" above the Explore results (spec §1), or `label` elsewhere (the Blitz page's "Download this
 * Blitz's data"): opens the download dialog for `filters`. The
 * dialog's code starts loading when a pointer comes over the button or it takes the focus; a press
 * before it has arrived shows a progress indicator in the dialog's place.
 */
export function DownloadButton({ filters, label }: { filters: ExploreFilters; label?: string }) {
  const { t } = useTranslation('downloads');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {label ?? t('button')}
      </Button>
      {wanted && (
        <Suspense
          fallback={
            <Dialog open={open} onClose={() => setOpen(false)} aria-label={t('title')}>
              <DialogContent>
                <CircularProgress aria-label={t('explore:loading')} />
              </DialogContent>
            </Dialog>
          }
        >
          <DownloadDialog
            key={filters.exclude_flagged ? 'flagged-out' : 'all'}
            filters={filters}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
