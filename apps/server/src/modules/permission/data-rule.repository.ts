import type {
  DataRuleCondition,
  DataRuleRecord,
  dataRuleAddSchema,
  dataRuleQuerySchema,
} from '@ics/contract/server';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { formatTime } from '../../http/list-query';
import { firstValue } from '../../http/sql-where';
import { roleDataRuleRelation, rolePermissionRelation } from '../role';
import { administratorRelation, userOrgRelation, userRoleRelation } from '../user';

const RULE_SELECT = `id, permission_id as "permissionId", rule_name as "ruleName", rule_column as "ruleColumn",
  rule_conditions as "ruleConditions", rule_value as "ruleValue", status, ${formatTime('create_time')} as "createTime"`;

export type RuleInput = z.output<typeof dataRuleAddSchema>;
export type RuleQuery = z.output<typeof dataRuleQuerySchema>;
type GrantedRuleRow = { rule_column: string | null; rule_conditions: DataRuleCondition; rule_value: string };

/** sys_permission_data_rule: the data rules of menus, and which of them restrict a user. */
export class DataRuleRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The enabled rules of the menu at `menuUrl` that the user's roles are granted, each only
   * while the granting role also holds the rule's menu.
   */
  grantedRules(userId: string, menuUrl: string): Promise<GrantedRuleRow[]> {
    return this.db.query<GrantedRuleRow>(
      `select distinct dr.rule_column, dr.rule_conditions, dr.rule_value, dr.id
         from (${userRoleRelation}) ur
         join (${roleDataRuleRelation}) rdr on rdr.role_id = ur.role_id
         join sys_permission_data_rule dr on dr.id = rdr.rule_id and dr.status = '1'
         join sys_permission p on p.id = dr.permission_id and p.del_flag = 0 and p.url = $2
         join (${rolePermissionRelation}) rp on rp.role_id = ur.role_id and rp.permission_id = dr.permission_id
        where ur.user_id = $1
        order by dr.id`,
      [userId, menuUrl],
    );
  }

  async isAdministrator(userId: string): Promise<boolean> {
    const [row] = await this.db.query(`select 1 from (${administratorRelation}) a where a.user_id = $1`, [
      userId,
    ]);
    return Boolean(row);
  }

  /** The user's name, working department and all department codes (comma list): rule variables. */
  async ruleValues(userId: string) {
    const [row] = await this.db.query<{
      realname: string;
      org_code: string | null;
      org_codes: string | null;
    }>(`select u.realname, u.org_code, u.org_codes from (${userOrgRelation}) u where u.user_id = $1`, [
      userId,
    ]);
    return row;
  }

  rules(q: RuleQuery): Promise<DataRuleRecord[]> {
    return this.db.query<DataRuleRecord>(
      `select ${RULE_SELECT} from sys_permission_data_rule
        where permission_id = $1 and ($2::text is null or rule_name ilike '%' || $2 || '%')
          and ($3::text is null or rule_value ilike '%' || $3 || '%')
        order by create_time, id`,
      [q.permissionId, q.ruleName || null, q.ruleValue || null],
    );
  }

  /** The url of live menu `permissionId`; null when it has none, undefined when there is no such menu. */
  menuUrl(permissionId: string): Promise<string | null | undefined> {
    return firstValue(this.db, 'select url from sys_permission where id = $1 and del_flag = 0', [
      permissionId,
    ]);
  }

  menuOf(ruleId: string): Promise<string | undefined> {
    return firstValue(this.db, 'select permission_id from sys_permission_data_rule where id = $1', [ruleId]);
  }

  async insert(r: RuleInput): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into sys_permission_data_rule (permission_id, rule_name, rule_column, rule_conditions, rule_value, status)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [r.permissionId, r.ruleName, r.ruleColumn, r.ruleConditions, r.ruleValue, r.status],
    );
    await this.refreshRuleFlag(r.permissionId);
    return row!.id;
  }

  async update(id: string, r: Omit<RuleInput, 'permissionId'>): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_permission_data_rule set rule_name = $2, rule_column = $3, rule_conditions = $4, rule_value = $5,
              status = $6, update_time = now() where id = $1 returning id`,
      [id, r.ruleName, r.ruleColumn, r.ruleConditions, r.ruleValue, r.status],
    );
    return rows.length > 0;
  }

  async delete(id: string): Promise<void> {
    const rows = await this.db.query<{ permission_id: string }>(
      'delete from sys_permission_data_rule where id = $1 returning permission_id',
      [id],
    );
    if (rows[0]) await this.refreshRuleFlag(rows[0].permission_id);
  }

  /** Marks on the menu whether it has rules (the menu page shows it). */
  private async refreshRuleFlag(permissionId: string): Promise<void> {
    await this.db.query(
      `update sys_permission set rule_flag = case when exists (
         select 1 from sys_permission_data_rule where permission_id = $1) then 1 else 0 end where id = $1`,
      [permissionId],
    );
  }
}
