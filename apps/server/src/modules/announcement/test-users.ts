import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/harness';
import { hashPassword } from '../../lib/password';

export const TEST_PASSWORD = 'Passw0rd!';

let passwordHash: Promise<string> | undefined;

/**
 * A user with a role granting exactly `marks` (test-only, straight in SQL), signed in.
 * Returns its id, token and the headers to send.
 */
export async function createUser(app: TestApp, marks: string[] = [], realname = '测试用户') {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const username = `u_${suffix}`;
  const [user] = await app.db.query<{ id: string }>(
    `insert into sys_user (username, realname, password_hash) values ($1, $2, $3) returning id`,
    [username, realname, await passwordHash],
  );
  const [role] = await app.db.query<{ id: string }>(
    `insert into sys_role (role_name, role_code) values ($1, $1) returning id`,
    [`role_${suffix}`],
  );
  await app.db.query('insert into sys_user_role (user_id, role_id) values ($1, $2)', [user!.id, role!.id]);
  if (marks.length > 0) {
    await app.db.query(
      `insert into sys_role_permission (role_id, permission_id)
       select $1, id from sys_permission where perms = any($2::text[])`,
      [role!.id, marks],
    );
  }
  const token = await app.login(username, TEST_PASSWORD);
  return { id: user!.id, username, token, headers: { 'x-access-token': token } };
}
