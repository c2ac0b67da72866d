import { departRoutes, permissionRoutes, roleRoutes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import type { PermissionGrantService } from './permission-grant.service';

/** The role page's authorisation: the permissions and data rules a role is granted. */
export function registerRoleGrantRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  grants: PermissionGrantService,
): void {
  addRoute(app, guard, roleRoutes.queryTreeList, (ctx) => grants.tree(ctx.lang));
  addRoute(app, guard, roleRoutes.queryRolePermission, (ctx) => grants.rolePermissionIds(ctx.query.roleId));
  addRoute(app, guard, roleRoutes.saveRolePermission, async (ctx) => {
    await grants.setRolePermissions(ctx.body.roleId, splitIds(ctx.body.permissionIds));
    return withMessage(null, 'system.save_ok');
  });
  addRoute(app, guard, roleRoutes.queryDataRule, (ctx) =>
    grants.roleDataRules(ctx.query.roleId, ctx.query.permissionId),
  );
  addRoute(app, guard, roleRoutes.saveDataRule, async (ctx) => {
    const { roleId, permissionId } = ctx.body;
    await grants.setRoleDataRules(roleId, permissionId, splitIds(ctx.body.dataRuleIds));
    return withMessage(null, 'system.save_ok');
  });
}

/** The department page's authorisation: what a department may hand on to its roles. */
export function registerDepartGrantRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  grants: PermissionGrantService,
): void {
  addRoute(app, guard, permissionRoutes.queryDepartPermission, (ctx) =>
    grants.departPermissionIds(ctx.caller!, ctx.query.departId),
  );
  addRoute(app, guard, permissionRoutes.saveDepartPermission, async (ctx) => {
    await grants.setDepartPermissions(ctx.caller!, ctx.body.departId, splitIds(ctx.body.permissionIds));
    return withMessage(null, 'system.save_ok');
  });
  addRoute(app, guard, departRoutes.queryTreeListForDeptRole, (ctx) =>
    grants.departRoleTree(ctx.caller!, ctx.query.departId, ctx.lang),
  );
}
