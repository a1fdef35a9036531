/**
 * `npm run users:role -- <username> <role> [--provinces QC,ON]`: gives an existing account a role
 * (admin, region-admin, mm-user, observer, or 1–4), e.g. the museum's first administrator, who
 * then manages roles in the admin panel. `--provinces` (administrative codes) sets the provinces a
 * Region admin vets. Works while the server runs on the same DATA_DIR. Written to the audit log
 * without an author. Exit code 1 with a message for an unknown user, role or province.
 */
import { Role, type RoleId } from '@mm/shared';
import { setRoleByOperator } from '../modules/admin/admin-users.service';
import { findUserId } from '../modules/imports/import.service';
import { provinceRefs } from '../modules/utilities/utilities.service';
import { log, openForCli } from './common';

const ROLE_NAMES: Record<string, RoleId> = {
  admin: Role.Admin,
  'region-admin': Role.RegionAdmin,
  'mm-user': Role.MmUser,
  observer: Role.Observer,
};

function fail(message: string): never {
  console.error(`[monarch] ${message}`);
  process.exit(1);
}

const [username, roleArg, ...rest] = process.argv.slice(2);
if (!username || !roleArg)
  fail('Usage: npm run users:role -- <username> <admin|region-admin|mm-user|observer> [--provinces QC,ON]');
const roleId = ROLE_NAMES[roleArg] ?? (/^[1-4]$/.test(roleArg) ? (Number(roleArg) as RoleId) : undefined);
if (!roleId) fail(`Unknown role "${roleArg}": use admin, region-admin, mm-user or observer.`);
const provincesAt = rest.indexOf('--provinces');
const codes =
  provincesAt >= 0
    ? (rest[provincesAt + 1] ?? '')
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean)
    : undefined;

const { db, close } = await openForCli();
try {
  const userId = await findUserId(db, username);
  if (userId === undefined) fail(`No account named "${username}". Sign up on the site first.`);
  let provinceIds: number[] | undefined;
  if (codes) {
    const known = new Map((await provinceRefs(db)).map((p) => [p.administrative.toUpperCase(), p.province_id]));
    const missing = codes.filter((c) => !known.has(c));
    if (missing.length) fail(`Unknown province or state code: ${missing.join(', ')}.`);
    provinceIds = codes.map((c) => known.get(c)!);
  }
  await setRoleByOperator(db, userId, roleId, provinceIds);
  log(`${username} now has role ${roleId}${codes ? ` for ${codes.join(', ')}` : ''}.`);
} finally {
  await close();
}
