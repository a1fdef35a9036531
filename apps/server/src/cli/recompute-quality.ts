/**
 * `npm run quality:recompute`: computes the quality flags (docs/quality-flags.md) of every
 * record, 500 checklists per transaction: rows written before the flags existed, or after a change
 * of the rules. Safe to run while the server runs on the same DATA_DIR, and to run again.
 */
import { createQualityService } from '../modules/quality/quality.service';
import { log, openForCli } from './common';

const { db, close } = await openForCli();
try {
  const started = Date.now();
  const done = await createQualityService(db).recomputeAll({ batch: 500 }, (n) => {
    if (n % 10_000 === 0) log(`${n} checklists checked`);
  });
  log(`quality flags recomputed for ${done} checklists in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await close();
}
