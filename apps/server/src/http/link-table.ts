import type { Queryable } from '../db/database';

/**
 * A table that links rows of its owner to other rows, such as a role's permissions (`owner`
 * the role id column, `linked` the permission id column). The names are trusted SQL, written
 * in the owning module's repository.
 */
export type LinkTable = { table: string; owner: string; linked: string };

/** The ids linked to `ownerId`. */
export async function linkedIds(db: Queryable, t: LinkTable, ownerId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select ${t.linked} as id from ${t.table} where ${t.owner} = $1`,
    [ownerId],
  );
  return rows.map((r) => r.id);
}

/**
 * Replaces the ids linked to `ownerId` by `ids`; with `among` (a read relation with an `id`
 * column) only the ids it holds are linked, the others skipped. Run it in a transaction.
 */
export async function replaceLinks(
  tx: Queryable,
  t: LinkTable,
  ownerId: string,
  ids: readonly string[],
  among?: string,
): Promise<void> {
  await tx.query(`delete from ${t.table} where ${t.owner} = $1`, [ownerId]);
  if (ids.length === 0) return;
  const values = among
    ? `select $1, x.id from (${among}) x where x.id = any($2::text[])`
    : 'select $1, unnest($2::text[])';
  await tx.query(`insert into ${t.table} (${t.owner}, ${t.linked}) ${values}`, [ownerId, ids]);
}
