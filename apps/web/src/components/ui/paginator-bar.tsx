import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Paginator } from '@mm/shared';

/** First, previous, next and last paging over the spec §3 paginator. */
export function PaginatorBar({ paginator, onPage }: { paginator: Paginator; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { current, totalpage, hasPre, hasNext } = paginator;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', my: 2 }} component="nav" aria-label={t('explore.page_of', { current, total: totalpage })}>
      <IconButton aria-label={t('explore.first')} disabled={!hasPre} onClick={() => onPage(1)}><FirstPageIcon /></IconButton>
      <IconButton aria-label={t('explore.previous')} disabled={!hasPre} onClick={() => onPage(current - 1)}><NavigateBeforeIcon /></IconButton>
      <Typography>{t('explore.page_of', { current, total: totalpage })}</Typography>
      <IconButton aria-label={t('explore.next')} disabled={!hasNext} onClick={() => onPage(current + 1)}><NavigateNextIcon /></IconButton>
      <IconButton aria-label={t('explore.last')} disabled={!hasNext} onClick={() => onPage(totalpage)}><LastPageIcon /></IconButton>
    </Stack>
  );
}
