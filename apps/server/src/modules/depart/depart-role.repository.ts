import type { DepartRoleRecord, departRoleAddSchema, ListQuery } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { linkedIds, replaceLinks } from '../../http/link-table';
import { listPage, recordList } from '../../http/list-query';
import { firstValue } from '../../http/sql-where';
import { type DepartReach, withinReach } from './depart-reach';

/**
 * Read relation (user_id, permission_id): the permissions each user holds through the roles
 * of their departments.
 */
export const departRoleGrantRelation = `select dru.user_id, drp.permission_id from sys_depart_role_user dru
  join sys_depart_role_permission drp on drp.role_id = dru.drole_id`;

const DEPART_PERMISSION = { table: 'sys_depart_permission', owner: 'depart_id', linked: 'permission_id' };

const DEPART_ROLE_RESOURCE = recordList('sys_depart_role r', {
  columns: {
    departId: { column: 'r.depart_id', filter: 'text' },
    deptId: { column: 'r.depart_id', filter: 'text' },
    roleName: { column: 'r.role_name', filter: 'text', sortable: true, title: ['部门角色名称', 'Role name'] },
    roleCode: { column: 'r.role_code', filter: 'text', sortable: true, title: ['部门角色编码', 'Role code'] },
    description: { column: 'r.description', filter: 'text' },
  },
});

export type DepartRoleInput = z.output<typeof departRoleAddSchema>;

/**
 * What departments grant: the permissions a department may hand on (sys_depart_permission),
 * its roles (sys_depart_role), their permissions (sys_depart_role_permission) and holders
 * (sys_depart_role_user).
 */
export class DepartRoleRepository {
  constructor(private readonly db: Database) {}

  page(query: ListQuery, reach: DepartReach) {
    return listPage<DepartRoleRecord>(this.db, DEPART_ROLE_RESOURCE, query, {
      extraWhere: reach.all
        ? undefined
        : (p) => [
            `r.depart_id in (select d.id from sys_depart d where d.del_flag = 0 and ${withinReach(reach, 'd.org_code', p)})`,
          ],
    });
  }

  departOf(roleId: string): Promise<string | undefined> {
    return firstValue(this.db, 'select depart_id from sys_depart_role where id = $1', [roleId]);
  }

  async insert(r: DepartRoleInput): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into sys_depart_role (depart_id, role_name, role_code, description) values ($1, $2, $3, $4) returning id`,
      [r.departId, r.roleName, r.roleCode, r.description],
    );
    return row!.id;
  }

  /** Renames a role (it stays in its department); false when there is no such role. */
  async update(id: string, r: DepartRoleInput): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_depart_role set role_name = $2, role_code = $3, description = $4, update_time = now()
        where id = $1 returning id`,
      [id, r.roleName, r.roleCode, r.description],
    );
    return rows.length > 0;
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.query('delete from sys_depart_role where id = any($1::text[])', [ids]);
  }

  /** How many of `roleIds` are roles of department `departId`. */
  async countOfDepart(roleIds: string[], departId: string): Promise<number> {
    const rows = await this.db.query(
      'select 1 from sys_depart_role where id = any($1::text[]) and depart_id = $2',
      [roleIds, departId],
    );
    return rows.length;
  }

  /** The roles of department `departId` that the user holds. */
  async roleIdsOfUser(userId: string, departId: string): Promise<string[]> {
    const rows = await this.db.query<{ drole_id: string }>(
      `select dru.drole_id from sys_depart_role_user dru join sys_depart_role r on r.id = dru.drole_id
        where dru.user_id = $1 and r.depart_id = $2`,
      [userId, departId],
    );
    return rows.map((r) => r.drole_id);
  }

  /** Replaces the roles of department `departId` the user holds. */
  async setUserRoles(userId: string, departId: string, roleIds: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `delete from sys_depart_role_user where user_id = $1
            and drole_id in (select id from sys_depart_role where depart_id = $2)`,
        [userId, departId],
      );
      if (roleIds.length)
        await tx.query(
          `insert into sys_depart_role_user (user_id, drole_id)
           select $1, r.id from sys_depart_role r where r.id = any($2::text[]) and r.depart_id = $3`,
          [userId, roleIds, departId],
        );
    });
  }

  departPermissionIds(departId: string): Promise<string[]> {
    return linkedIds(this.db, DEPART_PERMISSION, departId);
  }

  /** Sets what the department may hand on; its roles keep only what it still may. */
  async setDepartPermissions(departId: string, permissionIds: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await replaceLinks(tx, DEPART_PERMISSION, departId, permissionIds);
      await tx.query(
        `delete from sys_depart_role_permission where depart_id = $1 and not (permission_id = any($2::text[]))`,
        [departId, permissionIds],
      );
    });
  }

  /** How many of `permissionIds` department `departId` may hand on. */
  async countDepartPermissions(departId: string, permissionIds: string[]): Promise<number> {
    const rows = await this.db.query(
      'select permission_id from sys_depart_permission where depart_id = $1 and permission_id = any($2::text[])',
      [departId, permissionIds],
    );
    return rows.length;
  }

  async rolePermissionIds(roleId: string): Promise<string[]> {
    const rows = await this.db.query<{ permission_id: string }>(
      'select permission_id from sys_depart_role_permission where role_id = $1',
      [roleId],
    );
    return rows.map((r) => r.permission_id);
  }

  async setRolePermissions(departId: string, roleId: string, permissionIds: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('delete from sys_depart_role_permission where role_id = $1', [roleId]);
      if (permissionIds.length)
        await tx.query(
          `insert into sys_depart_role_permission (depart_id, role_id, permission_id)
           select $1, $2, unnest($3::text[])`,
          [departId, roleId, permissionIds],
        );
    });
  }
}
