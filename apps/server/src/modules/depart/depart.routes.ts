import { departRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import type { DepartService } from './depart.service';
import type { DepartRoleService } from './depart-role.service';

/**
 * Departments and their roles. Which permissions a department may hand on, and the permission
 * tree its roles are granted from, are the permission module's.
 */
export function registerDepartRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  departs: DepartService,
  roles: DepartRoleService,
): void {
  addRoute(app, guard, routes.queryTreeList, (ctx) => departs.tree(ctx.caller!, ctx.lang));
  addRoute(app, guard, routes.queryIdTree, (ctx) => departs.idTree(ctx.caller!, ctx.lang));
  addRoute(app, guard, routes.searchBy, (ctx) => departs.search(ctx.caller!, ctx.lang, ctx.query.keyWord));
  addRoute(app, guard, routes.queryMyDeptTreeList, (ctx) => departs.tree(ctx.caller!, ctx.lang));
  addRoute(app, guard, routes.add, async (ctx) =>
    withMessage(await departs.add(ctx.caller!, ctx.body), 'system.add_ok'),
  );
  addRoute(app, guard, routes.edit, async (ctx) => {
    await departs.edit(ctx.caller!, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await departs.remove(ctx.caller!, [ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await departs.remove(ctx.caller!, splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });

  const departRoles = {
    list: routes.roleList,
    add: routes.roleAdd,
    edit: routes.roleEdit,
    delete: routes.roleDelete,
    deleteBatch: routes.roleDeleteBatch,
  };
  addCrudRoutes(app, guard, departRoles, {
    list: (ctx) => roles.list(ctx.caller!, ctx.query),
    add: (ctx) => roles.add(ctx.caller!, ctx.body),
    edit: (ctx) => roles.edit(ctx.caller!, ctx.body.id, ctx.body),
    remove: (ctx, ids) => roles.remove(ctx.caller!, ids),
  });
  addRoute(app, guard, routes.roleUserQuery, (ctx) =>
    roles.roleIdsOfUser(ctx.caller!, ctx.query.userId, ctx.query.departId),
  );
  addRoute(app, guard, routes.roleUserSave, async (ctx) => {
    const { userId, departId } = ctx.body;
    await roles.setUserRoles(ctx.caller!, userId, departId, splitIds(ctx.body.roleIds));
    return withMessage(null, 'system.save_ok');
  });
  addRoute(app, guard, routes.queryDeptRolePermission, (ctx) =>
    roles.permissionIds(ctx.caller!, ctx.query.roleId),
  );
  addRoute(app, guard, routes.saveDeptRolePermission, async (ctx) => {
    await roles.setPermissions(ctx.caller!, ctx.body.roleId, splitIds(ctx.body.permissionIds));
    return withMessage(null, 'system.save_ok');
  });
}
