import { projectRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { replyXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import { PROJECT_RESOURCE } from './project.repository';
import type { ProjectService } from './project.service';

export function registerProjectRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  projects: ProjectService,
): void {
  addRoute(app, guard, routes.list, (ctx) => projects.list(ctx.caller!, ctx.query));
  addRoute(app, guard, routes.queryById, (ctx) => projects.get(ctx.query.id));
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await projects.exportRows(ctx.caller!, ctx.query);
    await replyXlsx(ctx.reply, ctx.lang, PROJECT_RESOURCE, rows, {
      'zh-CN': '项目列表',
      'en-US': 'projects',
    });
    return null;
  });
  addRoute(app, guard, routes.add, async (ctx) =>
    withMessage({ id: await projects.add(ctx.caller!, ctx.body) }, 'system.add_ok'),
  );
  addRoute(app, guard, routes.edit, async (ctx) => {
    await projects.edit(ctx.caller!, ctx.body.id, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await projects.remove(ctx.caller!, [ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await projects.remove(ctx.caller!, splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
}
