import { projectRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import { type AccessGuard, addRoute } from '../../http/routes';
import type { DepartService } from '../depart';
import { PROJECT_RESOURCE } from './project.repository';
import type { ProjectService } from './project.service';

export function registerProjectRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  projects: ProjectService,
  departs: DepartService,
): void {
  addRoute(app, guard, routes.departTree, (ctx) => departs.wholeTree(ctx.lang));
  addCrudRoutes(app, guard, routes, {
    list: (ctx) => projects.list(ctx.caller!, ctx.query, ctx.lang),
    queryById: (ctx) => projects.get(ctx.caller!, ctx.query.id, ctx.lang),
    add: (ctx) => projects.add(ctx.caller!, ctx.body),
    edit: (ctx) => projects.edit(ctx.caller!, ctx.body.id, ctx.body),
    remove: (ctx, ids) => projects.remove(ctx.caller!, ids),
    exportXls: {
      resource: PROJECT_RESOURCE,
      fileName: { 'zh-CN': '项目列表', 'en-US': 'projects' },
      rows: (ctx) => projects.exportRows(ctx.caller!, ctx.query, ctx.lang),
    },
  });
}
