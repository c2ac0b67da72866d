import { z } from 'zod';
import {
  type ListPage,
  listQuerySchema,
  optionalText,
  sysIdQuerySchema,
  sysIdsQuerySchema,
} from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { PermissionTreeNode } from '../role/role.routes';

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

const departFields = {
  parentId: optionalText(64),
  departName: z
    .string({ error: 'form.depart_name.required' })
    .trim()
    .min(1, 'form.depart_name.required')
    .max(100, 'form.too_long'),
  orgType: z.enum(['1', '2', '3']).optional(),
  departOrder: z.coerce.number().int('form.positive_int').min(0, 'form.positive_int').default(0),
  description: optionalText(500),
  status: z.coerce.number().int().min(0).max(1).default(1),
};
export const departAddSchema = z.object(departFields);
export const departEditSchema = z.object({
  id: z.string().min(1).max(64),
  ...departFields,
  /** Absent keeps the department where it is; another parent moves it (and its subtree); '' or null makes it top-level. */
  parentId: z
    .string()
    .trim()
    .max(64, 'form.too_long')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
});

export type DepartRoleRecord = {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string;
};
const departRoleFields = {
  departId: z.string().min(1).max(64),
  roleName: z.string().trim().min(2, 'form.role_name.length').max(30, 'form.role_name.length'),
  roleCode: z
    .string({ error: 'form.role_code.required' })
    .trim()
    .min(1, 'form.role_code.required')
    .max(64, 'form.too_long')
    .refine((v) => !/[\u4e00-\u9fa5]/.test(v), 'form.role_code.chinese'),
  description: optionalText(255),
};
export const departRoleAddSchema = z.object(departRoleFields);
export const departRoleEditSchema = z.object({ id: z.string().min(1).max(64), ...departRoleFields });
export const departRoleUserSchema = z.object({
  userId: z.string().min(1).max(64),
  departId: z.string().min(1).max(64),
  /** Comma string of the department roles the user holds in that department. */
  roleIds: z.string().max(20_000).default(''),
});
export const saveDeptRolePermissionSchema = z.object({
  roleId: z.string().min(1).max(64),
  permissionIds: z.string().max(100_000).default(''),
  lastpermissionIds: z.string().max(100_000).optional(),
});

export const departRoutes = {
  queryTreeList: defineRoute<DepartTreeNode[]>({
    method: 'GET',
    path: '/sys/sysDepart/queryTreeList',
    access: mark(marks.system.depart.list),
    summary: 'The department tree',
    tag,
  }),
  queryIdTree: defineRoute<DepartIdNode[]>({
    method: 'GET',
    path: '/sys/sysDepart/queryIdTree',
    access: mark(marks.system.depart.list),
    summary: 'The department tree with ids as keys only',
    tag,
  }),
  searchBy: defineRoute<DepartTreeNode[], undefined, z.ZodObject<{ keyWord: z.ZodString }>>({
    method: 'GET',
    path: '/sys/sysDepart/searchBy',
    access: mark(marks.system.depart.list),
    summary: 'Departments whose name contains a keyword',
    tag,
    query: z.object({ keyWord: z.string().max(100) }),
  }),
  queryMyDeptTreeList: defineRoute<DepartTreeNode[]>({
    method: 'GET',
    path: '/sys/sysDepart/queryMyDeptTreeList',
    access: 'authenticated',
    summary: "The caller's departments and their sub-departments",
    tag,
  }),
  add: defineRoute<DepartRecord, typeof departAddSchema>({
    method: 'POST',
    path: '/sys/sysDepart/add',
    access: mark(marks.system.depart.add),
    summary: 'Add a department (org code generated under the parent)',
    tag,
    body: departAddSchema,
  }),
  edit: defineRoute<null, typeof departEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/sysDepart/edit',
    access: mark(marks.system.depart.edit),
    summary: 'Edit a department; a new parentId moves it with its subtree (org codes recomputed)',
    tag,
    body: departEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/sysDepart/delete',
    access: mark(marks.system.depart.delete),
    summary: 'Delete a department (refused while users or sub-departments remain)',
    tag,
    query: sysIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/sysDepart/deleteBatch',
    access: mark(marks.system.depart.delete),
    summary: 'Delete departments',
    tag,
    query: sysIdsQuerySchema,
  }),
  roleList: defineRoute<ListPage<DepartRoleRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/sysDepartRole/list',
    access: mark(marks.system.depart.list),
    summary: 'Department roles (filter deptId)',
    tag,
    query: listQuerySchema,
  }),
  roleAdd: defineRoute<{ id: string }, typeof departRoleAddSchema>({
    method: 'POST',
    path: '/sys/sysDepartRole/add',
    access: mark(marks.system.depart.authorize),
    summary: 'Add a department role',
    tag,
    body: departRoleAddSchema,
  }),
  roleEdit: defineRoute<null, typeof departRoleEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/sysDepartRole/edit',
    access: mark(marks.system.depart.authorize),
    summary: 'Edit a department role',
    tag,
    body: departRoleEditSchema,
  }),
  roleDelete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/sysDepartRole/delete',
    access: mark(marks.system.depart.authorize),
    summary: 'Delete a department role',
    tag,
    query: sysIdQuerySchema,
  }),
  roleDeleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/sysDepartRole/deleteBatch',
    access: mark(marks.system.depart.authorize),
    summary: 'Delete department roles',
    tag,
    query: sysIdsQuerySchema,
  }),
  roleUserSave: defineRoute<null, typeof departRoleUserSchema>({
    method: 'POST',
    path: '/sys/sysDepartRole/deptRoleUserAdd',
    access: mark(marks.system.depart.authorize),
    summary: 'Set the department roles a user holds in a department',
    tag,
    body: departRoleUserSchema,
  }),
  roleUserQuery: defineRoute<
    string[],
    undefined,
    z.ZodObject<{ userId: z.ZodString; departId: z.ZodString }>
  >({
    method: 'GET',
    path: '/sys/sysDepartRole/getDeptRoleByUserId',
    access: mark(marks.system.depart.list),
    summary: 'Department role ids a user holds in a department',
    tag,
    query: z.object({ userId: z.string().min(1).max(64), departId: z.string().min(1).max(64) }),
  }),
  queryTreeListForDeptRole: defineRoute<
    { treeList: PermissionTreeNode[]; ids: string[] },
    undefined,
    z.ZodObject<{ departId: z.ZodString }>
  >({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryTreeListForDeptRole',
    access: mark(marks.system.depart.authorize),
    summary: 'The permissions a department may grant to its roles, as a tree',
    tag,
    query: z.object({ departId: z.string().min(1).max(64) }),
  }),
  queryDeptRolePermission: defineRoute<string[], undefined, z.ZodObject<{ roleId: z.ZodString }>>({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryDeptRolePermission',
    access: mark(marks.system.depart.authorize),
    summary: 'Permission ids of a department role',
    tag,
    query: z.object({ roleId: z.string().min(1).max(64) }),
  }),
  saveDeptRolePermission: defineRoute<null, typeof saveDeptRolePermissionSchema>({
    method: 'POST',
    path: '/sys/sysDepartPermission/saveDeptRolePermission',
    access: mark(marks.system.depart.authorize),
    summary: 'Set the permissions of a department role (within the department’s permissions)',
    tag,
    body: saveDeptRolePermissionSchema,
  }),
} as const;
