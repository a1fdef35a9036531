/**
 * `npm run seed:demo [-- --count N --seed S] [--force]`: demo volunteers and observations whose
 * places and seasons follow real sightings (see demo/demo-model.ts). Idempotent for the
 * same seed. Demo volunteers sign in with the password in DEMO_PASSWORD (default "monarque"); the
 * `demo-admin` account gets a random password, printed once when it is created.
 * Refuses a database with accounts it did not create unless --force, and never writes into such
 * an account (demo accounts are marked by their email domain, cli/demo-accounts.ts).
 */
import { parseArgs } from 'node:util';
import { ChecklistType, Role, SubmitType } from '@mm/shared';
import { generateDemoSightings } from '../demo/demo-generator';
import { locateRegion } from '../lib/province-locator';
import { createSightingWriter, type SightingToWrite } from '../modules/imports/import.service';
import { log, openForCli } from './common';
import { demoSeedRefusal, ensureDemoAccount } from './demo-accounts';

const VOLUNTEERS: [string, string, string, 'en' | 'fr' | 'es'][] = [
  ['marie.tremblay', 'Marie', 'Tremblay', 'fr'],
  ['jgagnon', 'Jean', 'Gagnon', 'fr'],
  ['sophie_roy', 'Sophie', 'Roy', 'fr'],
  ['lcote', 'Louis', 'Côté', 'fr'],
  ['emily.chen', 'Emily', 'Chen', 'en'],
  ['mthompson', 'Michael', 'Thompson', 'en'],
  ['sarah_wilson', 'Sarah', 'Wilson', 'en'],
  ['dpatel', 'Deepa', 'Patel', 'en'],
  ['jmartinez', 'José', 'Martínez', 'es'],
  ['ana.hernandez', 'Ana', 'Hernández', 'es'],
  ['lgarcia', 'Lucía', 'García', 'es'],
  ['class_5b', 'Classe', '5B', 'fr'],
];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '2022' },
      force: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  const password = process.env.DEMO_PASSWORD ?? 'monarque';
  const database = await openForCli();
  try {
    const { db } = database;
    const refusal = await demoSeedRefusal(db, values.force ?? false);
    if (refusal) {
      console.error(`[monarch] ${refusal}`);
      process.exitCode = 1;
      return;
    }
    const admin = await ensureDemoAccount(db, {
      username: 'demo-admin',
      first_name: 'Demo',
      last_name: 'Admin',
      role_id: Role.Admin,
    });
    if (admin === 'skipped') log('demo: "demo-admin" is a real account here: left untouched, no demo admin');
    else if (admin.password) log(`demo: demo-admin created, password (shown this once): ${admin.password}`);
    const userIds: number[] = [];
    for (const [username, first_name, last_name, language] of VOLUNTEERS) {
      const account = await ensureDemoAccount(db, { username, first_name, last_name, language, password });
      if (account === 'skipped') log(`demo: "${username}" is a real account here: left untouched`);
      else userIds.push(account.userId);
    }
    if (userIds.length === 0) throw new Error('every demo username belongs to a real account');
    const write = await createSightingWriter(db);
    let batch: SightingToWrite[] = [];
    let written = 0;
    let placed = 0;
    let i = -1;
    const flush = async () => {
      written += (await write(batch)).written;
      batch = [];
    };
    // Draws go on until `count` of them lie in a province (the writer places them with the same
    // boundaries): a draw in a lake or the sea off its town is left out, so no "Winnipeg, Minnesota".
    for (const s of generateDemoSightings(count * 2 + 100, seed)) {
      i += 1;
      if (placed === count) break;
      if (locateRegion(s.decimalLatitude, s.decimalLongitude) === undefined) continue;
      placed += 1;
      const userId = userIds[i % userIds.length] as number;
      batch.push({
        userId,
        sourceKey: `demo:${seed}:${i}`,
        checklisttypeId: ChecklistType.Incidental,
        submittypeId: SubmitType.Web,
        record: {
          ...s,
          kind: 'monarch',
          provinceCode: null,
          remarks: null,
          sourceRecordId: null,
          scientificName: 'Danaus plexippus',
        },
      });
      if (batch.length >= 500) await flush();
    }
    await flush();
    log(`demo: ${userIds.length} volunteers (password "${password}"), ${written} new observations of ${placed}`);
  } finally {
    await database.close();
  }
}

void main();
