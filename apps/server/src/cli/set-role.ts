/**
 * `npm run users:role -- <username> <role> [--provinces QC,ON]`: gives an existing account a role
 * (admin, region-admin, mm-user, observer, or 1–4), e.g. the museum's first administrator, who
 * then manages roles in the admin panel. `--provinces` (administrative codes) sets the provinces a
 * Region admin vets. Works while the server runs on the same DATA_DIR. Written to the audit log
 * without an author. Exit code 1 with a message for an unknown user, role or province.
 */
import { sql } from 'drizzle-orm';
import { Role, type RoleId } from '@mm/shared';
import { findUserId } from '../modules/imports/import.service';
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
  await db.transaction(async (tx) => {
    const before = (
      await tx.execute<{ role_id: number }>(sql`SELECT role_id FROM users WHERE user_id = ${userId} FOR UPDATE`)
    ).rows[0];
    await tx.execute(sql`UPDATE users SET role_id = ${roleId}, updated = now() WHERE user_id = ${userId}`);
    let provinceIds: number[] | undefined;
    if (codes) {
      const found = await tx.execute<{ province_id: number; administrative: string }>(
        sql`SELECT province_id, administrative FROM provinces WHERE upper(administrative) IN (${sql.join(codes.length ? codes.map((c) => sql`${c}`) : [sql`''`], sql`, `)})`,
      );
      const missing = codes.filter((c) => !found.rows.some((r) => r.administrative.toUpperCase() === c));
      if (missing.length) fail(`Unknown province or state code: ${missing.join(', ')}.`);
      provinceIds = found.rows.map((r) => r.province_id);
      await tx.execute(sql`DELETE FROM region_admin_provinces WHERE user_id = ${userId}`);
      for (const id of provinceIds)
        await tx.execute(sql`INSERT INTO region_admin_provinces (user_id, province_id) VALUES (${userId}, ${id})`);
    }
    await tx.execute(
      sql`INSERT INTO audit_log (user_id, resource, record_id, action, before, after)
          VALUES (NULL, 'users', ${userId}, 'update', ${JSON.stringify({ role_id: before?.role_id })}::jsonb, ${JSON.stringify({ role_id: roleId, ...(provinceIds ? { region_provinces: provinceIds } : {}) })}::jsonb)`,
    );
  });
  // A running server trusts its cached sessions for up to 30 s; a new sign-in carries the role at once.
  log(`${username} now has role ${roleId}${codes ? ` for ${codes.join(', ')}` : ''}.`);
} finally {
  await close();
}
