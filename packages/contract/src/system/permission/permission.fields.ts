import { choice, numeric, text } from '../../field-spec';

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

const optional = (max: number) => text({ optional: true, max });

/** The menu form's fields (parentId is required by the console for sub-menus and buttons only). */
export const permissionFields = {
  parentId: optional(64),
  name: text({ required: 'form.menu_name.required', max: 100 }),
  url: optional(255),
  component: optional(255),
  componentName: optional(100),
  redirect: optional(255),
  menuType: numeric({
    required: 'form.menu_type.invalid',
    integer: true,
    min: 0,
    max: 2,
    message: 'form.menu_type.invalid',
  }),
  perms: optional(255),
  sortNo: numeric({ message: 'form.sort.number', default: 0 }),
  description: optional(255),
};

/** The data rule form's fields. */
export const dataRuleFields = {
  ruleName: text({ required: 'form.required', max: 100 }),
  ruleColumn: text({ required: 'form.rule_column.required', max: 100 }),
  ruleConditions: choice(DATA_RULE_CONDITIONS, {
    required: 'form.required',
    message: 'form.rule_conditions.invalid',
  }),
  ruleValue: text({ required: 'form.required', max: 300 }),
};
