import type { DataRuleRecord } from '@ics/contract/server';
import type { ListResource, ListRestriction, ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { AppError, notFound } from '../../lib/errors';
import type { DataRuleRepository, RuleInput, RuleQuery } from './data-rule.repository';
import { type DataRule, type DataRuleValues, dataRuleProblem, ruleConditions } from './data-rule-conditions';

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

const ruleOf = (r: Pick<RuleInput, 'ruleColumn' | 'ruleConditions' | 'ruleValue'>): DataRule => ({
  column: r.ruleColumn,
  condition: r.ruleConditions,
  value: r.ruleValue,
});

/**
 * Data rules: the rules of a menu restrict the rows of its list for the roles granted them.
 * A caller is restricted by the enabled rules of the list's menu that their roles are granted
 * (and whose menu those roles still hold); administrators never are. Read per request, so a
 * change applies at once.
 */
export class DataRuleService implements ListRules {
  /** The lists rules can restrict, by the url of their menu. */
  private readonly lists = new Map<string, ListResource>();

  constructor(private readonly repo: DataRuleRepository) {}

  register(resource: ListResource): void {
    if (!resource.ruleMenu) throw new Error('a list restricted by data rules needs its menu (ruleMenu)');
    this.lists.set(resource.ruleMenu, resource);
  }

  async forCaller(caller: Caller, resource: ListResource): Promise<ListRestriction | undefined> {
    if (!resource.ruleMenu) return undefined;
    if (caller.username.toLowerCase() === 'admin' || (await this.repo.isAdministrator(caller.userId)))
      return undefined;
    const rows = await this.repo.grantedRules(caller.userId, resource.ruleMenu);
    if (rows.length === 0) return undefined;
    const rules = rows.map((r) => ({
      column: r.rule_column ?? '',
      condition: r.rule_conditions,
      value: r.rule_value,
    }));
    return ruleConditions(resource, rules, await this.values(caller));
  }

  private async values(caller: Caller): Promise<DataRuleValues> {
    const user = await this.repo.ruleValues(caller.userId);
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

  /** A rule must name a filterable field of its menu's list, with a value that fits it. */
  private async assertApplies(permissionId: string, rule: DataRule): Promise<void> {
    const url = await this.repo.menuUrl(permissionId);
    if (url === undefined) throw notFound();
    const list = url ? this.lists.get(url) : undefined;
    if (!list) throw new AppError(400, 'system.data_rule.no_list');
    const problem = dataRuleProblem(list, rule);
    if (problem) throw problem;
  }

  rules(query: RuleQuery): Promise<DataRuleRecord[]> {
    return this.repo.rules(query);
  }

  async add(input: RuleInput): Promise<string> {
    await this.assertApplies(input.permissionId, ruleOf(input));
    return this.repo.insert(input);
  }

  /** Edits a rule; it stays on its menu. */
  async edit(id: string, input: RuleInput): Promise<void> {
    const permissionId = await this.repo.menuOf(id);
    if (permissionId === undefined) throw notFound();
    await this.assertApplies(permissionId, ruleOf(input));
    if (!(await this.repo.update(id, input))) throw notFound();
  }

  remove(id: string): Promise<void> {
    return this.repo.delete(id);
  }
}
