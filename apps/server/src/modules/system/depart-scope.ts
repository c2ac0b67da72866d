import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../http/list-query';
import { AppError } from '../../lib/errors';

/**
 * The departments a caller may administer, as org-code prefixes: everything for
 * administrators; the subtrees of the departments a department administrator (identity 2)
 * manages; otherwise the subtrees of the caller's own departments. Org codes encode the
 * path (A01, A01A03, ...), so "within" is a prefix match.
 */
export type DepartReach = { all: true } | { all: false; codes: string[] };

/** SQL condition: the org code `column` lies within the reach (trusted column, bound codes). */
export function withinReach(reach: DepartReach, column: string, params: SqlParams): string {
  if (reach.all) return 'true';
  return `exists (select 1 from unnest(${params.add(reach.codes)}::text[]) reach(code)
                   where ${column} like reach.code || '%')`;
}

/** Read relation (id, org_code): the live departments within the reach. */
export function departsWithinReach(reach: DepartReach, params: SqlParams): string {
  return `select id, org_code from sys_depart where del_flag = 0 and ${withinReach(reach, 'org_code', params)}`;
}

/** Refuses (403) departments outside the reach; unknown ids count as outside. */
export async function assertDepartsInReach(
  db: Queryable,
  reach: DepartReach,
  departIds: string[],
): Promise<void> {
  if (departIds.length === 0 || reach.all) return;
  const rows = await db.query<{ id: string }>(
    `select d.id from sys_depart d
      where d.id = any($1::text[]) and d.del_flag = 0
        and exists (select 1 from unnest($2::text[]) reach(code) where d.org_code like reach.code || '%')`,
    [departIds, reach.codes],
  );
  if (new Set(rows.map((r) => r.id)).size !== new Set(departIds).size)
    throw new AppError(403, 'system.depart.out_of_scope');
}
