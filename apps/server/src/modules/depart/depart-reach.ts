import type { SqlParams } from '../../http/list-query';

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
