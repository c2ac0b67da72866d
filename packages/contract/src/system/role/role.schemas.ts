import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { optionalText, sysCrudQueries } from '../../list-query.schemas';

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

export const rolePermissionQuerySchema = z.object({ roleId: z.string().min(1).max(64) });

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

export const checkRoleCodeSchema = z.object({
  id: z.string().max(64).optional(),
  roleCode: z.string().max(64),
});

export const roleCrudSchemas = { ...sysCrudQueries, add: roleAddSchema, edit: roleEditSchema };

export const roleRouteSchemas = {
  ...crudBindings(roleCrudSchemas),
  checkRoleCode: { query: checkRoleCodeSchema },
  queryRolePermission: { query: rolePermissionQuerySchema },
  saveRolePermission: { body: saveRolePermissionSchema },
  queryDataRule: { query: roleDataRuleQuerySchema },
  saveDataRule: { body: saveRoleDataRuleSchema },
};
