import { i18nRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { replyXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import { I18N_RESOURCE } from './i18n.repository';
import type { I18nService } from './i18n.service';

/** The translation page. Menu titles and dictionary texts come from here: consoles see a change at their next load. */
export function registerI18nRoutes(app: FastifyInstance, guard: AccessGuard, i18n: I18nService): void {
  addRoute(app, guard, routes.list, (ctx) => i18n.list(ctx.caller!, ctx.query));
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await i18n.exportRows(ctx.caller!, ctx.query);
    await replyXlsx(ctx.reply, ctx.lang, I18N_RESOURCE, rows, { 'zh-CN': '国际化', 'en-US': 'translations' });
    return null;
  });
  addRoute(app, guard, routes.add, async (ctx) => {
    await i18n.add(ctx.body);
    return withMessage({ id: ctx.body.key }, 'system.add_ok');
  });
  addRoute(app, guard, routes.edit, async (ctx) => {
    await i18n.edit(ctx.body.id, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await i18n.remove([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await i18n.remove(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
}
