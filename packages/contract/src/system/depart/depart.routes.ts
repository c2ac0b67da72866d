import { crudRoutes, type SysResults, writtenUnder } from '../../crud-routes';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { PermissionTreeNode } from '../role/role.routes';
import type {
  departCrudSchemas,
  departRoleCrudSchemas,
  departRolePermissionQuerySchema,
  departRoleTreeQuerySchema,
  departRoleUserQuerySchema,
  departRoleUserSchema,
  departSearchQuerySchema,
  saveDeptRolePermissionSchema,
} from './depart.schemas';

const tag = 'system-depart';

export type DepartRecord = {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgType: string;
  departOrder: number;
  description: string | null;
  status: number;
  createTime: string;
};

/** A department tree node: tree-select keys plus every column. */
export type DepartTreeNode = DepartRecord & {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartTreeNode[];
};

export type DepartIdNode = {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartIdNode[];
};

export type DepartRoleRecord = {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string;
};

const { depart } = marks.system;
const authorize = mark(depart.authorize);

const departs = crudRoutes<typeof departCrudSchemas, { add: DepartRecord; edit: null }>({
  base: '/sys/sysDepart',
  tag,
  marks: depart,
  name: ['a department', 'departments'],
});

/** Department roles: roles a department administrator hands out within the department. */
const departRoles = crudRoutes<typeof departRoleCrudSchemas, SysResults<DepartRoleRecord>, 'role'>({
  base: '/sys/sysDepartRole',
  tag,
  marks: writtenUnder(depart.authorize, depart.list),
  name: ['a department role', 'department roles'],
  prefix: 'role',
});

export const departRoutes = {
  queryTreeList: defineRoute<DepartTreeNode[]>({
    method: 'GET',
    path: '/sys/sysDepart/queryTreeList',
    access: mark(depart.list),
    summary: 'The department tree',
    tag,
  }),
  queryIdTree: defineRoute<DepartIdNode[]>({
    method: 'GET',
    path: '/sys/sysDepart/queryIdTree',
    access: mark(depart.list),
    summary: 'The department tree with ids as keys only',
    tag,
  }),
  searchBy: defineRoute<DepartTreeNode[], undefined, typeof departSearchQuerySchema>({
    method: 'GET',
    path: '/sys/sysDepart/searchBy',
    access: mark(depart.list),
    summary: 'Departments whose name contains a keyword',
    tag,
  }),
  queryMyDeptTreeList: defineRoute<DepartTreeNode[]>({
    method: 'GET',
    path: '/sys/sysDepart/queryMyDeptTreeList',
    access: 'authenticated',
    summary: "The caller's departments and their sub-departments",
    tag,
  }),
  ...departs(['add', 'edit', 'delete', 'deleteBatch'], {
    add: { summary: 'Add a department (org code generated under the parent)' },
    edit: {
      summary: 'Edit a department; a new parentId moves it with its subtree (org codes recomputed)',
    },
    delete: { summary: 'Delete a department (refused while users or sub-departments remain)' },
  }),
  ...departRoles(['list', 'add', 'edit', 'delete', 'deleteBatch'], {
    list: { summary: 'Department roles (filter deptId)' },
  }),
  roleUserSave: defineRoute<null, typeof departRoleUserSchema>({
    method: 'POST',
    path: '/sys/sysDepartRole/deptRoleUserAdd',
    access: authorize,
    summary: 'Set the department roles a user holds in a department',
    tag,
  }),
  roleUserQuery: defineRoute<string[], undefined, typeof departRoleUserQuerySchema>({
    method: 'GET',
    path: '/sys/sysDepartRole/getDeptRoleByUserId',
    access: mark(depart.list),
    summary: 'Department role ids a user holds in a department',
    tag,
  }),
  queryTreeListForDeptRole: defineRoute<
    { treeList: PermissionTreeNode[]; ids: string[] },
    undefined,
    typeof departRoleTreeQuerySchema
  >({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryTreeListForDeptRole',
    access: authorize,
    summary: 'The permissions a department may grant to its roles, as a tree',
    tag,
  }),
  queryDeptRolePermission: defineRoute<string[], undefined, typeof departRolePermissionQuerySchema>({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryDeptRolePermission',
    access: authorize,
    summary: 'Permission ids of a department role',
    tag,
  }),
  saveDeptRolePermission: defineRoute<null, typeof saveDeptRolePermissionSchema>({
    method: 'POST',
    path: '/sys/sysDepartPermission/saveDeptRolePermission',
    access: authorize,
    summary: 'Set the permissions of a department role (within the department’s permissions)',
    tag,
  }),
} as const;
