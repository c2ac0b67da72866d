import { logRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { replyXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute } from '../../http/routes';
import { LOG_RESOURCE } from './log.repository';
import type { LogService } from './log.service';

export function registerLogRoutes(app: FastifyInstance, guard: AccessGuard, logs: LogService): void {
  addRoute(app, guard, routes.list, (ctx) => logs.list(ctx.caller!, ctx.query, ctx.lang));
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await logs.exportRows(ctx.caller!, ctx.query, ctx.lang);
    await replyXlsx(ctx.reply, ctx.lang, LOG_RESOURCE, rows, { 'zh-CN': '日志', 'en-US': 'logs' });
    return null;
  });
}
