import { DATA_RULE_VARIABLES, type DataRuleCondition, type DataRuleVariable } from '@ics/contract/server';
import {
  type FilterOperator,
  filterCondition,
  type ListResource,
  type ListRestriction,
  SqlParams,
} from '../../http/list-query';
import { AppError } from '../../lib/errors';

/** A data rule as stored: a field of the list, a condition and a value that may hold `#{variables}`. */
export type DataRule = { column: string; condition: DataRuleCondition; value: string };

/** The caller's values of the rule variables (`sys_multi_org_code` as a comma list). */
export type DataRuleValues = Record<DataRuleVariable, string>;

const RULE_OPERATORS: Record<DataRuleCondition, FilterOperator> = {
  '=': '=',
  '!=': '<>',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
  IN: 'in',
};

const VARIABLE = /#\{([^}]*)\}/g;
const isVariable = (name: string): name is DataRuleVariable =>
  (DATA_RULE_VARIABLES as readonly string[]).includes(name);

/** Replaces `#{name}` by the caller's value; an unknown name is refused. */
function substituteRuleValue(value: string, values: DataRuleValues): string {
  return value.replace(VARIABLE, (_m, name: string) => {
    if (!isVariable(name)) throw new AppError(400, 'system.data_rule.bad_variable', { name });
    return values[name];
  });
}

/** Why `rule` cannot restrict `resource`, as an error to answer; undefined when it can. */
export function dataRuleProblem(resource: ListResource, rule: DataRule): AppError | undefined {
  const spec = Object.hasOwn(resource.columns, rule.column) ? resource.columns[rule.column] : undefined;
  if (!spec?.filter) {
    const allowed = Object.entries(resource.columns)
      .filter(([, s]) => s.filter)
      .map(([field]) => field)
      .join(', ');
    return new AppError(400, 'system.data_rule.bad_column', { column: rule.column.slice(0, 64), allowed });
  }
  for (const [, name] of rule.value.matchAll(VARIABLE)) {
    if (!isVariable(name!)) return new AppError(400, 'system.data_rule.bad_variable', { name: name! });
  }
  // The value must fit the column: a literal as it is, a variable as a sample of its kind
  // (a date for sys_date/sys_time, text for the others, which number or date columns refuse).
  const sample = rule.value.replace(VARIABLE, (_m, name: string) =>
    name === 'sys_date' ? '2000-01-01' : name === 'sys_time' ? '2000-01-01 00:00:00' : 'x',
  );
  try {
    filterCondition(spec, rule.column, RULE_OPERATORS[rule.condition], sample, new SqlParams());
  } catch {
    return new AppError(400, 'system.data_rule.bad_value', { column: rule.column.slice(0, 64) });
  }
  return undefined;
}

/**
 * Conditions of the caller's data rules, all of which a row must meet (upstream ANDs them).
 * A rule that cannot apply (its column gone from the list, a value that no longer fits)
 * matches nothing: a broken rule never widens what a user sees.
 */
export function ruleConditions(
  resource: ListResource,
  rules: DataRule[],
  values: DataRuleValues,
): ListRestriction {
  return (params) =>
    rules.map((rule) => {
      if (dataRuleProblem(resource, rule)) return 'false';
      try {
        const value = substituteRuleValue(rule.value, values);
        return filterCondition(
          resource.columns[rule.column]!,
          rule.column,
          RULE_OPERATORS[rule.condition],
          value,
          params,
        );
      } catch {
        return 'false';
      }
    });
}
