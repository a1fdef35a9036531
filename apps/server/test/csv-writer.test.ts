import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { describe, expect, it } from 'vitest';
import { DWC_COLUMNS, type Occurrence } from '../src/modules/downloads/darwin-core';
import { csvCell, formatWriter } from '../src/modules/downloads/download-writers';

/** An occurrence whose cells are `values` in turn (cycling), the rest of the columns empty. */
function occurrence(values: (string | number | null)[], shift: number): Occurrence {
  return Object.fromEntries(DWC_COLUMNS.map((c, i) => [c, values[(i + shift) % values.length] ?? null])) as Occurrence;
}

const TRICKY: (string | number | null)[] = [
  'Parc Jarry',
  'Montréal, QC',
  'He said "monarch"',
  'two\nlines',
  'carriage\rreturn',
  'crlf\r\nend',
  '=SUM(A1:A2)',
  '+1 555',
  '-not a number',
  '@cmd',
  '\tleading tab',
  '\uFF1Dfull-width equals',
  '',
  null,
  0,
  -73.6281,
  45.5339,
  1e21,
  'Asclépiade commune 🦋',
  "it's",
  ',',
  '"',
];

/**
 * The same occurrences through csv-stringify with the options the download used before (ADR 0019),
 * plus `quote_record_delimiter`: without it csv-stringify left a lone line break (a comment typed on
 * two lines) unquoted, which cut the row in two for every CSV reader; the writer quotes it (RFC 4180).
 */
async function byCsvStringify(rows: Occurrence[]): Promise<string> {
  const s = stringify({
    bom: true,
    header: true,
    columns: [...DWC_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
    quote_record_delimiter: true,
  });
  return text(Readable.from(rows).pipe(s));
}

async function byWriter(rows: Occurrence[]): Promise<string> {
  const writer = formatWriter('csv');
  const out = text(writer.output);
  await pipeline(Readable.from(rows), writer.input);
  return out;
}

describe('CSV download writer (ADR 0019)', () => {
  it('writes byte for byte what csv-stringify wrote, for quotes, line breaks, formulas, numbers and nulls', async () => {
    const rows = TRICKY.map((_, shift) => occurrence(TRICKY, shift));
    expect(await byWriter(rows)).toBe(await byCsvStringify(rows));
  });

  it('writes the header alone when there is no row, and many rows across its chunks', async () => {
    expect(await byWriter([])).toBe(await byCsvStringify([]));
    const many = Array.from({ length: 3000 }, (_, i) => occurrence([`row ${i}`, i, 'a,b', null], i));
    expect(await byWriter(many)).toBe(await byCsvStringify(many));
  });

  it('keeps characters of 2 to 4 bytes whole across chunks, and writes a row longer than a chunk', async () => {
    const accents = Array.from({ length: 2000 }, (_, i) =>
      occurrence([`Asclépiade ${i} 🦋`, 'ñandú, Québec', `${'é'.repeat(i % 7)}🐛`], i),
    );
    const long = occurrence(['🦋'.repeat(40_000), `${'Montréal, '.repeat(10_000)}fin`], 0);
    const rows = [...accents.slice(0, 1000), long, ...accents.slice(1000)];
    const written = await byWriter(rows);
    expect(written).toBe(await byCsvStringify(rows));
    expect(written).not.toContain('\uFFFD');
  });

  it('escapes formulas but not negative numbers, and quotes what holds a delimiter', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-12')).toBe("'-12");
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});
