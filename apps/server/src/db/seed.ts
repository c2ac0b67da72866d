import { hashPassword } from '../lib/password';
import { randomPassword } from '../lib/tokens';
import type { Database } from './database';

export type SeedOutcome = { adminCreated: boolean; generatedPassword?: string };

/**
 * Creates the `admin` account on first start (roles, departments, menus and dictionaries
 * come from migrations). Idempotent: an existing admin is left as it is.
 */
export async function seedAdmin(db: Database, adminPassword: string | undefined): Promise<SeedOutcome> {
  const [existing] = await db.query(`select id from sys_user where lower(username) = 'admin'`);
  if (existing) return { adminCreated: false };
  const password = adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const rows = await tx.query(
      `insert into sys_user (id, username, realname, password_hash, user_type, org_code, create_by)
       values ('user-admin', 'admin', '管理员', $1, '0', 'A01', 'system')
       on conflict do nothing returning id`,
      [passwordHash],
    );
    // Another node starting at the same moment created it first: its password stands.
    if (rows.length === 0) return false;
    await tx.query(
      `insert into sys_user_role (user_id, role_id) values ('user-admin', 'role-admin') on conflict do nothing`,
    );
    await tx.query(
      `insert into sys_user_depart (user_id, dep_id) values ('user-admin', 'dep-root') on conflict do nothing`,
    );
    return true;
  });
  if (!created) return { adminCreated: false };
  return adminPassword ? { adminCreated: true } : { adminCreated: true, generatedPassword: password };
}
