import type {
  DepartIdNode,
  DepartRecord,
  DepartTreeNode,
  departAddSchema,
  departEditSchema,
  Language,
} from '@ics/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { formatTime, SqlParams } from '../../http/list-query';
import { uniqueConstraint } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { I18nService } from '../i18n';
import { type DepartReach, withinReach } from './depart-scope';

/** Serialises changes to the department tree for one transaction (adds and moves derive org codes from it). */
const TREE_LOCK = `select pg_advisory_xact_lock(hashtext('sys_depart tree'))`;

const SELECT = `d.id, d.parent_id as "parentId", d.depart_name as "departName", d.org_code as "orgCode",
  d.org_type as "orgType", d.depart_order as "departOrder", d.description, d.status,
  ${formatTime('d.create_time')} as "createTime"`;

/** Departments: a tree whose org codes encode the path (A01, A01A03, ...). */
export class DepartService {
  constructor(
    private readonly db: Database,
    private readonly i18n: I18nService,
  ) {}

  private async rows(lang: Language, where = '', params: unknown[] = []): Promise<DepartTreeNode[]> {
    const rows = await this.db.query<DepartRecord>(
      `select ${SELECT} from sys_depart d where d.del_flag = 0 ${where} order by d.depart_order, d.org_code`,
      params,
    );
    const t = await this.i18n.translator(lang);
    return rows.map((r) => ({
      ...r,
      key: r.id,
      value: r.id,
      title: lang === 'en-US' ? t(`depart.${r.orgCode}`, r.departName) : r.departName,
      isLeaf: true,
    }));
  }

  private static toTree(nodes: DepartTreeNode[]): DepartTreeNode[] {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const roots: DepartTreeNode[] = [];
    for (const node of nodes) {
      const parent = node.parentId ? byId.get(node.parentId) : undefined;
      if (parent) {
        parent.isLeaf = false;
        parent.children = [...(parent.children ?? []), node];
      } else roots.push(node);
    }
    return roots;
  }

  /** The departments within `reach` as a tree (the subtrees a department administrator manages). */
  async tree(lang: Language, reach: DepartReach = { all: true }): Promise<DepartTreeNode[]> {
    if (reach.all) return DepartService.toTree(await this.rows(lang));
    const p = new SqlParams();
    return DepartService.toTree(
      await this.rows(lang, `and ${withinReach(reach, 'd.org_code', p)}`, p.values),
    );
  }

  async idTree(lang: Language, reach: DepartReach = { all: true }): Promise<DepartIdNode[]> {
    const strip = (n: DepartTreeNode): DepartIdNode => ({
      key: n.key,
      value: n.value,
      title: n.title,
      isLeaf: n.isLeaf,
      ...(n.children ? { children: n.children.map(strip) } : {}),
    });
    return (await this.tree(lang, reach)).map(strip);
  }

  async search(
    lang: Language,
    keyWord: string,
    reach: DepartReach = { all: true },
  ): Promise<DepartTreeNode[]> {
    if (!keyWord.trim()) return this.tree(lang, reach);
    const p = new SqlParams();
    const like = p.add(keyWord.trim().replace(/[\\%_]/g, '\\$&'));
    return this.rows(
      lang,
      `and d.depart_name ilike '%' || ${like} || '%' and ${withinReach(reach, 'd.org_code', p)}`,
      p.values,
    );
  }

  /** Next free code under the parent: parent code + 'A' + two digits. */
  private async nextOrgCode(parentCode: string | null, db: Queryable = this.db): Promise<string> {
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

  async add(input: z.output<typeof departAddSchema>): Promise<DepartRecord> {
    // Under the tree lock, so that the parent's code cannot change (a move) before the insert.
    return this.db.transaction(async (tx) => {
      await tx.query(TREE_LOCK);
      let parentCode: string | null = null;
      if (input.parentId) {
        const [parent] = await tx.query<{ org_code: string }>(
          'select org_code from sys_depart where id = $1 and del_flag = 0',
          [input.parentId],
        );
        if (!parent) throw new AppError(400, 'system.depart.bad_parent');
        parentCode = parent.org_code;
      }
      const [row] = await tx.query<DepartRecord>(
        `insert into sys_depart as d (parent_id, depart_name, org_code, org_type, depart_order, description, status)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${SELECT}`,
        [
          input.parentId,
          input.departName,
          await this.nextOrgCode(parentCode, tx),
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
   * parent and every descendant, user org code and department translation key follows.
   */
  async move(id: string, parentId: string | null): Promise<void> {
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
            const [parent] = await tx.query<{ org_code: string }>(
              'select org_code from sys_depart where id = $1 and del_flag = 0',
              [parentId],
            );
            if (!parent) throw new AppError(400, 'system.depart.bad_parent');
            if (parentId === id || parent.org_code.startsWith(dep.org_code))
              throw new AppError(400, 'system.depart.cycle');
            parentCode = parent.org_code;
          }
          const code = await this.nextOrgCode(parentCode, tx);
          const old = dep.org_code;
          // Rewrites the prefix `old` of every code in the subtree (codes are alphanumeric: no LIKE escapes).
          await tx.query(
            `update sys_depart set org_code = $2 || substr(org_code, length($1) + 1),
                    parent_id = case when id = $3 then $4 else parent_id end, update_time = now()
              where org_code like $1 || '%'`,
            [old, code, id, parentId],
          );
          await tx.query(
            `update sys_user set org_code = $2 || substr(org_code, length($1) + 1) where org_code like $1 || '%'`,
            [old, code],
          );
          await tx.query(`delete from sys_i18n where key like 'depart.' || $1 || '%'`, [code]);
          await tx.query(
            `update sys_i18n set key = 'depart.' || $2 || substr(key, length('depart.' || $1) + 1), update_time = now()
              where key like 'depart.' || $1 || '%'`,
            [old, code],
          );
        });
        return;
      } catch (error) {
        // A department added meanwhile took the code: pick the next one.
        if (uniqueConstraint(error) === undefined || attempt >= 5) throw error;
      }
    }
  }

  /** Edits the department's own fields; a changed parent moves it first (`move`). */
  async edit(input: z.output<typeof departEditSchema>): Promise<void> {
    if (input.parentId !== undefined) await this.move(input.id, input.parentId);
    const rows = await this.db.query(
      `update sys_depart set depart_name = $2, org_type = coalesce($3, org_type), depart_order = $4, description = $5,
              status = $6, update_time = now()
        where id = $1 and del_flag = 0 returning id`,
      [input.id, input.departName, input.orgType ?? null, input.departOrder, input.description, input.status],
    );
    if (rows.length === 0) throw notFound();
  }

  async delete(ids: string[]): Promise<void> {
    for (const id of ids) {
      const [dep] = await this.db.query<{ depart_name: string }>(
        'select depart_name from sys_depart where id = $1 and del_flag = 0',
        [id],
      );
      if (!dep) throw notFound();
      const [child] = await this.db.query(
        'select 1 from sys_depart where parent_id = $1 and del_flag = 0 and not (id = any($2::text[]))',
        [id, ids],
      );
      if (child) throw new AppError(400, 'system.depart.has_children', { name: dep.depart_name });
      const [user] = await this.db.query(
        `select 1 from sys_user_depart ud join sys_user u on u.id = ud.user_id and u.del_flag = 0 where ud.dep_id = $1`,
        [id],
      );
      if (user) throw new AppError(400, 'system.depart.has_users', { name: dep.depart_name });
    }
    await this.db.transaction(async (tx) => {
      // Children first (a batch may hold a parent and its children).
      const ordered = await tx.query<{ id: string }>(
        'select id from sys_depart where id = any($1::text[]) order by length(org_code) desc',
        [ids],
      );
      for (const { id } of ordered) {
        await tx.query('delete from sys_user_depart where dep_id = $1', [id]);
        await tx.query('delete from sys_depart where id = $1', [id]);
      }
    });
  }
}
