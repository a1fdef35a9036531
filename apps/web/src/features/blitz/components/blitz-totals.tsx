import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlitzFigures } from '@mm/shared';
import { useLocale } from '../../../lib/links';

/** The columns of a totals table, in the order they are drawn. */
const COLUMNS = [
  'participants',
  'sites',
  'visits',
  'stems',
  'eggs',
  'caterpillars',
  'chrysalises',
  'adults',
  'per_100_stems',
] as const satisfies readonly (keyof BlitzFigures)[];

/**
 * From this width the figures are a table (a tablet held sideways and up); below it, one card per
 * place. At 375 px the ten columns did not fit: most were in a sideways scroll nothing pointed to,
 * under a header row made tall by its wrapped labels. Both layouts are in the page, CSS shows one
 * (no flash on hydration, no resize listener); the hidden one is out of the accessibility tree.
 */
const WIDE = '@media (min-width: 768px)';

/**
 * The header cells: small type, labels wrapping at their words and sitting on the row line, so that the
 * ten columns fit at 768 px (a header's long label, "eggs + caterpillars per 100 stems", wraps).
 */
const HEADER = { fontSize: '0.75rem', lineHeight: 1.3, verticalAlign: 'bottom' } as const;

/** One row of a totals table: the place's name and its figures. */
export interface TotalsRow extends BlitzFigures {
  key: string;
  place: string;
}

/**
 * The Blitz figures of a list of places under a heading (`caption`, an h2), numbers in the page's
 * language; a rate without stems inspected shows a dash. From 768 px wide, a table (one row per
 * place, one column per figure; its headers are `th` with their scope); narrower, a list of cards,
 * one per place (an h3), its figures a definition list, or with `closed` one disclosure per place.
 */
export function BlitzTotalsTable({
  caption,
  rows,
  closed = false,
}: {
  caption: string;
  rows: TotalsRow[];
  /** On a phone, each place's figures behind its name (PlaceCard). */
  closed?: boolean;
}) {
  const { t } = useTranslation('blitz');
  const lng = useLocale();
  const headingId = useId();
  const whole = new Intl.NumberFormat(lng);
  const rate = new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const cell = (row: TotalsRow, column: Column) => {
    const value = row[column];
    if (value === null) return '—';
    return column === 'per_100_stems' ? rate.format(value) : whole.format(value);
  };
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id={headingId} gutterBottom>
        {caption}
      </Typography>
      {/* A region the keyboard can scroll, should the columns still be wider than a narrow tablet. */}
      <TableContainer
        role="region"
        tabIndex={0}
        aria-labelledby={headingId}
        sx={{ display: 'none', [WIDE]: { display: 'block' } }}
      >
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={HEADER}>
                {t('columns.place')}
              </TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} component="th" scope="col" align="right" sx={{ ...HEADER, px: 0.75 }}>
                  {t(`columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {row.place}
                </TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align="right" sx={{ px: 0.75 }}>
                    {cell(row, column)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, [WIDE]: { display: 'none' } }}
      >
        {rows.map((row) => (
          <PlaceCard key={row.key} row={row} cell={(column) => cell(row, column)} closed={closed} />
        ))}
      </Box>
    </Box>
  );
}

type Column = (typeof COLUMNS)[number];

/**
 * A place's card on a phone: its name, then its nine figures, three a line, each value over its label.
 * `closed`: a disclosure (`details`) whose summary names the place and its visits, the figures one tap
 * away, so that a list of some sixty provinces and states stays a list to scan, not metres of cards.
 */
function PlaceCard({ row, cell, closed }: { row: TotalsRow; cell: (column: Column) => string; closed: boolean }) {
  const { t } = useTranslation('blitz');
  const nameId = useId();
  const figures = (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 1.5, rowGap: 1 }}
    >
      {COLUMNS.map((column) => (
        // A <dl> may hold one <div> per term and value; dt comes first (read first), shown under its value.
        <Box key={column} sx={{ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end' }}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
            {t(`columns.${column}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {cell(column)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
  if (closed)
    return (
      <Paper component="li" variant="outlined">
        <Box component="details" sx={{ '&[open] .mm-blitz-open': { transform: 'rotate(180deg)' } }}>
          <Box
            component="summary"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48, px: 1.5, cursor: 'pointer' }}
          >
            <Typography component="span" sx={{ fontWeight: 600, flex: 1 }}>
              {row.place}
            </Typography>
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('visits_count', { count: row.visits, visits: cell('visits') })}
            </Typography>
            <ExpandMoreIcon className="mm-blitz-open" aria-hidden="true" />
          </Box>
          <Box sx={{ px: 1.5, pb: 1.5 }}>{figures}</Box>
        </Box>
      </Paper>
    );
  return (
    <Paper component="li" variant="outlined" aria-labelledby={nameId} sx={{ p: 1.5 }}>
      <Typography component="h3" variant="subtitle1" id={nameId} sx={{ fontWeight: 600, mb: 1 }}>
        {row.place}
      </Typography>
      {figures}
    </Paper>
  );
}
