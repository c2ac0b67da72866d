import { type I18nRecord, i18nRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type ListResource, listAll, listPage, sendXlsx, toXlsx } from '../../http/list-query';
import { addRoute, withMessage } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { notFound } from '../../lib/errors';
import { translate } from '../../lib/messages';
import type { SystemDeps } from './system.shared';

export const I18N_RESOURCE: ListResource = {
  from: 'sys_i18n t',
  ruleMenu: '/system/i18n',
  defaultSort: { field: 'key', order: 'asc' },
  columns: {
    id: { column: 't.key' },
    key: { column: 't.key', filter: 'text', sortable: true, title: ['翻译键', 'Key'] },
    zhCn: { column: 't.zh_cn', filter: 'text', sortable: true, title: ['中文', 'Chinese'] },
    enUs: { column: 't.en_us', filter: 'text', sortable: true, title: ['英文', 'English'] },
    updateTime: {
      column: 't.update_time',
      select: formatTime('t.update_time'),
      filter: 'date',
      sortable: true,
    },
  },
};

export function registerI18nRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  services.dataRules.register(I18N_RESOURCE);
  const UNIQUE: UniqueMessages = [['key', 'system.i18n.key_taken']];
  // Menu titles and dictionary texts come from here: consoles see a change at their next load.
  const changed = () => {
    services.i18n.invalidate();
    services.dicts.invalidate();
  };

  addRoute(app, guard, routes.list, async (ctx) =>
    listPage<I18nRecord>(db, I18N_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, I18N_RESOURCE),
    }),
  );
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await listAll(db, I18N_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, I18N_RESOURCE),
    });
    const file = await toXlsx(I18N_RESOURCE, rows, ctx.lang, translate(ctx.lang, 'system.export.sheet'));
    await sendXlsx(ctx.reply, ctx.lang === 'en-US' ? 'translations' : '国际化', file);
    return null;
  });
  addRoute(app, guard, routes.add, async (ctx) => {
    const b = ctx.body;
    await mapUnique(
      () => db.query('insert into sys_i18n (key, zh_cn, en_us) values ($1, $2, $3)', [b.key, b.zhCn, b.enUs]),
      UNIQUE,
    );
    changed();
    return withMessage({ id: b.key }, 'system.add_ok');
  });
  addRoute(app, guard, routes.edit, async (ctx) => {
    const b = ctx.body;
    const rows = await mapUnique(
      () =>
        db.query(
          'update sys_i18n set key = $2, zh_cn = $3, en_us = $4, update_time = now() where key = $1 returning key',
          [b.id, b.key, b.zhCn, b.enUs],
        ),
      UNIQUE,
    );
    if (rows.length === 0) throw notFound();
    changed();
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await db.query('delete from sys_i18n where key = $1', [ctx.query.id]);
    changed();
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await db.query('delete from sys_i18n where key = any($1::text[])', [splitIds(ctx.query.ids)]);
    changed();
    return withMessage(null, 'system.batch_delete_ok');
  });
}
