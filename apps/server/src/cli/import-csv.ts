/**
 * `npm run import -- FILE.csv [--user USERNAME] [--lifestage 1-4]`: imports real sightings (Journey North,
 * iNaturalist/GBIF extracts, GBIF occurrences). Bad rows are reported per row and never stop the import;
 * re-running the same file adds nothing.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Role } from '@mm/shared';
import { createSightingWriter, type SightingToWrite } from '../modules/imports/import.service';
import { parseSightingsCsv, type Lifestage, type RowIssue } from '../modules/imports/sightings-csv';
import { ensureUser, log, openForCli } from './common';

const BATCH = 500;
const MAX_LISTED_ISSUES = 50;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { user: { type: 'string', default: 'mm-import' }, lifestage: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file || !existsSync(file)) {
    console.error('usage: npm run import -- FILE.csv [--user USERNAME] [--lifestage 1|2|3|4]');
    process.exit(2);
  }
  const lifestage = values.lifestage ? (Number(values.lifestage) as Lifestage) : undefined;
  const database = await openForCli();
  const started = Date.now();
  try {
    const userId = await ensureUser(database.db, {
      username: values.user,
      first_name: 'Data',
      last_name: 'Import',
      role_id: Role.Observer,
    });
    const write = await createSightingWriter(database.db);
    const base = path.basename(file);
    let batch: SightingToWrite[] = [];
    let written = 0;
    let existing = 0;
    const issues: RowIssue[] = [];
    let rejectedRows = 0;
    const flush = async () => {
      const r = await write(batch);
      written += r.written;
      existing += r.existing;
      rejectedRows += r.rejected.length;
      for (const { row, field, message } of r.rejected) issues.push({ row: row ?? 0, field, message });
      batch = [];
    };
    for await (const row of parseSightingsCsv(createReadStream(file), { defaultLifestage: lifestage })) {
      if ('issues' in row) {
        rejectedRows += 1;
        issues.push(...row.issues);
        continue;
      }
      batch.push({
        userId,
        row: row.row,
        record: row.record,
        sourceKey: `${base}:${row.record.sourceRecordId ?? row.row}:${JSON.stringify(row.record)}`,
      });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    issues.sort((a, b) => a.row - b.row);
    for (const issue of issues.slice(0, MAX_LISTED_ISSUES))
      log(`row ${issue.row} (line ${issue.row + 1}), ${issue.field}: ${issue.message}`);
    if (issues.length > MAX_LISTED_ISSUES) log(`… and ${issues.length - MAX_LISTED_ISSUES} more issues`);
    log(
      `${base}: ${written} imported, ${existing} already present, ${rejectedRows} rows rejected, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    console.error(`[monarch] import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
