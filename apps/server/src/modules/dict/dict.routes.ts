import { dictRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import { type AccessGuard, addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { DICT_RESOURCE } from './dict.repository';
import type { DictService } from './dict.service';

/** Dictionaries and their items, the options they serve to forms, and the refresh of server caches. */
export function registerDictRoutes(app: FastifyInstance, guard: AccessGuard, dicts: DictService): void {
  addCrudRoutes(app, guard, routes, {
    list: (ctx) => dicts.list(ctx.caller!, ctx.query, ctx.lang),
    add: (ctx) => dicts.add(ctx.body),
    edit: (ctx) => dicts.edit(ctx.body.id, ctx.body),
    remove: (_, ids) => dicts.remove(ids),
    exportXls: {
      resource: DICT_RESOURCE,
      fileName: { 'zh-CN': '数据字典', 'en-US': 'dictionaries' },
      rows: (ctx) => dicts.exportRows(ctx.caller!, ctx.query, ctx.lang),
    },
  });

  addRoute(app, guard, routes.getDictItems, async (ctx) => {
    const code = ctx.params.code;
    if (!code.includes(',')) return (await dicts.catalogue(ctx.lang))[code] ?? [];
    const request = dicts.tableRequest(code);
    await requireAnyMark(guard, ctx.caller!, [request.mark]);
    return dicts.tableOptions(request);
  });
  addRoute(app, guard, routes.refleshCache, async () => {
    await dicts.refreshAll();
    return withMessage(null, 'system.cache_refreshed');
  });

  addRoute(app, guard, routes.itemList, (ctx) => dicts.itemList(ctx.query, ctx.lang));
  addRoute(app, guard, routes.itemAdd, async (ctx) =>
    withMessage({ id: await dicts.addItem(ctx.body) }, 'system.add_ok'),
  );
  addRoute(app, guard, routes.itemEdit, async (ctx) => {
    await dicts.editItem(ctx.body.id, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.itemDelete, async (ctx) => {
    await dicts.removeItems([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.itemDeleteBatch, async (ctx) => {
    await dicts.removeItems(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
}
