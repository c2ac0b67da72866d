import { crudOperations, crudRoutes, type SysResults } from '../../crud-routes';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { DataRuleRecord } from '../permission/permission.routes';
import type {
  checkRoleCodeSchema,
  roleCrudSchemas,
  roleDataRuleQuerySchema,
  rolePermissionQuerySchema,
  saveRoleDataRuleSchema,
  saveRolePermissionSchema,
} from './role.schemas';

const tag = 'system-role';

export type RoleRecord = {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string;
};

/** A node of the permission tree used to authorise roles and departments. */
export type PermissionTreeNode = {
  key: string;
  title: string;
  isLeaf: boolean;
  parentId: string | null;
  ruleFlag: number;
  children?: PermissionTreeNode[];
};

export type RoleDataRules = { datarule: DataRuleRecord[]; drChecked: string[] };

const authorize = mark(marks.system.role.authorize);

const roles = crudRoutes<typeof roleCrudSchemas, SysResults<RoleRecord>>({
  base: '/sys/role',
  tag,
  marks: marks.system.role,
  name: ['a role', 'roles'],
});

export const roleRoutes = {
  ...roles(crudOperations),
  queryall: defineRoute<RoleRecord[]>({
    method: 'GET',
    path: '/sys/role/queryall',
    access: mark(marks.system.user.list),
    summary: 'All roles (for the user form)',
    tag,
  }),
  checkRoleCode: defineRoute<boolean, undefined, typeof checkRoleCodeSchema>({
    method: 'GET',
    path: '/sys/role/checkRoleCode',
    access: mark(marks.system.role.list),
    summary: 'Whether a role code is still free',
    tag,
  }),
  queryTreeList: defineRoute<{ treeList: PermissionTreeNode[]; ids: string[] }>({
    method: 'GET',
    path: '/sys/role/queryTreeList',
    access: authorize,
    summary: 'The permission tree and all its ids, for authorising a role',
    tag,
  }),
  queryRolePermission: defineRoute<string[], undefined, typeof rolePermissionQuerySchema>({
    method: 'GET',
    path: '/sys/permission/queryRolePermission',
    access: authorize,
    summary: 'Permission ids granted to a role',
    tag,
  }),
  saveRolePermission: defineRoute<null, typeof saveRolePermissionSchema>({
    method: 'POST',
    path: '/sys/permission/saveRolePermission',
    access: authorize,
    summary: 'Set the permissions of a role',
    tag,
  }),
  queryDataRule: defineRoute<RoleDataRules, undefined, typeof roleDataRuleQuerySchema>({
    method: 'GET',
    path: '/sys/role/datarule',
    access: authorize,
    summary: "A menu's data rules and those the role is granted",
    tag,
  }),
  saveDataRule: defineRoute<null, typeof saveRoleDataRuleSchema>({
    method: 'POST',
    path: '/sys/role/datarule',
    access: authorize,
    summary: 'Set the data rules of one menu a role is granted (they restrict its lists)',
    tag,
  }),
} as const;
