import type { Queryable } from '../../db/database';
import { TtlCache } from '../../lib/ttl-cache';
import { ADMIN_ROLE } from '../role';

/** `all` for administrators; otherwise the ids of projects linked to one of the user's departments. */
export type ProjectScope = 'all' | string[];

/**
 * Which projects a user may see. Every device query is filtered by this, so a user never
 * learns of devices outside their departments' projects.
 */
export class ProjectScopeService {
  private readonly cache = new TtlCache<string, ProjectScope>(5_000);

  constructor(private readonly db: Queryable) {}

  scopeOf(userId: string): Promise<ProjectScope> {
    return this.cache.get(userId, async () => {
      const [admin] = await this.db.query(
        `select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = $1 and r.role_code = $2`,
        [userId, ADMIN_ROLE],
      );
      if (admin) return 'all';
      const rows = await this.db.query<{ project_id: string }>(
        `select distinct pd.project_id from sys_project_depart pd
           join sys_user_depart ud on ud.dep_id = pd.dep_id
           join sys_project p on p.id = pd.project_id and p.del_flag = 0
          where ud.user_id = $1`,
        [userId],
      );
      return rows.map((r) => r.project_id);
    });
  }

  async canSee(userId: string, projectId: string): Promise<boolean> {
    const scope = await this.scopeOf(userId);
    return scope === 'all' || scope.includes(projectId);
  }

  invalidate(userId?: string): void {
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }
}
