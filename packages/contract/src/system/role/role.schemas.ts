import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodShape } from '../../field-spec.schemas';
import { sysCrudQueries } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { roleFields } from './role.fields';

const roleShape = zodShape(roleFields);

export const roleAddSchema = z.object(roleShape);
export const roleEditSchema = z.object({ id: textInput().min(1).max(64), ...roleShape });

export const saveRolePermissionSchema = z.object({
  roleId: textInput().min(1).max(64),
  /** Comma string of permission ids. */
  permissionIds: textInput().max(100_000).default(''),
  lastpermissionIds: textInput().max(100_000).optional(),
});

export const rolePermissionQuerySchema = z.object({ roleId: textInput().min(1).max(64) });

export const roleDataRuleQuerySchema = z.object({
  roleId: textInput().min(1).max(64),
  permissionId: textInput().min(1).max(64),
});
/** The data rules of one menu a role is granted (upstream `/sys/role/datarule`). */
export const saveRoleDataRuleSchema = z.object({
  roleId: textInput().min(1).max(64),
  permissionId: textInput().min(1).max(64),
  /** Comma string of rule ids (each a rule of that menu). */
  dataRuleIds: textInput().max(20_000).default(''),
});

export const checkRoleCodeSchema = z.object({
  id: textInput().max(64).optional(),
  roleCode: textInput().max(64),
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
