import { checkRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
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

  addCrudRoutes(app, guard, routes, {
    list: (ctx) => checks.list(ctx.query),
    add: (ctx) => checks.add(ctx.body),
    edit: (ctx) => checks.edit(ctx.body.id, ctx.body),
    remove: (_, ids) => checks.remove(ids),
  });
}
