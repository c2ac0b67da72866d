import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { ADMIN_ROLE } from '../role';

/** What the system administration module needs from the application. */
export type SystemDeps = {
  db: Database;
  config: Pick<Config, 'dataDir' | 'basePath'>;
  // Services is declared in app.ts; importing its type only keeps the module graph acyclic at run time.
  services: import('../../app').Services;
};

/** Administrator accounts: holding the admin role, or named admin. */
export async function isAdminUser(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query(
    `select 1 from sys_user u where u.id = $1 and (lower(u.username) = 'admin' or exists (
       select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
        where ur.user_id = u.id and r.role_code = $2))`,
    [userId, ADMIN_ROLE],
  );
  return Boolean(row);
}
