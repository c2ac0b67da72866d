import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { AppError } from '../../lib/errors';
import { isAdminUser } from './system.shared';

/** sys_user.user_identity of a department administrator (upstream USER_IDENTITY_2). */
export const DEPART_ADMIN_IDENTITY = 2;

/**
 * The departments a caller may administer, as org-code prefixes: everything for
 * administrators; the subtrees of the departments a department administrator (identity 2)
 * manages; otherwise the subtrees of the caller's own departments. Org codes encode the
 * path (A01, A01A03, ...), so "within" is a prefix match.
 */
export type DepartReach = { all: true } | { all: false; codes: string[] };

export async function departReach(db: Queryable, caller: Caller): Promise<DepartReach> {
  if (caller.username.toLowerCase() === 'admin' || (await isAdminUser(db, caller.userId)))
    return { all: true };
  const rows = await db.query<{ org_code: string }>(
    `select d.org_code from sys_user u
       join sys_depart d on d.del_flag = 0 and d.id in (
         select m.dep_id from sys_user_managed_depart m where m.user_id = u.id and u.user_identity = $2
         union all
         select ud.dep_id from sys_user_depart ud where ud.user_id = u.id and not (
           u.user_identity = $2 and exists (select 1 from sys_user_managed_depart m2 where m2.user_id = u.id)))
      where u.id = $1`,
    [caller.userId, DEPART_ADMIN_IDENTITY],
  );
  return { all: false, codes: rows.map((r) => r.org_code) };
}

/** SQL condition: the org code `column` lies within the reach (trusted column, bound codes). */
export function withinReach(reach: DepartReach, column: string, params: SqlParams): string {
  if (reach.all) return 'true';
  return `exists (select 1 from unnest(${params.add(reach.codes)}::text[]) reach(code)
                   where ${column} like reach.code || '%')`;
}

/** Refuses (403) departments outside the caller's reach; unknown ids count as outside. */
export async function assertDepartsInReach(
  db: Queryable,
  caller: Caller,
  departIds: string[],
): Promise<void> {
  if (departIds.length === 0) return;
  const reach = await departReach(db, caller);
  if (reach.all) return;
  const rows = await db.query<{ id: string }>(
    `select d.id from sys_depart d
      where d.id = any($1::text[]) and d.del_flag = 0
        and exists (select 1 from unnest($2::text[]) reach(code) where d.org_code like reach.code || '%')`,
    [departIds, reach.codes],
  );
  if (new Set(rows.map((r) => r.id)).size !== new Set(departIds).size)
    throw new AppError(403, 'system.depart.out_of_scope');
}
