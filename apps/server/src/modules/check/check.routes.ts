import { checkRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type AccessGuard, addRoute, requireAnyMark, withMessage } from '../../http/routes';
import type { CheckService } from './check.service';

/** Check rules, checking a value against one, and the duplicate check of form fields. */
export function registerCheckRoutes(app: FastifyInstance, guard: AccessGuard, checks: CheckService): void {
  addRoute(app, guard, routes.checkByCode, async (ctx) => {
    await checks.checkByCode(ctx.query.ruleCode, ctx.query.value);
    return withMessage(null, 'system.check_rule.passed');
  });
  addRoute(app, guard, routes.duplicateCheck, async (ctx) => {
    const { tableName, fieldName, fieldVal, dataId } = ctx.query;
    await requireAnyMark(guard, ctx.caller!, checks.duplicateMarks(tableName, fieldName));
    if (fieldVal !== '') await checks.assertNoDuplicate(tableName, fieldName, fieldVal, dataId ?? '');
    return withMessage(null, 'system.duplicate.available');
  });

  addRoute(app, guard, routes.list, (ctx) => checks.list(ctx.query));
  addRoute(app, guard, routes.add, async (ctx) =>
    withMessage({ id: await checks.add(ctx.body) }, 'system.add_ok'),
  );
  addRoute(app, guard, routes.edit, async (ctx) => {
    await checks.edit(ctx.body.id, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await checks.remove([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await checks.remove(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
}
