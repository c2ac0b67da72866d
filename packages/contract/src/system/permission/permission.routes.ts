import { z } from 'zod';
import { optionalText, sysIdQuerySchema } from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { PermissionTreeNode } from '../role/role.routes';

const tag = 'system-permission';

/** A row of the menu/permission tree as the menu page edits it. */
export type PermissionRecord = {
  id: string;
  parentId: string | null;
  /** The stored name (an i18n key such as `menu.system` or a literal title). */
  name: string;
  /** `name` translated into the caller's language. */
  title: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  route: boolean;
  leaf: boolean;
  keepAlive: boolean;
  hidden: boolean;
  internalOrExternal: boolean;
  status: string;
  ruleFlag: number;
  description: string | null;
  createTime: string;
  children?: PermissionRecord[];
};

const bool = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.number()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const permissionFields = {
  parentId: optionalText(64),
  name: z
    .string({ error: 'form.menu_name.required' })
    .trim()
    .min(1, 'form.menu_name.required')
    .max(100, 'form.too_long'),
  url: optionalText(255),
  component: optionalText(255),
  componentName: optionalText(100),
  redirect: optionalText(255),
  menuType: z.coerce.number().int().min(0, 'form.menu_type.invalid').max(2, 'form.menu_type.invalid'),
  perms: optionalText(255),
  permsType: z.enum(['1', '2']).default('1'),
  sortNo: z.coerce.number({ error: 'form.sort.number' }).finite('form.sort.number').default(0),
  alwaysShow: bool.default(false),
  icon: optionalText(100),
  route: bool.default(true),
  keepAlive: bool.default(false),
  hidden: bool.default(false),
  internalOrExternal: bool.default(false),
  status: z.enum(['0', '1']).default('1'),
  description: optionalText(255),
};

export const permissionAddSchema = z.object(permissionFields);
export const permissionEditSchema = z.object({ id: z.string().min(1).max(64), ...permissionFields });

export const parentIdQuerySchema = z.object({ parentId: z.string().min(1).max(64) });
export const parentIdsQuerySchema = z.object({ parentIds: z.string().min(1).max(20_000) });

/** A data rule of a menu: limits the rows its list shows (sys_permission_data_rule). */
export type DataRuleRecord = {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string;
  status: string;
  createTime: string;
};

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

const dataRuleFields = {
  permissionId: z.string().min(1).max(64),
  ruleName: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(100, 'form.too_long'),
  ruleColumn: z
    .string({ error: 'form.rule_column.required' })
    .trim()
    .min(1, 'form.rule_column.required')
    .max(100, 'form.too_long'),
  ruleConditions: z.enum(DATA_RULE_CONDITIONS, { error: 'form.rule_conditions.invalid' }),
  ruleValue: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(300, 'form.too_long'),
  status: z.enum(['0', '1']).default('1'),
};
export const dataRuleAddSchema = z.object(dataRuleFields);
export const dataRuleEditSchema = z.object({ id: z.string().min(1).max(64), ...dataRuleFields });
export const dataRuleQuerySchema = z.object({
  permissionId: z.string().min(1).max(64),
  ruleName: z.string().max(100).optional(),
  ruleValue: z.string().max(300).optional(),
});

export const saveDepartPermissionSchema = z.object({
  departId: z.string().min(1).max(64),
  permissionIds: z.string().max(100_000).default(''),
  lastpermissionIds: z.string().max(100_000).optional(),
});

export const permissionRoutes = {
  list: defineRoute<PermissionRecord[]>({
    method: 'GET',
    path: '/sys/permission/list',
    access: mark(marks.system.permission.list),
    summary: 'The whole menu/permission tree',
    tag,
  }),
  add: defineRoute<{ id: string }, typeof permissionAddSchema>({
    method: 'POST',
    path: '/sys/permission/add',
    access: mark(marks.system.permission.add),
    summary: 'Add a menu or button',
    tag,
    body: permissionAddSchema,
  }),
  edit: defineRoute<null, typeof permissionEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/permission/edit',
    access: mark(marks.system.permission.edit),
    summary: 'Edit a menu or button',
    tag,
    body: permissionEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/permission/delete',
    access: mark(marks.system.permission.delete),
    summary: 'Delete a menu or button (refused while it has children)',
    tag,
    query: sysIdQuerySchema,
  }),
  getSystemMenuList: defineRoute<PermissionRecord[]>({
    method: 'GET',
    path: '/sys/permission/getSystemMenuList',
    access: mark(marks.system.permission.list),
    summary: 'Top-level menus',
    tag,
  }),
  getSystemSubmenu: defineRoute<PermissionRecord[], undefined, typeof parentIdQuerySchema>({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenu',
    access: mark(marks.system.permission.list),
    summary: 'Children of one menu',
    tag,
    query: parentIdQuerySchema,
  }),
  getSystemSubmenuBatch: defineRoute<
    Record<string, PermissionRecord[]>,
    undefined,
    typeof parentIdsQuerySchema
  >({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenuBatch',
    access: mark(marks.system.permission.list),
    summary: 'Children of several menus, by parent id',
    tag,
    query: parentIdsQuerySchema,
  }),
  queryTreeList: defineRoute<{ treeList: PermissionTreeNode[]; ids: string[] }>({
    method: 'GET',
    path: '/sys/permission/queryTreeList',
    access: mark(marks.system.permission.list),
    summary: 'The permission tree as tree-select nodes',
    tag,
  }),
  getPermRuleListByPermId: defineRoute<DataRuleRecord[], undefined, typeof dataRuleQuerySchema>({
    method: 'GET',
    path: '/sys/permission/getPermRuleListByPermId',
    access: mark(marks.system.permission.list),
    summary: 'Data rules of a menu',
    tag,
    query: dataRuleQuerySchema,
  }),
  queryPermissionRule: defineRoute<DataRuleRecord[], undefined, typeof dataRuleQuerySchema>({
    method: 'GET',
    path: '/sys/permission/queryPermissionRule',
    access: mark(marks.system.permission.list),
    summary: 'Data rules of a menu, filtered by name/value',
    tag,
    query: dataRuleQuerySchema,
  }),
  addPermissionRule: defineRoute<{ id: string }, typeof dataRuleAddSchema>({
    method: 'POST',
    path: '/sys/permission/addPermissionRule',
    access: mark(marks.system.permission.edit),
    summary: 'Add a data rule',
    tag,
    body: dataRuleAddSchema,
  }),
  editPermissionRule: defineRoute<null, typeof dataRuleEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/permission/editPermissionRule',
    access: mark(marks.system.permission.edit),
    summary: 'Edit a data rule',
    tag,
    body: dataRuleEditSchema,
  }),
  deletePermissionRule: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/permission/deletePermissionRule',
    access: mark(marks.system.permission.edit),
    summary: 'Delete a data rule',
    tag,
    query: sysIdQuerySchema,
  }),
  queryDepartPermission: defineRoute<string[], undefined, z.ZodObject<{ departId: z.ZodString }>>({
    method: 'GET',
    path: '/sys/permission/queryDepartPermission',
    access: mark(marks.system.depart.authorize),
    summary: 'Permission ids granted to a department',
    tag,
    query: z.object({ departId: z.string().min(1).max(64) }),
  }),
  saveDepartPermission: defineRoute<null, typeof saveDepartPermissionSchema>({
    method: 'POST',
    path: '/sys/permission/saveDepartPermission',
    access: mark(marks.system.depart.authorize),
    summary: 'Set the permissions a department may hand to its department roles',
    tag,
    body: saveDepartPermissionSchema,
  }),
} as const;
