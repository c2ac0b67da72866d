import type { PermissionRecord, permissionAddSchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { formatTime } from '../../http/list-query';
import { departRoleGrantRelation } from '../depart';
import { rolePermissionRelation } from '../role';
import { roleAdministratorRelation, userRoleRelation } from '../user';

/** A menu, page or button as the console's menu and marks are built from it. */
export type PermissionRow = {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number;
  perms: string | null;
  perms_type: string;
  sort_no: number;
  always_show: boolean;
  icon: string | null;
  is_route: boolean;
  keep_alive: boolean;
  hidden: boolean;
  internal_or_external: boolean;
  status: string;
};

/** A node of the tree that roles and departments are granted from. */
export type TreeRow = { id: string; parent_id: string | null; name: string; rule_flag: number };

export type MenuInput = z.output<typeof permissionAddSchema>;

const COLUMNS = `p.id, p.parent_id, p.name, p.url, p.component, p.component_name, p.redirect, p.menu_type, p.perms,
  p.perms_type, p.sort_no, p.always_show, p.icon, p.is_route, p.keep_alive, p.hidden, p.internal_or_external, p.status`;

const RECORD = `p.id, p.parent_id as "parentId", p.name, p.url, p.component, p.component_name as "componentName",
  p.redirect, p.menu_type as "menuType", p.perms, p.perms_type as "permsType", p.sort_no::float8 as "sortNo",
  p.always_show as "alwaysShow", p.icon, p.is_route as "route", p.is_leaf as "leaf", p.keep_alive as "keepAlive",
  p.hidden, p.internal_or_external as "internalOrExternal", p.status, p.rule_flag as "ruleFlag", p.description,
  ${formatTime('p.create_time')} as "createTime"`;

/** Ids of the permissions user $1 holds through their roles and their department roles. */
const HELD = `select rp.permission_id from (${rolePermissionRelation}) rp
    join (${userRoleRelation}) ur on ur.role_id = rp.role_id where ur.user_id = $1
  union
  select g.permission_id from (${departRoleGrantRelation}) g where g.user_id = $1`;

/** sys_permission: menus, pages and buttons (with their marks), and who holds them. */
export class PermissionRepository {
  constructor(private readonly db: Database) {}

  // ---------------------------------------------------------------- grants

  async holdsAdminRole(userId: string): Promise<boolean> {
    const [row] = await this.db.query(`select 1 from (${roleAdministratorRelation}) a where a.user_id = $1`, [
      userId,
    ]);
    return Boolean(row);
  }

  /** Every live permission (what an administrator holds). */
  all(): Promise<PermissionRow[]> {
    return this.db.query<PermissionRow>(
      `select ${COLUMNS} from sys_permission p where p.del_flag = 0 order by p.sort_no, p.id`,
    );
  }

  /** The live permissions the user holds through roles and department roles. */
  heldBy(userId: string): Promise<PermissionRow[]> {
    return this.db.query<PermissionRow>(
      `select ${COLUMNS} from sys_permission p where p.del_flag = 0 and p.id in (${HELD}) order by p.sort_no, p.id`,
      [userId],
    );
  }

  /** Which of `ids` the user holds through roles and department roles. */
  async heldAmong(userId: string, ids: string[]): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `select p.id from sys_permission p where p.id = any($2::text[]) and p.id in (${HELD})`,
      [userId, ids],
    );
    return rows.map((r) => r.id);
  }

  buttons(): Promise<PermissionRow[]> {
    return this.db.query<PermissionRow>(
      `select ${COLUMNS} from sys_permission p where p.del_flag = 0 and p.menu_type = 2 order by p.sort_no, p.id`,
    );
  }

  /** Which of `ids` are live permissions. */
  async liveAmong(ids: string[]): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      'select id from sys_permission where id = any($1::text[]) and del_flag = 0',
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** The live permissions as tree nodes (only `onlyIds` when given). */
  treeRows(onlyIds?: string[]): Promise<TreeRow[]> {
    return this.db.query<TreeRow>(
      `select id, parent_id, name, rule_flag from sys_permission where del_flag = 0
         ${onlyIds ? 'and id = any($1::text[])' : ''} order by sort_no, id`,
      onlyIds ? [onlyIds] : [],
    );
  }

  // ---------------------------------------------------------------- the menu page

  records(): Promise<PermissionRecord[]> {
    return this.db.query<PermissionRecord>(
      `select ${RECORD} from sys_permission p where p.del_flag = 0 order by p.sort_no, p.id`,
    );
  }

  async isPermsTaken(perms: string, exceptId: string): Promise<boolean> {
    const [row] = await this.db.query(
      'select 1 from sys_permission where perms = $1 and del_flag = 0 and id <> $2',
      [perms, exceptId],
    );
    return Boolean(row);
  }

  /** The parent of live permission `id`: null at the top, undefined when there is no such permission. */
  async parentOf(id: string): Promise<string | null | undefined> {
    const [row] = await this.db.query<{ parent_id: string | null }>(
      'select parent_id from sys_permission where id = $1 and del_flag = 0',
      [id],
    );
    return row === undefined ? undefined : row.parent_id;
  }

  async hasChildren(id: string): Promise<boolean> {
    const [child] = await this.db.query(
      'select 1 from sys_permission where parent_id = $1 and del_flag = 0',
      [id],
    );
    return Boolean(child);
  }

  async insert(input: MenuInput): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into sys_permission (parent_id, name, url, component, component_name, redirect, menu_type, perms,
            perms_type, sort_no, always_show, icon, is_route, keep_alive, hidden, internal_or_external, status, description)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
        values(input),
      );
      if (input.parentId)
        await tx.query('update sys_permission set is_leaf = false where id = $1', [input.parentId]);
      return row!.id;
    });
  }

  /** Rewrites a permission; `oldParentId` is its parent before, whose leaf flag may change. */
  async update(id: string, input: MenuInput, oldParentId: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update sys_permission set parent_id = $1, name = $2, url = $3, component = $4, component_name = $5,
            redirect = $6, menu_type = $7, perms = $8, perms_type = $9, sort_no = $10, always_show = $11, icon = $12,
            is_route = $13, keep_alive = $14, hidden = $15, internal_or_external = $16, status = $17,
            description = $18, update_time = now()
          where id = $19`,
        [...values(input), id],
      );
      if (input.parentId)
        await tx.query('update sys_permission set is_leaf = false where id = $1', [input.parentId]);
      if (oldParentId && oldParentId !== input.parentId) await refreshLeaf(tx, oldParentId);
    });
  }

  async delete(id: string, parentId: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('delete from sys_permission where id = $1', [id]);
      if (parentId) await refreshLeaf(tx, parentId);
    });
  }
}

async function refreshLeaf(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update sys_permission set is_leaf = not exists (select 1 from sys_permission c where c.parent_id = $1 and c.del_flag = 0)
      where id = $1`,
    [id],
  );
}

function values(input: MenuInput): unknown[] {
  return [
    input.parentId,
    input.name,
    input.url,
    input.component,
    input.componentName,
    input.redirect,
    input.menuType,
    input.perms,
    input.permsType,
    input.sortNo,
    input.alwaysShow,
    input.icon,
    input.route,
    input.keepAlive,
    input.hidden,
    input.internalOrExternal,
    input.status,
    input.description,
  ];
}
