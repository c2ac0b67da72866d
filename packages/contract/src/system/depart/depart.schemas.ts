import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { optionalText, sysCrudQueries, sysIdQuerySchema, sysIdsQuerySchema } from '../../list-query.schemas';

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
export const departSearchQuerySchema = z.object({ keyWord: z.string().max(100) });

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
export const departRoleUserQuerySchema = z.object({
  userId: z.string().min(1).max(64),
  departId: z.string().min(1).max(64),
});
export const departRoleTreeQuerySchema = z.object({ departId: z.string().min(1).max(64) });
export const departRolePermissionQuerySchema = z.object({ roleId: z.string().min(1).max(64) });
export const saveDeptRolePermissionSchema = z.object({
  roleId: z.string().min(1).max(64),
  permissionIds: z.string().max(100_000).default(''),
  lastpermissionIds: z.string().max(100_000).optional(),
});

export const departCrudSchemas = {
  id: sysIdQuerySchema,
  ids: sysIdsQuerySchema,
  add: departAddSchema,
  edit: departEditSchema,
};
export const departRoleCrudSchemas = {
  ...sysCrudQueries,
  add: departRoleAddSchema,
  edit: departRoleEditSchema,
};

export const departRouteSchemas = {
  ...crudBindings(departCrudSchemas),
  ...crudBindings(departRoleCrudSchemas, 'role'),
  searchBy: { query: departSearchQuerySchema },
  roleUserSave: { body: departRoleUserSchema },
  roleUserQuery: { query: departRoleUserQuerySchema },
  queryTreeListForDeptRole: { query: departRoleTreeQuerySchema },
  queryDeptRolePermission: { query: departRolePermissionQuerySchema },
  saveDeptRolePermission: { body: saveDeptRolePermissionSchema },
};
