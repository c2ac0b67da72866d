import type { RoleRecord, roleAddSchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { linkedIds, replaceLinks } from '../../http/link-table';
import { ListReader, recordList } from '../../http/list-query';
import { firstValue } from '../../http/sql-where';

/** The role code whose holders are granted every permission, present and future. */
export const ADMIN_ROLE = 'admin';

/** Read relation (id, role_code): every role. */
export const roleRelation = 'select id, role_code from sys_role';
/** Read relation (id): the administrator role. */
export const adminRoleRelation = `select id from sys_role where role_code = '${ADMIN_ROLE}'`;
/** Read relation (role_id, permission_id): the permissions granted to each role. */
export const rolePermissionRelation = 'select role_id, permission_id from sys_role_permission';
/** Read relation (role_id, rule_id): the data rules granted to each role. */
export const roleDataRuleRelation = 'select role_id, rule_id from sys_role_data_rule';

const ROLE_PERMISSION = { table: 'sys_role_permission', owner: 'role_id', linked: 'permission_id' };

export const ROLE_RESOURCE = recordList('sys_role r', {
  ruleMenu: '/system/role',
  createdTitle: ['创建时间', 'Created'],
  columns: {
    roleName: { column: 'r.role_name', filter: 'text', sortable: true, title: ['角色名称', 'Role name'] },
    roleCode: { column: 'r.role_code', filter: 'text', sortable: true, title: ['角色编码', 'Role code'] },
    description: { column: 'r.description', filter: 'text', title: ['描述', 'Description'] },
  },
});

export type RoleInput = z.output<typeof roleAddSchema>;

/** sys_role, and what roles are granted: sys_role_permission and sys_role_data_rule. */
export class RoleRepository {
  /** The role list: its pages, export rows and single records. */
  readonly list: ListReader<RoleRecord>;

  constructor(private readonly db: Database) {
    this.list = new ListReader(db, ROLE_RESOURCE);
  }

  codeOf(id: string): Promise<string | undefined> {
    return firstValue(this.db, 'select role_code from sys_role where id = $1', [id]);
  }

  async isCodeTaken(code: string, exceptId: string): Promise<boolean> {
    const [row] = await this.db.query(
      'select 1 from sys_role where lower(role_code) = lower($1) and id <> $2',
      [code, exceptId],
    );
    return Boolean(row);
  }

  async includesAdmin(ids: string[]): Promise<boolean> {
    const [row] = await this.db.query(
      `select 1 from sys_role where id = any($1::text[]) and role_code = $2`,
      [ids, ADMIN_ROLE],
    );
    return Boolean(row);
  }

  async insert(r: RoleInput, by: string): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into sys_role (role_name, role_code, description, create_by) values ($1, $2, $3, $4) returning id`,
      [r.roleName, r.roleCode, r.description, by],
    );
    return row!.id;
  }

  async update(id: string, r: RoleInput, by: string): Promise<void> {
    await this.db.query(
      `update sys_role set role_name = $2, role_code = $3, description = $4, update_by = $5, update_time = now()
        where id = $1`,
      [id, r.roleName, r.roleCode, r.description, by],
    );
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.query('delete from sys_role where id = any($1::text[])', [ids]);
  }

  permissionIds(roleId: string): Promise<string[]> {
    return linkedIds(this.db, ROLE_PERMISSION, roleId);
  }

  async setPermissions(roleId: string, permissionIds: string[]): Promise<void> {
    await this.db.transaction((tx) => replaceLinks(tx, ROLE_PERMISSION, roleId, permissionIds));
  }

  /** Which of `ruleIds` the role is granted. */
  async dataRuleIds(roleId: string, ruleIds: string[]): Promise<string[]> {
    const rows = await this.db.query<{ rule_id: string }>(
      'select rule_id from sys_role_data_rule where role_id = $1 and rule_id = any($2::text[])',
      [roleId, ruleIds],
    );
    return rows.map((r) => r.rule_id);
  }

  /** Replaces the role's grants among `ruleIds` (the rules of one menu) by `grantedIds`. */
  async setDataRules(roleId: string, ruleIds: string[], grantedIds: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('delete from sys_role_data_rule where role_id = $1 and rule_id = any($2::text[])', [
        roleId,
        ruleIds,
      ]);
      if (grantedIds.length)
        await tx.query('insert into sys_role_data_rule (role_id, rule_id) select $1, unnest($2::text[])', [
          roleId,
          grantedIds,
        ]);
    });
  }
}
