import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodOf, zodShape } from '../../field-spec.schemas';
import { optionalText, sysCrudQueries, sysIdQuerySchema, sysIdsQuerySchema } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { roleFields } from '../role/role.fields';
import { departFields } from './depart.fields';

const departShape = {
  parentId: optionalText(64),
  departName: zodOf(departFields.departName),
  orgType: z.enum(['1', '2', '3']).optional(),
  departOrder: zodOf(departFields.departOrder),
  description: zodOf(departFields.description),
  status: z.coerce.number().int().min(0).max(1).default(1),
};
export const departAddSchema = z.object(departShape);
export const departEditSchema = z.object({
  id: textInput().min(1).max(64),
  ...departShape,
  /** Absent keeps the department where it is; another parent moves it (and its subtree); '' or null makes it top-level. */
  parentId: textInput()
    .trim()
    .max(64, 'form.too_long')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
});
export const departSearchQuerySchema = z.object({ keyWord: textInput().max(100) });

/** A department's roles have the fields of a role. */
const departRoleShape = { departId: textInput().min(1).max(64), ...zodShape(roleFields) };
export const departRoleAddSchema = z.object(departRoleShape);
export const departRoleEditSchema = z.object({ id: textInput().min(1).max(64), ...departRoleShape });
export const departRoleUserSchema = z.object({
  userId: textInput().min(1).max(64),
  departId: textInput().min(1).max(64),
  /** Comma string of the department roles the user holds in that department. */
  roleIds: textInput().max(20_000).default(''),
});
export const departRoleUserQuerySchema = z.object({
  userId: textInput().min(1).max(64),
  departId: textInput().min(1).max(64),
});
export const departRoleTreeQuerySchema = z.object({ departId: textInput().min(1).max(64) });
export const departRolePermissionQuerySchema = z.object({ roleId: textInput().min(1).max(64) });
export const saveDeptRolePermissionSchema = z.object({
  roleId: textInput().min(1).max(64),
  permissionIds: textInput().max(100_000).default(''),
  lastpermissionIds: textInput().max(100_000).optional(),
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
