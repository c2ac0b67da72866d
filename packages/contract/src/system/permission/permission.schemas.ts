import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodOf, zodShape } from '../../field-spec.schemas';
import { optionalText, sysIdQuerySchema } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { dataRuleFields, permissionFields } from './permission.fields';

const bool = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.number()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const permissionShape = {
  parentId: zodOf(permissionFields.parentId),
  name: zodOf(permissionFields.name),
  url: zodOf(permissionFields.url),
  component: zodOf(permissionFields.component),
  componentName: zodOf(permissionFields.componentName),
  redirect: zodOf(permissionFields.redirect),
  menuType: zodOf(permissionFields.menuType),
  perms: zodOf(permissionFields.perms),
  permsType: z.enum(['1', '2']).default('1'),
  sortNo: zodOf(permissionFields.sortNo),
  alwaysShow: bool.default(false),
  icon: optionalText(100),
  route: bool.default(true),
  keepAlive: bool.default(false),
  hidden: bool.default(false),
  internalOrExternal: bool.default(false),
  status: z.enum(['0', '1']).default('1'),
  description: zodOf(permissionFields.description),
};

export const permissionAddSchema = z.object(permissionShape);
export const permissionEditSchema = z.object({ id: textInput().min(1).max(64), ...permissionShape });

export const parentIdQuerySchema = z.object({ parentId: textInput().min(1).max(64) });
/** `pid=` of one level of the tree (none: the top level). */
export const pidQuerySchema = z.object({ pid: textInput().max(64).optional() });
export const parentIdsQuerySchema = z.object({ parentIds: textInput().min(1).max(20_000) });

const dataRuleShape = {
  permissionId: textInput().min(1).max(64),
  ...zodShape(dataRuleFields),
  status: z.enum(['0', '1']).default('1'),
};
export const dataRuleAddSchema = z.object(dataRuleShape);
export const dataRuleEditSchema = z.object({ id: textInput().min(1).max(64), ...dataRuleShape });
export const dataRuleQuerySchema = z.object({
  permissionId: textInput().min(1).max(64),
  ruleName: textInput().max(100).optional(),
  ruleValue: textInput().max(300).optional(),
});

export const departPermissionQuerySchema = z.object({ departId: textInput().min(1).max(64) });
export const saveDepartPermissionSchema = z.object({
  departId: textInput().min(1).max(64),
  permissionIds: textInput().max(100_000).default(''),
  lastpermissionIds: textInput().max(100_000).optional(),
});

export const permissionCrudSchemas = {
  id: sysIdQuerySchema,
  add: permissionAddSchema,
  edit: permissionEditSchema,
};

export const permissionRouteSchemas = {
  ...crudBindings(permissionCrudSchemas),
  getSystemSubmenu: { query: parentIdQuerySchema },
  getSystemSubmenuBatch: { query: parentIdsQuerySchema },
  queryListAsync: { query: pidQuerySchema },
  getPermRuleListByPermId: { query: dataRuleQuerySchema },
  queryPermissionRule: { query: dataRuleQuerySchema },
  addPermissionRule: { body: dataRuleAddSchema },
  editPermissionRule: { body: dataRuleEditSchema },
  deletePermissionRule: { query: sysIdQuerySchema },
  queryDepartPermission: { query: departPermissionQuerySchema },
  saveDepartPermission: { body: saveDepartPermissionSchema },
};
