import { logRoutes as routes } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx, toXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute } from '../../http/routes';
import { translate } from '../../lib/messages';
import { LOG_RESOURCE } from './log.repository';
import type { LogService } from './log.service';

export function registerLogRoutes(app: FastifyInstance, guard: AccessGuard, logs: LogService): void {
  addRoute(app, guard, routes.list, (ctx) => logs.list(ctx.caller!, ctx.query, ctx.lang));
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await logs.exportRows(ctx.caller!, ctx.query, ctx.lang);
    const file = await toXlsx(LOG_RESOURCE, rows, ctx.lang, translate(ctx.lang, 'system.export.sheet'));
    await sendXlsx(ctx.reply, ctx.lang === 'en-US' ? 'logs' : '日志', file);
    return null;
  });
}
