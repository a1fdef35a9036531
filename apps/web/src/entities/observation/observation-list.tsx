import {
  Box,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SMALL_SCREEN_BREAKPOINT, type ObservationRow } from '@mm/shared';
import { MmImage } from '../../components/ui/mm-image';
import { LocaleLink, useLocale } from '../../lib/links';
import { formatDate } from '../../lib/format-date';
import { photoUrl } from '../photo/photo-url';
import { milkweedName } from '../milkweed/milkweed-name';

/** Translation key of a row's life stage; milkweed rows of a Mission have none. */
const stageKey = (row: Pick<ObservationRow, 'lifestage_id'>) => `lifestage.${row.lifestage_id ?? 'milkweed'}`;

function Thumb({ row }: { row: ObservationRow }) {
  const { t } = useTranslation();
  const photo = row.photo[0];
  if (!photo)
    return (
      <Typography variant="caption" color="text.secondary">
        {t('explore.no_photo')}
      </Typography>
    );
  const alt = t('explore.photo_alt', { stage: t(stageKey(row)), place: row.locality, date: row.checklist_date });
  return (
    <MmImage
      src={photoUrl(photo)}
      alt={alt}
      loading="lazy"
      width={96}
      height={72}
      style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
    />
  );
}

function StatusChip({ statusId }: { statusId: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`status.${statusId}`)}
      color={statusId === 1 ? 'default' : 'success'}
      variant="outlined"
    />
  );
}

/** The details page of a row's visit (checklist), as the grid cards and the map popups open it. */
const detailsHref = (row: Pick<ObservationRow, 'checklist_id'>) => `/checklists/view?id=${row.checklist_id}`;

/**
 * Observations as cards, one a row (phones; and the first page of Explore that the server renders for
 * any screen, `ExploreFirstPage`); each links to its visit's details.
 */
export function ObservationCards({ rows }: { rows: ObservationRow[] }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const date = (d: string) => formatDate(d, lng);
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((r) => (
        <Paper component="li" key={r.observation_id} sx={{ p: 1.5, display: 'flex', gap: 1.5 }}>
          <Thumb row={r} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>
              <Link component={LocaleLink} href={detailsHref(r)}>
                {r.lifestage_id === null || r.numbers === null ? t(stageKey(r)) : `${r.numbers} × ${t(stageKey(r))}`}
              </Link>
            </Typography>
            <Typography variant="body2" noWrap>
              {r.locality}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {date(r.checklist_date)} · {r.username}
            </Typography>
            <StatusChip statusId={r.observationstatus_id} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** Observations as a table on wide screens and as cards on phones; each row links to its visit's details. */
export function ObservationList({ rows }: { rows: ObservationRow[] }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`, { noSsr: true });
  const date = (d: string) => formatDate(d, lng);
  if (rows.length === 0) return <Typography sx={{ py: 4 }}>{t('explore.empty')}</Typography>;
  if (small) return <ObservationCards rows={rows} />;
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label={t('explore.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('explore.photo')}</TableCell>
            <TableCell>{t('explore.date')}</TableCell>
            <TableCell>{t('explore.stage')}</TableCell>
            <TableCell align="right">{t('explore.number')}</TableCell>
            <TableCell>{t('explore.place')}</TableCell>
            <TableCell>{t('explore.milkweed')}</TableCell>
            <TableCell>{t('explore.observer')}</TableCell>
            <TableCell>{t('explore.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.observation_id} hover>
              <TableCell>
                <Thumb row={r} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link component={LocaleLink} href={detailsHref(r)}>
                  {date(r.checklist_date)}
                </Link>
              </TableCell>
              <TableCell>
                {t(stageKey(r))} {r.is_flash ? <Chip size="small" label={t('explore.flash')} sx={{ ml: 0.5 }} /> : null}
              </TableCell>
              <TableCell align="right">{r.lifestage_id === null ? (r.number_of_plants ?? '—') : r.numbers}</TableCell>
              <TableCell>{r.locality}</TableCell>
              <TableCell>
                {milkweedName(r, lng) ?? '—'}
                {r.latin_name ? (
                  <Typography component="span" variant="caption" sx={{ display: 'block', fontStyle: 'italic' }}>
                    {r.latin_name}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{r.username}</TableCell>
              <TableCell>
                <StatusChip statusId={r.observationstatus_id} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
