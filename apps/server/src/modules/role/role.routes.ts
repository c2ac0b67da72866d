import { roleRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import { ROLE_RESOURCE } from './role.repository';
import type { RoleService } from './role.service';

/** The role page; granting permissions and data rules to roles is the permission module's. */
export function registerRoleRoutes(app: FastifyInstance, guard: AccessGuard, roles: RoleService): void {
  addCrudRoutes(app, guard, routes, {
    list: (ctx) => roles.list(ctx.caller!, ctx.query, ctx.lang),
    queryById: (ctx) => roles.get(ctx.query.id),
    add: (ctx) => roles.add(ctx.caller!, ctx.body),
    edit: (ctx) => roles.edit(ctx.caller!, ctx.body.id, ctx.body),
    remove: (_, ids) => roles.remove(ids),
    exportXls: {
      resource: ROLE_RESOURCE,
      fileName: { 'zh-CN': '角色列表', 'en-US': 'roles' },
      rows: (ctx) => roles.exportRows(ctx.caller!, ctx.query, ctx.lang),
    },
  });
  addRoute(app, guard, routes.queryall, (ctx) => roles.all(ctx.lang));
  addRoute(app, guard, routes.checkRoleCode, async (ctx) => {
    await roles.assertCodeFree(ctx.query.roleCode, ctx.query.id ?? '');
    return withMessage(true, 'system.duplicate.available');
  });
}
