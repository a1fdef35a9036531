import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
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

/** One row of a totals table: the place's name and its figures. */
export interface TotalsRow extends BlitzFigures {
  key: string;
  place: string;
}

/**
 * A table of Blitz figures (one row per place), numbers in the page's language; a rate without stems
 * inspected shows a dash. Scrolls sideways on a phone rather than squeezing the columns.
 */
export function BlitzTotalsTable({ caption, rows }: { caption: string; rows: TotalsRow[] }) {
  const { t } = useTranslation('blitz');
  const lng = useLocale();
  const whole = new Intl.NumberFormat(lng);
  const rate = new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const cell = (row: TotalsRow, column: (typeof COLUMNS)[number]) => {
    const value = row[column];
    if (value === null) return '—';
    return column === 'per_100_stems' ? rate.format(value) : whole.format(value);
  };
  return (
    <TableContainer tabIndex={0} aria-label={caption} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {caption}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ minWidth: '9rem' }}>
              {t('columns.place')}
            </TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column} component="th" scope="col" align="right" sx={{ minWidth: '6rem' }}>
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
                <TableCell key={column} align="right">
                  {cell(row, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
