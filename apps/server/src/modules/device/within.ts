import type { ScopeFilter, Where } from '../../http/sql-where';

/** Which projects a lookup is limited to: a caller's scope, one project, both, or none (every project). */
export type Within = { scope?: ScopeFilter | undefined; projectId?: string | undefined };

/** Adds the conditions of `within` on `column`, a row's project id. */
export function addWithin(w: Where, within: Within, column: string): Where {
  if (within.scope) w.scope(within.scope, column);
  if (within.projectId) w.add(`${column} = ?`, within.projectId);
  return w;
}
