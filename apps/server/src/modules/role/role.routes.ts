import { roleRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { replyXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import { ROLE_RESOURCE } from './role.repository';
import type { RoleService } from './role.service';

/** The role page; granting permissions and data rules to roles is the permission module's. */
export function registerRoleRoutes(app: FastifyInstance, guard: AccessGuard, roles: RoleService): void {
  addRoute(app, guard, routes.list, (ctx) => roles.list(ctx.caller!, ctx.query));
  addRoute(app, guard, routes.queryById, (ctx) => roles.get(ctx.query.id));
  addRoute(app, guard, routes.queryall, () => roles.all());
  addRoute(app, guard, routes.add, async (ctx) =>
    withMessage({ id: await roles.add(ctx.caller!, ctx.body) }, 'system.add_ok'),
  );
  addRoute(app, guard, routes.edit, async (ctx) => {
    await roles.edit(ctx.caller!, ctx.body.id, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await roles.remove([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await roles.remove(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
  addRoute(app, guard, routes.checkRoleCode, async (ctx) => {
    await roles.assertCodeFree(ctx.query.roleCode, ctx.query.id ?? '');
    return withMessage(true, 'system.duplicate.available');
  });
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await roles.exportRows(ctx.caller!, ctx.query);
    await replyXlsx(ctx.reply, ctx.lang, ROLE_RESOURCE, rows, { 'zh-CN': '角色列表', 'en-US': 'roles' });
    return null;
  });
}
