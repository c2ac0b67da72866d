import type { DataRuleCondition } from '@ics/contract';
import type { Queryable } from '../../db/database';
import type { ListResource, ListRestriction, ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { AppError } from '../../lib/errors';
import { roleDataRuleRelation, rolePermissionRelation } from '../role';
import { administratorRelation, userOrgRelation, userRoleRelation } from '../user';
import { type DataRule, type DataRuleValues, dataRuleProblem, ruleConditions } from './data-rule-conditions';

type RuleRow = { rule_column: string | null; rule_conditions: DataRuleCondition; rule_value: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** Today and now in the platform's time zone (GMT+8), as rule values compare them. */
function platformClock(now = new Date()): { date: string; time: string } {
  const t = new Date(now.getTime() + 8 * 3600_000);
  const date = `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
  return {
    date,
    time: `${date} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`,
  };
}

/**
 * The data rules that restrict a caller's rows of a list: the enabled rules of the list's
 * menu that the caller's roles are granted (and whose menu those roles still hold).
 * Administrators are never restricted. Read per request, so a change applies at once.
 */
export class DataRuleService implements ListRules {
  /** The lists rules can restrict, by the url of their menu. */
  private readonly lists = new Map<string, ListResource>();

  constructor(private readonly db: Queryable) {}

  register(resource: ListResource): void {
    if (!resource.ruleMenu) throw new Error('a list restricted by data rules needs its menu (ruleMenu)');
    this.lists.set(resource.ruleMenu, resource);
  }

  /** A rule must name a filterable field of its menu's list, with a value that fits it. */
  assertApplies(menuUrl: string | null, rule: DataRule): void {
    const list = menuUrl ? this.lists.get(menuUrl) : undefined;
    if (!list) throw new AppError(400, 'system.data_rule.no_list');
    const problem = dataRuleProblem(list, rule);
    if (problem) throw problem;
  }

  async forCaller(caller: Caller, resource: ListResource): Promise<ListRestriction | undefined> {
    if (!resource.ruleMenu) return undefined;
    if (caller.username.toLowerCase() === 'admin' || (await this.isAdministrator(caller.userId)))
      return undefined;
    const rows = await this.db.query<RuleRow>(
      `select distinct dr.rule_column, dr.rule_conditions, dr.rule_value, dr.id
         from (${userRoleRelation}) ur
         join (${roleDataRuleRelation}) rdr on rdr.role_id = ur.role_id
         join sys_permission_data_rule dr on dr.id = rdr.rule_id and dr.status = '1'
         join sys_permission p on p.id = dr.permission_id and p.del_flag = 0 and p.url = $2
         join (${rolePermissionRelation}) rp on rp.role_id = ur.role_id and rp.permission_id = dr.permission_id
        where ur.user_id = $1
        order by dr.id`,
      [caller.userId, resource.ruleMenu],
    );
    if (rows.length === 0) return undefined;
    const rules = rows.map((r) => ({
      column: r.rule_column ?? '',
      condition: r.rule_conditions,
      value: r.rule_value,
    }));
    return ruleConditions(resource, rules, await this.values(caller));
  }

  private async isAdministrator(userId: string): Promise<boolean> {
    const [row] = await this.db.query(`select 1 from (${administratorRelation}) a where a.user_id = $1`, [
      userId,
    ]);
    return Boolean(row);
  }

  private async values(caller: Caller): Promise<DataRuleValues> {
    const [user] = await this.db.query<{
      realname: string;
      org_code: string | null;
      org_codes: string | null;
    }>(`select u.realname, u.org_code, u.org_codes from (${userOrgRelation}) u where u.user_id = $1`, [
      caller.userId,
    ]);
    const clock = platformClock();
    return {
      sys_user_code: caller.username,
      sys_user_name: user?.realname ?? '',
      sys_org_code: user?.org_code ?? caller.orgCode ?? '',
      sys_multi_org_code: user?.org_codes ?? '',
      sys_date: clock.date,
      sys_time: clock.time,
    };
  }
}
