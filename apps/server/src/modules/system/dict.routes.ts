import { type DictItemRecord, type DictRecord, dictRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type ListResource, listAll, listPage, sendXlsx, toXlsx } from '../../http/list-query';
import { addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { translate } from '../../lib/messages';
import type { SystemDeps } from './system.shared';

export const DICT_RESOURCE: ListResource = {
  from: 'sys_dict d',
  ruleMenu: '/system/dict',
  baseWhere: ['d.del_flag = 0'],
  defaultSort: { field: 'createTime', order: 'desc' },
  tiebreak: 'd.id',
  columns: {
    id: { column: 'd.id' },
    dictName: { column: 'd.dict_name', filter: 'text', sortable: true, title: ['字典名称', 'Name'] },
    dictCode: { column: 'd.dict_code', filter: 'text', sortable: true, title: ['字典编码', 'Code'] },
    description: { column: 'd.description', filter: 'text', title: ['描述', 'Description'] },
    createTime: {
      column: 'd.create_time',
      select: formatTime('d.create_time'),
      filter: 'date',
      sortable: true,
    },
  },
};

export const DICT_ITEM_RESOURCE: ListResource = {
  from: 'sys_dict_item i',
  defaultSort: { field: 'sortOrder', order: 'asc' },
  tiebreak: 'i.item_value',
  columns: {
    id: { column: 'i.id' },
    dictId: { column: 'i.dict_id', filter: 'text' },
    itemText: { column: 'i.item_text', filter: 'text', sortable: true },
    itemValue: { column: 'i.item_value', filter: 'text', sortable: true },
    description: { column: 'i.description', filter: 'text' },
    sortOrder: { column: 'i.sort_order', filter: 'number', sortable: true },
    status: { column: 'i.status', filter: 'number', sortable: true, dict: 'valid_status' },
    createTime: {
      column: 'i.create_time',
      select: formatTime('i.create_time'),
      filter: 'date',
      sortable: true,
    },
  },
};

/**
 * Tables whose rows may serve as a dictionary (`table,text,code`), with the columns allowed and
 * the mark that reading them needs: the same as the table's own list, so that a dictionary is
 * no way around the list's permission.
 */
const DICT_TABLES: Record<string, { columns: string[]; where: string; mark: string }> = {
  sys_user: {
    columns: ['id', 'username', 'realname', 'work_no'],
    where: 'del_flag = 0',
    mark: 'system:user:list',
  },
  sys_depart: {
    columns: ['id', 'depart_name', 'org_code'],
    where: 'del_flag = 0',
    mark: 'system:depart:list',
  },
  sys_role: { columns: ['id', 'role_name', 'role_code'], where: 'true', mark: 'system:role:list' },
  sys_project: { columns: ['id', 'name', 'code'], where: 'del_flag = 0', mark: 'system:project:list' },
};

export function registerDictRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  services.dataRules.register(DICT_RESOURCE);
  const changed = () => {
    services.dicts.invalidate();
  };
  const DICT_UNIQUE: UniqueMessages = [['dict_code', 'system.dict.code_taken']];
  const ITEM_UNIQUE: UniqueMessages = [['item_value', 'system.dict_item.value_taken']];

  addRoute(app, guard, routes.list, async (ctx) =>
    listPage<DictRecord>(db, DICT_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, DICT_RESOURCE),
    }),
  );
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await listAll(db, DICT_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, DICT_RESOURCE),
    });
    const file = await toXlsx(DICT_RESOURCE, rows, ctx.lang, translate(ctx.lang, 'system.export.sheet'));
    await sendXlsx(ctx.reply, ctx.lang === 'en-US' ? 'dictionaries' : '数据字典', file);
    return null;
  });
  addRoute(app, guard, routes.add, async (ctx) => {
    const b = ctx.body;
    // A deleted dictionary's code may be reused: the old row goes for good.
    await db.query('delete from sys_dict where dict_code = $1 and del_flag = 1', [b.dictCode]);
    const [row] = await mapUnique(
      () =>
        db.query<{ id: string }>(
          'insert into sys_dict (dict_name, dict_code, description) values ($1, $2, $3) returning id',
          [b.dictName, b.dictCode, b.description],
        ),
      DICT_UNIQUE,
    );
    changed();
    return withMessage({ id: row!.id }, 'system.add_ok');
  });
  addRoute(app, guard, routes.edit, async (ctx) => {
    const b = ctx.body;
    const rows = await mapUnique(
      () =>
        db.query(
          `update sys_dict set dict_name = $2, dict_code = $3, description = $4, update_time = now()
            where id = $1 and del_flag = 0 returning id`,
          [b.id, b.dictName, b.dictCode, b.description],
        ),
      DICT_UNIQUE,
    );
    if (rows.length === 0) throw notFound();
    changed();
    return withMessage(null, 'system.edit_ok');
  });
  const removeDicts = async (ids: string[]) => {
    await db.query('delete from sys_dict where id = any($1::text[])', [ids]);
    changed();
  };
  addRoute(app, guard, routes.delete, async (ctx) => {
    await removeDicts([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await removeDicts(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });

  addRoute(app, guard, routes.getDictItems, async (ctx) => {
    const code = ctx.params.code;
    if (!code.includes(',')) return (await services.dicts.catalogue(ctx.lang))[code] ?? [];
    const [table, text, value] = code.split(',').map((s) => s.trim());
    const spec = table && Object.hasOwn(DICT_TABLES, table) ? DICT_TABLES[table] : undefined;
    if (!spec || !text || !value || !spec.columns.includes(text) || !spec.columns.includes(value))
      throw new AppError(400, 'system.dict.table_not_allowed', { table: (table ?? '').slice(0, 64) });
    await requireAnyMark(guard, ctx.caller!, [spec.mark]);
    const rows = await db.query<{ value: string; text: string }>(
      `select ${value}::text as value, ${text}::text as text from ${table} where ${spec.where} order by 2 limit 1000`,
    );
    return rows.map((r) => ({ value: r.value, text: r.text, title: r.text }));
  });
  addRoute(app, guard, routes.refleshCache, () => {
    services.dicts.invalidate();
    services.i18n.invalidate();
    services.permissions.invalidate();
    services.projectScope.invalidate();
    return withMessage(null, 'system.cache_refreshed');
  });

  addRoute(app, guard, routes.itemList, (ctx) =>
    listPage<DictItemRecord>(db, DICT_ITEM_RESOURCE, ctx.query, { extraWhere: () => [] }),
  );
  addRoute(app, guard, routes.itemAdd, async (ctx) => {
    const b = ctx.body;
    const [dict] = await db.query('select 1 from sys_dict where id = $1 and del_flag = 0', [b.dictId]);
    if (!dict) throw notFound();
    const [row] = await mapUnique(
      () =>
        db.query<{ id: string }>(
          `insert into sys_dict_item (dict_id, item_text, item_value, description, sort_order, status)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [b.dictId, b.itemText, b.itemValue, b.description, b.sortOrder, b.status],
        ),
      ITEM_UNIQUE,
    );
    changed();
    return withMessage({ id: row!.id }, 'system.add_ok');
  });
  addRoute(app, guard, routes.itemEdit, async (ctx) => {
    const b = ctx.body;
    const rows = await mapUnique(
      () =>
        db.query(
          `update sys_dict_item set item_text = $2, item_value = $3, description = $4, sort_order = $5, status = $6,
                  update_time = now() where id = $1 returning id`,
          [b.id, b.itemText, b.itemValue, b.description, b.sortOrder, b.status],
        ),
      ITEM_UNIQUE,
    );
    if (rows.length === 0) throw notFound();
    changed();
    return withMessage(null, 'system.edit_ok');
  });
  const removeItems = async (ids: string[]) => {
    await db.query('delete from sys_dict_item where id = any($1::text[])', [ids]);
    changed();
  };
  addRoute(app, guard, routes.itemDelete, async (ctx) => {
    await removeItems([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.itemDeleteBatch, async (ctx) => {
    await removeItems(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
}
