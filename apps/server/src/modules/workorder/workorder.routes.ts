import { marks, workOrderRoutes as routes, WORK_ORDER_PHOTOS_MAX } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { allowLargeJson } from '../../http/large-json';
import { type AccessGuard, addRoute, type Caller, withMessage } from '../../http/routes';
import { PHOTO_MAX_BYTES, type WorkOrderService } from './workorder.service';

/** A note's body: its photos as base64 data URLs (4/3 of their bytes) and the text. */
const NOTE_BODY_LIMIT = Math.ceil((WORK_ORDER_PHOTOS_MAX * PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function registerWorkOrderRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  workOrders: WorkOrderService,
): Promise<void> {
  const actor = async (caller: Caller) => ({
    caller,
    dispatcher: await guard.hasMark(caller, marks.alarm.workorder.assign),
  });

  addRoute(app, guard, routes.list, (ctx) => {
    const { pageNo, pageSize, column, order, mine, overdue, ...filter } = ctx.query;
    return workOrders.list(
      ctx.caller!,
      { ...filter, mine: mine === '1', overdue: overdue === '1' },
      { pageNo, pageSize, column, order },
      ctx.lang,
    );
  });

  addRoute(app, guard, routes.queryById, (ctx) => workOrders.get(ctx.caller!, ctx.query.id, ctx.lang));

  addRoute(app, guard, routes.assignees, (ctx) => workOrders.assignees(ctx.caller!, ctx.query));

  addRoute(app, guard, routes.add, async (ctx) =>
    withMessage(await workOrders.add(await actor(ctx.caller!), ctx.body), 'workorder.created'),
  );

  addRoute(app, guard, routes.edit, async (ctx) =>
    withMessage(await workOrders.edit(ctx.caller!, ctx.body), 'workorder.saved'),
  );

  addRoute(app, guard, routes.assign, async (ctx) =>
    withMessage(await workOrders.assign(ctx.caller!, ctx.body), 'workorder.assigned'),
  );

  addRoute(app, guard, routes.transition, async (ctx) =>
    withMessage(await workOrders.transition(await actor(ctx.caller!), ctx.body), 'workorder.moved'),
  );

  addRoute(app, guard, routes.removePhoto, async (ctx) => {
    await workOrders.removePhoto(await actor(ctx.caller!), ctx.query.id);
    return withMessage(null, 'workorder.photo_removed');
  });

  await app.register(async (uploads) => {
    allowLargeJson(uploads, NOTE_BODY_LIMIT);
    addRoute(uploads, guard, routes.note, async (ctx) =>
      withMessage(await workOrders.addNote(ctx.caller!, ctx.body), 'workorder.noted'),
    );
  });
}
