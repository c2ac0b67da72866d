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
import type { DataRuleRecord } from '../permission/permission.routes';

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

const roleFields = {
  roleName: z.string().trim().min(2, 'form.role_name.length').max(30, 'form.role_name.length'),
  roleCode: z
    .string({ error: 'form.role_code.required' })
    .trim()
    .min(1, 'form.role_code.required')
    .max(64, 'form.too_long')
    .refine((v) => !/[\u4e00-\u9fa5]/.test(v), 'form.role_code.chinese'),
  description: optionalText(255),
};

export const roleAddSchema = z.object(roleFields);
export const roleEditSchema = z.object({ id: z.string().min(1).max(64), ...roleFields });

export const saveRolePermissionSchema = z.object({
  roleId: z.string().min(1).max(64),
  /** Comma string of permission ids. */
  permissionIds: z.string().max(100_000).default(''),
  lastpermissionIds: z.string().max(100_000).optional(),
});

export const roleDataRuleQuerySchema = z.object({
  roleId: z.string().min(1).max(64),
  permissionId: z.string().min(1).max(64),
});
/** The data rules of one menu a role is granted (upstream `/sys/role/datarule`). */
export const saveRoleDataRuleSchema = z.object({
  roleId: z.string().min(1).max(64),
  permissionId: z.string().min(1).max(64),
  /** Comma string of rule ids (each a rule of that menu). */
  dataRuleIds: z.string().max(20_000).default(''),
});
export type RoleDataRules = { datarule: DataRuleRecord[]; drChecked: string[] };

export const checkRoleCodeSchema = z.object({
  id: z.string().max(64).optional(),
  roleCode: z.string().max(64),
});

export const roleRoutes = {
  list: defineRoute<ListPage<RoleRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/role/list',
    access: mark(marks.system.role.list),
    summary: 'List roles',
    tag,
    query: listQuerySchema,
  }),
  queryById: defineRoute<RoleRecord, undefined, typeof sysIdQuerySchema>({
    method: 'GET',
    path: '/sys/role/queryById',
    access: mark(marks.system.role.list),
    summary: 'One role',
    tag,
    query: sysIdQuerySchema,
  }),
  queryall: defineRoute<RoleRecord[]>({
    method: 'GET',
    path: '/sys/role/queryall',
    access: mark(marks.system.user.list),
    summary: 'All roles (for the user form)',
    tag,
  }),
  add: defineRoute<{ id: string }, typeof roleAddSchema>({
    method: 'POST',
    path: '/sys/role/add',
    access: mark(marks.system.role.add),
    summary: 'Add a role',
    tag,
    body: roleAddSchema,
  }),
  edit: defineRoute<null, typeof roleEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/role/edit',
    access: mark(marks.system.role.edit),
    summary: 'Edit a role',
    tag,
    body: roleEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/role/delete',
    access: mark(marks.system.role.delete),
    summary: 'Delete a role',
    tag,
    query: sysIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/role/deleteBatch',
    access: mark(marks.system.role.delete),
    summary: 'Delete roles',
    tag,
    query: sysIdsQuerySchema,
  }),
  checkRoleCode: defineRoute<boolean, undefined, typeof checkRoleCodeSchema>({
    method: 'GET',
    path: '/sys/role/checkRoleCode',
    access: mark(marks.system.role.list),
    summary: 'Whether a role code is still free',
    tag,
    query: checkRoleCodeSchema,
  }),
  exportXls: defineRoute<null, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/role/exportXls',
    access: mark(marks.system.role.export),
    summary: 'Export roles as .xlsx',
    tag,
    query: listQuerySchema,
  }),
  queryTreeList: defineRoute<{ treeList: PermissionTreeNode[]; ids: string[] }>({
    method: 'GET',
    path: '/sys/role/queryTreeList',
    access: mark(marks.system.role.authorize),
    summary: 'The permission tree and all its ids, for authorising a role',
    tag,
  }),
  queryRolePermission: defineRoute<string[], undefined, z.ZodObject<{ roleId: z.ZodString }>>({
    method: 'GET',
    path: '/sys/permission/queryRolePermission',
    access: mark(marks.system.role.authorize),
    summary: 'Permission ids granted to a role',
    tag,
    query: z.object({ roleId: z.string().min(1).max(64) }),
  }),
  saveRolePermission: defineRoute<null, typeof saveRolePermissionSchema>({
    method: 'POST',
    path: '/sys/permission/saveRolePermission',
    access: mark(marks.system.role.authorize),
    summary: 'Set the permissions of a role',
    tag,
    body: saveRolePermissionSchema,
  }),
  queryDataRule: defineRoute<RoleDataRules, undefined, typeof roleDataRuleQuerySchema>({
    method: 'GET',
    path: '/sys/role/datarule',
    access: mark(marks.system.role.authorize),
    summary: "A menu's data rules and those the role is granted",
    tag,
    query: roleDataRuleQuerySchema,
  }),
  saveDataRule: defineRoute<null, typeof saveRoleDataRuleSchema>({
    method: 'POST',
    path: '/sys/role/datarule',
    access: mark(marks.system.role.authorize),
    summary: 'Set the data rules of one menu a role is granted (they restrict its lists)',
    tag,
    body: saveRoleDataRuleSchema,
  }),
} as const;
