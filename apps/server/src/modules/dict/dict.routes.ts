import { type DictOption, marks, dictRoutes as routes } from '@ics/contract/server';
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
    if (!code.includes(',')) {
      const catalogue = await dicts.catalogue(ctx.lang);
      return Object.hasOwn(catalogue, code) ? catalogue[code]! : [];
    }
    const request = dicts.tableRequest(code);
    await requireAnyMark(guard, ctx.caller!, [request.mark]);
    return dicts.tableOptions(request);
  });
  addRoute(app, guard, routes.refleshCache, async () => {
    await dicts.refreshAll();
    return withMessage(null, 'system.cache_refreshed');
  });

  // What JeecgBoot 2.x consoles call besides (docs/jeecg-console.md).
  addRoute(app, guard, routes.dictItemCheck, async (ctx) => {
    await requireAnyMark(guard, ctx.caller!, [marks.system.dict.add, marks.system.dict.edit]);
    const { dictId, itemValue, id } = ctx.query;
    if (itemValue !== '') await dicts.assertItemValueFree(dictId, itemValue, id ?? '');
    return withMessage(null, 'system.dict_item.value_free');
  });
  addRoute(app, guard, routes.queryAllDictItems, (ctx) => dicts.catalogue(ctx.lang));
  addRoute(app, guard, routes.loadDict, async (ctx) => {
    const code = ctx.params.code;
    let options: DictOption[];
    if (!code.includes(',')) {
      // The code is the client's: an own-property lookup (`constructor` is no dictionary).
      const catalogue = await dicts.catalogue(ctx.lang);
      options = Object.hasOwn(catalogue, code) ? (catalogue[code] ?? []) : [];
    } else {
      const request = dicts.tableRequest(code);
      await requireAnyMark(guard, ctx.caller!, [request.mark]);
      options = await dicts.tableOptions(request);
    }
    return dicts.filterOptions(options, ctx.query.keyword, ctx.query.pageSize);
  });
  addRoute(app, guard, routes.loadTreeData, async (ctx) => {
    const { tableName, text, code, pidField, pid } = ctx.query;
    const request = dicts.treeRequest(tableName, text, code, pidField);
    await requireAnyMark(guard, ctx.caller!, [request.mark]);
    return dicts.treeLevel(request, pid);
  });
  // Deleted dictionaries are not kept for restoring: the recycle bin is honestly empty.
  addRoute(app, guard, routes.deleteList, () => []);

  const items = {
    list: routes.itemList,
    add: routes.itemAdd,
    edit: routes.itemEdit,
    delete: routes.itemDelete,
    deleteBatch: routes.itemDeleteBatch,
  };
  addCrudRoutes(app, guard, items, {
    list: (ctx) => dicts.itemList(ctx.query, ctx.lang),
    add: (ctx) => dicts.addItem(ctx.body),
    edit: (ctx) => dicts.editItem(ctx.body.id, ctx.body),
    remove: (_, ids) => dicts.removeItems(ids),
  });
}
