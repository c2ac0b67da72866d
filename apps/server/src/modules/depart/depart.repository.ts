import type { DepartRecord, departAddSchema, departEditSchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { formatTime, SqlParams } from '../../http/list-query';
import { firstValue } from '../../http/sql-where';
import { uniqueConstraint } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { type DepartReach, withinReach } from './depart-reach';

/** Read relation (id, parent_id, depart_name, org_code, depart_order): every live department. */
export const activeDepartRelation =
  'select id, parent_id, depart_name, org_code, depart_order from sys_depart where del_flag = 0';

/** Read relation (id, org_code): the live departments within `reach`. */
export function departsWithinReach(reach: DepartReach, params: SqlParams): string {
  return `select id, org_code from sys_depart where del_flag = 0 and ${withinReach(reach, 'org_code', params)}`;
}

/** Serialises changes to the department tree for one transaction (adds and moves derive org codes from it). */
const TREE_LOCK = `select pg_advisory_xact_lock(hashtext('sys_depart tree'))`;

const SELECT = `d.id, d.parent_id as "parentId", d.depart_name as "departName", d.org_code as "orgCode",
  d.org_type as "orgType", d.depart_order as "departOrder", d.description, d.status,
  ${formatTime('d.create_time')} as "createTime"`;

/** What else follows a department that moves: org codes under `from` now start with `to`. */
export type FollowMove = (tx: Queryable, from: string, to: string) => Promise<void>;

/** How many of `ids` are live departments within `reach` (unknown departments are not). */
export async function countDepartsWithinReach(
  db: Queryable,
  ids: string[],
  reach: DepartReach,
): Promise<number> {
  const p = new SqlParams();
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (${departsWithinReach(reach, p)}) d where d.id = any(${p.add(ids)}::text[])`,
    p.values,
  );
  return row!.n;
}

/** sys_depart: a tree whose org codes encode the path (A01, A01A03, ...). */
export class DepartRepository {
  constructor(private readonly db: Database) {}

  /** Live departments within `reach` (and matching `keyWord` in their name), in tree order. */
  rows(reach: DepartReach, keyWord?: string): Promise<DepartRecord[]> {
    const p = new SqlParams();
    const named = keyWord
      ? `and d.depart_name ilike '%' || ${p.add(keyWord.replace(/[\\%_]/g, '\\$&'))} || '%'`
      : '';
    return this.db.query<DepartRecord>(
      `select ${SELECT} from sys_depart d where d.del_flag = 0 ${named} and ${withinReach(reach, 'd.org_code', p)}
        order by d.depart_order, d.org_code`,
      p.values,
    );
  }

  /** How many of `ids` are live departments within `reach`. */
  countWithinReach(ids: string[], reach: DepartReach): Promise<number> {
    return countDepartsWithinReach(this.db, ids, reach);
  }

  async parentOf(id: string): Promise<{ parent_id: string | null } | undefined> {
    const [row] = await this.db.query<{ parent_id: string | null }>(
      'select parent_id from sys_depart where id = $1',
      [id],
    );
    return row;
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.query('select 1 from sys_depart where id = $1 and del_flag = 0', [id]);
    return Boolean(row);
  }

  /** Next free code under the parent: parent code + 'A' + two digits. */
  private async nextOrgCode(db: Queryable, parentCode: string | null): Promise<string> {
    const prefix = parentCode ?? '';
    const rows = await db.query<{ org_code: string }>(
      `select org_code from sys_depart where org_code like $1 || 'A%' and length(org_code) = length($1) + 3`,
      [prefix],
    );
    const used = rows
      .map((r) => Number(r.org_code.slice(prefix.length + 1)))
      .filter((n) => Number.isInteger(n));
    const next = (used.length ? Math.max(...used) : 0) + 1;
    return `${prefix}A${String(next).padStart(2, '0')}`;
  }

  private async liveCode(db: Queryable, id: string): Promise<string | undefined> {
    const [row] = await db.query<{ org_code: string }>(
      'select org_code from sys_depart where id = $1 and del_flag = 0',
      [id],
    );
    return row?.org_code;
  }

  async insert(input: z.output<typeof departAddSchema>): Promise<DepartRecord> {
    // Under the tree lock, so that the parent's code cannot change (a move) before the insert.
    return this.db.transaction(async (tx) => {
      await tx.query(TREE_LOCK);
      let parentCode: string | null = null;
      if (input.parentId) {
        const code = await this.liveCode(tx, input.parentId);
        if (code === undefined) throw new AppError(400, 'system.depart.bad_parent');
        parentCode = code;
      }
      const [row] = await tx.query<DepartRecord>(
        `insert into sys_depart as d (parent_id, depart_name, org_code, org_type, depart_order, description, status)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${SELECT}`,
        [
          input.parentId,
          input.departName,
          await this.nextOrgCode(tx, parentCode),
          input.orgType ?? (input.parentId ? '2' : '1'),
          input.departOrder,
          input.description,
          input.status,
        ],
      );
      return row!;
    });
  }

  /**
   * Moves a department with its subtree below another parent (null: top level). The new
   * parent may be neither the department nor one of its descendants. Org codes encode the
   * path, so the subtree is recoded: the department takes the next free code under its new
   * parent, every descendant follows, and so does what `follow` rewrites in the same transaction.
   */
  async move(id: string, parentId: string | null, follow: FollowMove): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          // Moves are serialised and read the tree inside their transaction: two moves at once
          // (A under B, B under A) would otherwise both pass the cycle check on what they read
          // before the other wrote, and a move would rewrite codes another one had just changed.
          await tx.query(TREE_LOCK);
          const [dep] = await tx.query<{ parent_id: string | null; org_code: string }>(
            'select parent_id, org_code from sys_depart where id = $1 and del_flag = 0',
            [id],
          );
          if (!dep) throw notFound();
          if (dep.parent_id === parentId) return;
          let parentCode: string | null = null;
          if (parentId) {
            const code = await this.liveCode(tx, parentId);
            if (code === undefined) throw new AppError(400, 'system.depart.bad_parent');
            if (parentId === id || code.startsWith(dep.org_code))
              throw new AppError(400, 'system.depart.cycle');
            parentCode = code;
          }
          const code = await this.nextOrgCode(tx, parentCode);
          const old = dep.org_code;
          // Rewrites the prefix `old` of every code in the subtree (codes are alphanumeric: no LIKE escapes).
          await tx.query(
            `update sys_depart set org_code = $2 || substr(org_code, length($1) + 1),
                    parent_id = case when id = $3 then $4 else parent_id end, update_time = now()
              where org_code like $1 || '%'`,
            [old, code, id, parentId],
          );
          await follow(tx, old, code);
        });
        return;
      } catch (error) {
        // A department added meanwhile took the code: pick the next one.
        if (uniqueConstraint(error) === undefined || attempt >= 5) throw error;
      }
    }
  }

  /** Edits the department's own fields; false when there is no such department. */
  async update(input: z.output<typeof departEditSchema>): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_depart set depart_name = $2, org_type = coalesce($3, org_type), depart_order = $4, description = $5,
              status = $6, update_time = now()
        where id = $1 and del_flag = 0 returning id`,
      [input.id, input.departName, input.orgType ?? null, input.departOrder, input.description, input.status],
    );
    return rows.length > 0;
  }

  nameOf(id: string): Promise<string | undefined> {
    return firstValue(this.db, 'select depart_name from sys_depart where id = $1 and del_flag = 0', [id]);
  }

  /** Whether the department has a live child outside `exceptIds`. */
  async hasChildren(id: string, exceptIds: string[]): Promise<boolean> {
    const [child] = await this.db.query(
      'select 1 from sys_depart where parent_id = $1 and del_flag = 0 and not (id = any($2::text[]))',
      [id, exceptIds],
    );
    return Boolean(child);
  }

  /** Deletes departments, children first (a batch may hold a parent and its children); their links go with them. */
  async delete(ids: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ordered = await tx.query<{ id: string }>(
        'select id from sys_depart where id = any($1::text[]) order by length(org_code) desc',
        [ids],
      );
      for (const { id } of ordered) await tx.query('delete from sys_depart where id = $1', [id]);
    });
  }
}
