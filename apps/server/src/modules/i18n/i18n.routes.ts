import { i18nRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import type { AccessGuard } from '../../http/routes';
import { I18N_RESOURCE } from './i18n.repository';
import type { I18nService } from './i18n.service';

/** The translation page. Menu titles and dictionary texts come from here: consoles see a change at their next load. */
export function registerI18nRoutes(app: FastifyInstance, guard: AccessGuard, i18n: I18nService): void {
  addCrudRoutes(app, guard, routes, {
    list: (ctx) => i18n.list(ctx.caller!, ctx.query),
    // A translation's id is its key.
    add: async (ctx) => {
      await i18n.add(ctx.body);
      return ctx.body.key;
    },
    edit: (ctx) => i18n.edit(ctx.body.id, ctx.body),
    remove: (_, ids) => i18n.remove(ids),
    exportXls: {
      resource: I18N_RESOURCE,
      fileName: { 'zh-CN': '国际化', 'en-US': 'translations' },
      rows: (ctx) => i18n.exportRows(ctx.caller!, ctx.query),
    },
  });
}
