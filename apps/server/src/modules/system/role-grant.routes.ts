import { type DataRuleRecord, roleRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime } from '../../http/list-query';
import { addRoute, withMessage } from '../../http/routes';
import { AppError } from '../../lib/errors';
import { permissionTree } from './permission-admin.service';
import type { SystemDeps } from './system.shared';

/** Granting permissions and data rules to roles. */
export function registerRoleGrantRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  addRoute(app, guard, routes.queryTreeList, async (ctx) =>
    permissionTree(db, await services.i18n.translator(ctx.lang)),
  );
  addRoute(app, guard, routes.queryRolePermission, async (ctx) => {
    return services.roles.permissionIds(ctx.query.roleId);
  });
  addRoute(app, guard, routes.saveRolePermission, async (ctx) => {
    const ids = splitIds(ctx.body.permissionIds);
    const active = await db.query<{ id: string }>(
      'select id from sys_permission where id = any($1::text[]) and del_flag = 0',
      [ids],
    );
    await services.roles.setPermissions(
      ctx.body.roleId,
      active.map((p) => p.id),
    );
    services.permissions.invalidate();
    return withMessage(null, 'system.save_ok');
  });

  // Data rules are granted per menu: the rules of that menu the role holds restrict its lists.
  addRoute(app, guard, routes.queryDataRule, async (ctx) => {
    await services.roles.codeOf(ctx.query.roleId);
    const datarule = await db.query<DataRuleRecord>(
      `select id, permission_id as "permissionId", rule_name as "ruleName", rule_column as "ruleColumn",
              rule_conditions as "ruleConditions", rule_value as "ruleValue", status,
              ${formatTime('create_time')} as "createTime"
         from sys_permission_data_rule where permission_id = $1 order by create_time, id`,
      [ctx.query.permissionId],
    );
    const drChecked = await services.roles.dataRuleIds(
      ctx.query.roleId,
      datarule.map((r) => r.id),
    );
    return { datarule, drChecked };
  });
  addRoute(app, guard, routes.saveDataRule, async (ctx) => {
    const { roleId, permissionId } = ctx.body;
    await services.roles.codeOf(roleId);
    const ids = splitIds(ctx.body.dataRuleIds);
    const ofMenu = await db.query<{ id: string }>(
      'select id from sys_permission_data_rule where permission_id = $1',
      [permissionId],
    );
    const menuRuleIds = ofMenu.map((r) => r.id);
    if (ids.some((id) => !menuRuleIds.includes(id))) throw new AppError(400, 'system.data_rule.not_of_menu');
    await services.roles.setDataRules(roleId, menuRuleIds, ids);
    return withMessage(null, 'system.save_ok');
  });
}
