import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { optionalText, sysIdQuerySchema } from '../../list-query.schemas';
import { DATA_RULE_CONDITIONS } from './permission.fields';

const bool = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.number()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const permissionFields = {
  parentId: optionalText(64),
  name: z
    .string({ error: 'form.menu_name.required' })
    .trim()
    .min(1, 'form.menu_name.required')
    .max(100, 'form.too_long'),
  url: optionalText(255),
  component: optionalText(255),
  componentName: optionalText(100),
  redirect: optionalText(255),
  menuType: z.coerce.number().int().min(0, 'form.menu_type.invalid').max(2, 'form.menu_type.invalid'),
  perms: optionalText(255),
  permsType: z.enum(['1', '2']).default('1'),
  sortNo: z.coerce.number({ error: 'form.sort.number' }).finite('form.sort.number').default(0),
  alwaysShow: bool.default(false),
  icon: optionalText(100),
  route: bool.default(true),
  keepAlive: bool.default(false),
  hidden: bool.default(false),
  internalOrExternal: bool.default(false),
  status: z.enum(['0', '1']).default('1'),
  description: optionalText(255),
};

export const permissionAddSchema = z.object(permissionFields);
export const permissionEditSchema = z.object({ id: z.string().min(1).max(64), ...permissionFields });

export const parentIdQuerySchema = z.object({ parentId: z.string().min(1).max(64) });
export const parentIdsQuerySchema = z.object({ parentIds: z.string().min(1).max(20_000) });

const dataRuleFields = {
  permissionId: z.string().min(1).max(64),
  ruleName: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(100, 'form.too_long'),
  ruleColumn: z
    .string({ error: 'form.rule_column.required' })
    .trim()
    .min(1, 'form.rule_column.required')
    .max(100, 'form.too_long'),
  ruleConditions: z.enum(DATA_RULE_CONDITIONS, { error: 'form.rule_conditions.invalid' }),
  ruleValue: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(300, 'form.too_long'),
  status: z.enum(['0', '1']).default('1'),
};
export const dataRuleAddSchema = z.object(dataRuleFields);
export const dataRuleEditSchema = z.object({ id: z.string().min(1).max(64), ...dataRuleFields });
export const dataRuleQuerySchema = z.object({
  permissionId: z.string().min(1).max(64),
  ruleName: z.string().max(100).optional(),
  ruleValue: z.string().max(300).optional(),
});

export const departPermissionQuerySchema = z.object({ departId: z.string().min(1).max(64) });
export const saveDepartPermissionSchema = z.object({
  departId: z.string().min(1).max(64),
  permissionIds: z.string().max(100_000).default(''),
  lastpermissionIds: z.string().max(100_000).optional(),
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
  getPermRuleListByPermId: { query: dataRuleQuerySchema },
  queryPermissionRule: { query: dataRuleQuerySchema },
  addPermissionRule: { body: dataRuleAddSchema },
  editPermissionRule: { body: dataRuleEditSchema },
  deletePermissionRule: { query: sysIdQuerySchema },
  queryDepartPermission: { query: departPermissionQuerySchema },
  saveDepartPermission: { body: saveDepartPermissionSchema },
};
