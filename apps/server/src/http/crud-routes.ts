import { type Language, type RouteDef, type RouteSchemas, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type ListResource, replyXlsx } from './list-query';
import {
  type AccessGuard,
  addRoute,
  type Caller,
  type Handler,
  type HandlerContext,
  withMessage,
} from './routes';

type Bound<D extends RouteDef> = D & RouteSchemas<D>;

/**
 * What a resource does for each standard operation; the helper answers with the standard
 * messages (added, edited, deleted) and writes the export. `remove` serves both `delete?id=` and
 * `deleteBatch?ids=a,b`.
 */
export type CrudHandlers<
  L extends RouteDef,
  Q extends RouteDef,
  A extends RouteDef,
  E extends RouteDef,
  X extends RouteDef,
> = {
  list?: Handler<L>;
  queryById?: Handler<Q>;
  /** Answers the new record's id. */
  add?: (ctx: HandlerContext<A>) => Promise<string>;
  edit?: (ctx: HandlerContext<E>) => Promise<unknown>;
  remove?: (ctx: HandlerContext<RouteDef>, ids: string[]) => Promise<unknown>;
  /** The rows of the export (the list's filters, no paging), with the columns and file name. */
  exportXls?: {
    resource: Pick<ListResource, 'columns'>;
    fileName: Record<Language, string>;
    rows: (ctx: HandlerContext<X>) => Promise<Record<string, unknown>[]>;
  };
};

/**
 * The server's side of `crudRoutes`: registers the standard operations of a resource that has
 * a handler for them. Operations with answers of their own register with `addRoute` beside it.
 */
export function addCrudRoutes<
  L extends RouteDef,
  Q extends RouteDef,
  A extends RouteDef,
  E extends RouteDef,
  X extends RouteDef,
>(
  app: FastifyInstance,
  guard: AccessGuard,
  routes: {
    list?: Bound<L>;
    queryById?: Bound<Q>;
    add?: Bound<A>;
    edit?: Bound<E>;
    delete?: RouteDef;
    deleteBatch?: RouteDef;
    exportXls?: Bound<X>;
  },
  handlers: CrudHandlers<L, Q, A, E, X>,
): void {
  // Each handler is typed by its route in `CrudHandlers`; here they are registered alike.
  const add = (route: RouteDef | undefined, handler: Handler<RouteDef>) => {
    if (route) addRoute(app, guard, route as Bound<RouteDef>, handler);
  };
  if (handlers.list) add(routes.list, handlers.list as Handler<RouteDef>);
  if (handlers.queryById) add(routes.queryById, handlers.queryById as Handler<RouteDef>);
  const { add: create, edit, remove, exportXls } = handlers;
  if (create)
    add(routes.add, async (ctx) =>
      withMessage({ id: await create(ctx as HandlerContext<A>) }, 'system.add_ok'),
    );
  if (edit)
    add(routes.edit, async (ctx) => {
      await edit(ctx as HandlerContext<E>);
      return withMessage(null, 'system.edit_ok');
    });
  if (remove) {
    add(routes.delete, async (ctx) => {
      await remove(ctx, [(ctx.query as { id: string }).id]);
      return withMessage(null, 'system.delete_ok');
    });
    add(routes.deleteBatch, async (ctx) => {
      await remove(ctx, splitIds((ctx.query as { ids: string }).ids));
      return withMessage(null, 'system.batch_delete_ok');
    });
  }
  if (exportXls)
    add(routes.exportXls, async (ctx) => {
      const rows = await exportXls.rows(ctx as HandlerContext<X>);
      await replyXlsx(ctx.reply, ctx.lang, exportXls.resource, rows, exportXls.fileName);
      return null;
    });
}

/**
 * `delete?id=` and `deleteBatch?ids=a,b` of a device-side resource (whose query schema splits
 * the ids): both call `remove`, both answer null.
 */
export function addDeleteRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  routes: { delete: RouteDef; deleteBatch: RouteDef },
  remove: (caller: Caller, ids: string[]) => Promise<unknown>,
): void {
  const add = (route: RouteDef, ids: (query: unknown) => string[]) => {
    const handler: Handler<RouteDef> = async ({ caller, query }) => {
      await remove(caller!, ids(query));
      return null;
    };
    addRoute(app, guard, route as Bound<RouteDef>, handler);
  };
  add(routes.delete, (query) => [(query as { id: string }).id]);
  add(routes.deleteBatch, (query) => (query as { ids: string[] }).ids);
}
