import { crudRoutes } from '../../crud-routes';
import type { sysIdQuerySchema } from '../../list-query.schemas';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { PermissionTreeNode } from '../role/role.routes';
import type {
  dataRuleAddSchema,
  dataRuleEditSchema,
  dataRuleQuerySchema,
  departPermissionQuerySchema,
  parentIdQuerySchema,
  parentIdsQuerySchema,
  permissionCrudSchemas,
  pidQuerySchema,
  saveDepartPermissionSchema,
} from './permission.schemas';

const tag = 'system-permission';

/** A row of the menu/permission tree as the menu page edits it. */
export type PermissionRecord = {
  id: string;
  parentId: string | null;
  /** The display name in the request's language (what JeecgBoot consoles show and edit). */
  name: string;
  /** The stored name: an i18n key such as `menu.system`, or a literal title (what the ICS menu form edits). */
  nameKey: string;
  /** The display name too (`name`), as the ICS console has always read it. */
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

const { permission } = marks.system;
const departAuthorize = mark(marks.system.depart.authorize);

const menus = crudRoutes<
  typeof permissionCrudSchemas,
  { list: PermissionRecord[]; add: { id: string }; edit: null }
>({ base: '/sys/permission', tag, marks: permission, name: ['a menu or button', 'menus'] });

export const permissionRoutes = {
  ...menus(['list', 'add', 'edit', 'delete'], {
    list: { summary: 'The whole menu/permission tree' },
    delete: { summary: 'Delete a menu or button (refused while it has children)' },
  }),
  getSystemMenuList: defineRoute<PermissionRecord[]>({
    method: 'GET',
    path: '/sys/permission/getSystemMenuList',
    access: mark(permission.list),
    summary: 'Top-level menus',
    tag,
  }),
  getSystemSubmenu: defineRoute<PermissionRecord[], undefined, typeof parentIdQuerySchema>({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenu',
    access: mark(permission.list),
    summary: 'Children of one menu',
    tag,
  }),
  getSystemSubmenuBatch: defineRoute<
    Record<string, PermissionRecord[]>,
    undefined,
    typeof parentIdsQuerySchema
  >({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenuBatch',
    access: mark(permission.list),
    summary: 'Children of several menus, by parent id',
    tag,
  }),
  queryTreeList: defineRoute<{ treeList: PermissionTreeNode[]; ids: string[] }>({
    method: 'GET',
    path: '/sys/permission/queryTreeList',
    access: mark(permission.list),
    summary: 'The permission tree as tree-select nodes',
    tag,
  }),
  queryListAsync: defineRoute<PermissionTreeNode[], undefined, typeof pidQuerySchema>({
    method: 'GET',
    path: '/sys/permission/queryListAsync',
    access: mark(permission.list),
    summary: 'One level of the permission tree as tree-select nodes (pid; none: the top level)',
    tag,
  }),
  getPermRuleListByPermId: defineRoute<DataRuleRecord[], undefined, typeof dataRuleQuerySchema>({
    method: 'GET',
    path: '/sys/permission/getPermRuleListByPermId',
    access: mark(permission.list),
    summary: 'Data rules of a menu',
    tag,
  }),
  queryPermissionRule: defineRoute<DataRuleRecord[], undefined, typeof dataRuleQuerySchema>({
    method: 'GET',
    path: '/sys/permission/queryPermissionRule',
    access: mark(permission.list),
    summary: 'Data rules of a menu, filtered by name/value',
    tag,
  }),
  addPermissionRule: defineRoute<{ id: string }, typeof dataRuleAddSchema>({
    method: 'POST',
    path: '/sys/permission/addPermissionRule',
    access: mark(permission.edit),
    summary: 'Add a data rule',
    tag,
  }),
  editPermissionRule: defineRoute<null, typeof dataRuleEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/permission/editPermissionRule',
    access: mark(permission.edit),
    summary: 'Edit a data rule',
    tag,
  }),
  deletePermissionRule: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/permission/deletePermissionRule',
    access: mark(permission.edit),
    summary: 'Delete a data rule',
    tag,
  }),
  queryDepartPermission: defineRoute<string[], undefined, typeof departPermissionQuerySchema>({
    method: 'GET',
    path: '/sys/permission/queryDepartPermission',
    access: departAuthorize,
    summary: 'Permission ids granted to a department',
    tag,
  }),
  saveDepartPermission: defineRoute<null, typeof saveDepartPermissionSchema>({
    method: 'POST',
    path: '/sys/permission/saveDepartPermission',
    access: departAuthorize,
    summary: 'Set the permissions a department may hand to its department roles',
    tag,
  }),
} as const;
