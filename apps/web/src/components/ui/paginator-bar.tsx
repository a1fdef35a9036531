import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Paginator } from '@mm/shared';

/**
 * First, previous, next and last paging over the spec §3 paginator. `from` is the first page shown
 * when "Load more" has appended pages down to `paginator.current`: Previous then goes before it.
 */
export function PaginatorBar({
  paginator,
  onPage,
  from,
}: {
  paginator: Paginator;
  onPage: (page: number) => void;
  from?: number;
}) {
  const { t } = useTranslation();
  const { current, totalpage, hasNext } = paginator;
  const first = Math.min(from ?? current, current);
  const hasPre = first > 1;
  const label =
    first < current
      ? t('explore.pages_of', { from: first, current, total: totalpage })
      : t('explore.page_of', { current, total: totalpage });
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center', my: 2 }}
      component="nav"
      aria-label={label}
    >
      <IconButton aria-label={t('explore.first')} disabled={!hasPre} onClick={() => onPage(1)}>
        <FirstPageIcon />
      </IconButton>
      <IconButton aria-label={t('explore.previous')} disabled={!hasPre} onClick={() => onPage(first - 1)}>
        <NavigateBeforeIcon />
      </IconButton>
      <Typography>{label}</Typography>
      <IconButton aria-label={t('explore.next')} disabled={!hasNext} onClick={() => onPage(current + 1)}>
        <NavigateNextIcon />
      </IconButton>
      <IconButton aria-label={t('explore.last')} disabled={!hasNext} onClick={() => onPage(totalpage)}>
        <LastPageIcon />
      </IconButton>
    </Stack>
  );
}
