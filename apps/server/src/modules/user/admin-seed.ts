import type { Database } from '../../db/database';
import { hashPassword } from '../../lib/password';
import { randomPassword } from '../../lib/tokens';
import { adminAccountExists, insertAdminAccount } from './user.repository';

export type SeedOutcome = { adminCreated: boolean; generatedPassword?: string };

/**
 * Creates the `admin` account on first start (roles, departments, menus and dictionaries
 * come from migrations). Idempotent: an existing admin is left as it is.
 */
export async function seedAdmin(db: Database, adminPassword: string | undefined): Promise<SeedOutcome> {
  if (await adminAccountExists(db)) return { adminCreated: false };
  const password = adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(password);
  // Another node starting at the same moment may create it first: its password stands.
  const created = await insertAdminAccount(db, passwordHash);
  if (!created) return { adminCreated: false };
  return adminPassword ? { adminCreated: true } : { adminCreated: true, generatedPassword: password };
}
