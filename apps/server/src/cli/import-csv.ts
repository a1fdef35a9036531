/**
 * `npm run import -- FILE.csv [--user USERNAME] [--lifestage 1-4]`: imports real sightings (Journey North,
 * iNaturalist/GBIF extracts, GBIF occurrences) with their provenance. Bad rows are reported per row and
 * never stop the import; a record already stored (same source record, or same content at the same
 * place) is skipped whatever the file's name or the `--user`, so a re-run adds nothing. `--user` names
 * an import account (role Observer), created when new; a volunteer's or an admin's account is refused.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Role } from '@mm/shared';
import { importAccount, importSightings } from '../modules/imports/import.service';
import type { Lifestage } from '../modules/imports/sightings-csv';
import { ensureUser, log, openForCli } from './common';

const MAX_LISTED_ISSUES = 50;

/** @returns the exit code: 0 done, 1 the import failed, 2 bad arguments or a refused `--user` */
async function main(): Promise<number> {
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
    const account = await importAccount(database.db, values.user);
    if ('refused' in account) {
      console.error(`[monarch] --user ${values.user}: ${account.refused}`);
      return 2;
    }
    const userId =
      'userId' in account
        ? account.userId
        : await ensureUser(database.db, {
            username: values.user,
            first_name: 'Data',
            last_name: 'Import',
            role_id: Role.Observer,
          });
    const base = path.basename(file);
    const totals = await importSightings(database.db, () => createReadStream(file), {
      userId,
      defaultLifestage: lifestage,
    });
    const { issues } = totals;
    for (const issue of issues.slice(0, MAX_LISTED_ISSUES))
      log(`row ${issue.row} (line ${issue.row + 1}), ${issue.field}: ${issue.message}`);
    if (issues.length > MAX_LISTED_ISSUES) log(`… and ${issues.length - MAX_LISTED_ISSUES} more issues`);
    log(
      `${base}: ${totals.written} imported (${totals.partialDates} dated to the month or year only), ` +
        `${totals.existing + totals.duplicates} duplicates skipped (${totals.existing} of a stored source record or row, ` +
        `${totals.duplicates} repeats within the batch or of the same content at the same place), ` +
        `${totals.rejectedRows} rows rejected, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (err) {
    console.error(`[monarch] import failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

// Exits explicitly: the embedded PostgreSQL's exit hook (async-exit-hook) ends the process with 0 on
// `beforeExit`, which would drop a `process.exitCode` set here.
void main().then((code) => process.exit(code));
