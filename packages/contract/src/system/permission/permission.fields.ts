/**
 * Conditions of a data rule (upstream QueryRuleEnum). Upstream's USE_SQL_RULES (a raw SQL
 * fragment) is deliberately absent: no text of a rule ever reaches SQL.
 */
export const DATA_RULE_CONDITIONS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'LIKE',
  'LEFT_LIKE',
  'RIGHT_LIKE',
  'IN',
] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];

/**
 * Variables a rule value may hold as `#{name}`, replaced per request: the caller's username,
 * real name, current department code, all department codes (comma list, for IN), today
 * (`yyyy-MM-dd`) and now (`yyyy-MM-dd HH:mm:ss`), GMT+8.
 */
export const DATA_RULE_VARIABLES = [
  'sys_user_code',
  'sys_user_name',
  'sys_org_code',
  'sys_multi_org_code',
  'sys_date',
  'sys_time',
] as const;
export type DataRuleVariable = (typeof DATA_RULE_VARIABLES)[number];
