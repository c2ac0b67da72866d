import { permissionRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import type { I18nService } from '../i18n';
import type { DataRuleService } from './data-rule.service';
import type { MenuService } from './menu.service';

/** The menu page: menus, pages and buttons with their marks, and the data rules of each menu. */
export function registerPermissionRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  services: { menus: MenuService; dataRules: DataRuleService; i18n: I18nService },
): void {
  const { menus, dataRules, i18n } = services;

  addRoute(app, guard, routes.list, async (ctx) => menus.tree(await i18n.translator(ctx.lang)));
  addRoute(app, guard, routes.add, async (ctx) => withMessage(await menus.add(ctx.body), 'system.add_ok'));
  addRoute(app, guard, routes.edit, async (ctx) => {
    await menus.edit(ctx.body.id, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await menus.delete(ctx.query.id);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.getSystemMenuList, async (ctx) =>
    (await menus.all(await i18n.translator(ctx.lang))).filter((r) => r.menuType === 0 || !r.parentId),
  );
  addRoute(app, guard, routes.getSystemSubmenu, async (ctx) =>
    (await menus.all(await i18n.translator(ctx.lang))).filter((r) => r.parentId === ctx.query.parentId),
  );
  addRoute(app, guard, routes.getSystemSubmenuBatch, async (ctx) => {
    const parents = new Set(splitIds(ctx.query.parentIds));
    const out: Record<string, Awaited<ReturnType<typeof menus.all>>> = {};
    for (const id of parents) out[id] = [];
    for (const row of await menus.all(await i18n.translator(ctx.lang)))
      if (row.parentId && parents.has(row.parentId)) out[row.parentId]!.push(row);
    return out;
  });
  addRoute(app, guard, routes.queryTreeList, async (ctx) => menus.grantTree(await i18n.translator(ctx.lang)));
  addRoute(app, guard, routes.queryListAsync, async (ctx) =>
    menus.treeLevel(await i18n.translator(ctx.lang), ctx.query.pid || null),
  );

  addRoute(app, guard, routes.getPermRuleListByPermId, (ctx) =>
    dataRules.rules({ permissionId: ctx.query.permissionId }),
  );
  const rules = {
    list: routes.queryPermissionRule,
    add: routes.addPermissionRule,
    edit: routes.editPermissionRule,
    delete: routes.deletePermissionRule,
  };
  addCrudRoutes(app, guard, rules, {
    list: (ctx) => dataRules.rules(ctx.query),
    add: (ctx) => dataRules.add(ctx.body),
    edit: (ctx) => dataRules.edit(ctx.body.id, ctx.body),
    // Rules are deleted one at a time (there is no batch route).
    remove: (_, [id]) => dataRules.remove(id!),
  });
}
