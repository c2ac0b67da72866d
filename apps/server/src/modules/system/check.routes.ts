import { type CheckRulePart, type CheckRuleRecord, checkRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type ListResource, listPage } from '../../http/list-query';
import { addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { SystemDeps } from './system.shared';

export const CHECK_RULE_RESOURCE: ListResource = {
  from: 'sys_check_rule c',
  defaultSort: { field: 'createTime', order: 'desc' },
  tiebreak: 'c.id',
  columns: {
    id: { column: 'c.id' },
    ruleCode: { column: 'c.rule_code', filter: 'text', sortable: true },
    ruleName: { column: 'c.rule_name', filter: 'text', sortable: true },
    ruleJson: { column: 'c.rule_json' },
    ruleDescription: { column: 'c.rule_description', filter: 'text' },
    createTime: {
      column: 'c.create_time',
      select: formatTime('c.create_time'),
      filter: 'date',
      sortable: true,
    },
  },
};

/**
 * Upstream semantics: successive slices of the value (each `digits` long, `*` for the rest)
 * must each fully match their pattern; the first failing slice is reported.
 */
export function checkValue(parts: CheckRulePart[], value: string) {
  const chars = [...value];
  let begin = 0;
  for (const part of parts) {
    const end = part.digits === '*' ? chars.length : Math.min(begin + Number(part.digits), chars.length);
    const slice = chars.slice(begin, end).join('');
    const passed = new RegExp(`^(?:${part.pattern})$`).test(slice);
    if (!passed) return { ...part, checkValue: slice, passed: false, beginIndex: begin, endIndex: end };
    begin = end;
    if (part.digits === '*') break;
  }
  return undefined;
}

/** Marks of a form that adds or edits rows of a table, as `[add, edit]`. */
const formMarks = (resource: string) => [`system:${resource}:add`, `system:${resource}:edit`] as const;

/**
 * Values that may be checked for duplicates: table → request field names → column, and the
 * marks of the forms that check them (any one will do): whether a phone number or an email is
 * registered is nobody else's business.
 */
const DUPLICATE_FIELDS: Record<
  string,
  { columns: Record<string, string>; where: string; marks: readonly string[] }
> = {
  sys_user: {
    columns: {
      username: 'lower(username)',
      phone: 'phone',
      email: 'lower(email)',
      work_no: 'work_no',
      workNo: 'work_no',
    },
    where: 'del_flag = 0',
    marks: formMarks('user'),
  },
  sys_role: {
    columns: { role_code: 'lower(role_code)', roleCode: 'lower(role_code)' },
    where: 'true',
    marks: formMarks('role'),
  },
  sys_permission: { columns: { perms: 'perms' }, where: 'del_flag = 0', marks: formMarks('permission') },
  sys_dict: {
    columns: { dict_code: 'dict_code', dictCode: 'dict_code' },
    where: 'del_flag = 0',
    marks: formMarks('dict'),
  },
  sys_depart: {
    columns: { org_code: 'org_code', orgCode: 'org_code' },
    where: 'del_flag = 0',
    marks: formMarks('depart'),
  },
  sys_project: { columns: { code: 'code' }, where: 'del_flag = 0', marks: formMarks('project') },
  // Check rules are administered with the dictionaries.
  sys_check_rule: {
    columns: { rule_code: 'rule_code', ruleCode: 'rule_code' },
    where: 'true',
    marks: formMarks('dict'),
  },
};
const LOWERED = (column: string) => column.startsWith('lower(');

export function registerCheckRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  const UNIQUE: UniqueMessages = [['rule_code', 'system.check_rule.code_taken']];

  addRoute(app, guard, routes.checkByCode, async (ctx) => {
    const [rule] = await db.query<{ rule_json: string }>(
      'select rule_json from sys_check_rule where rule_code = $1',
      [ctx.query.ruleCode],
    );
    if (!rule) throw new AppError(400, 'system.check_rule.not_found');
    const failure = checkValue(JSON.parse(rule.rule_json) as CheckRulePart[], ctx.query.value);
    if (failure) throw new AppError(400, 'system.check_rule.failed', { message: failure.message }, failure);
    return withMessage(null, 'system.check_rule.passed');
  });
  addRoute(app, guard, routes.duplicateCheck, async (ctx) => {
    const { tableName, fieldName, fieldVal, dataId } = ctx.query;
    const table = Object.hasOwn(DUPLICATE_FIELDS, tableName) ? DUPLICATE_FIELDS[tableName] : undefined;
    const column = table && Object.hasOwn(table.columns, fieldName) ? table.columns[fieldName] : undefined;
    if (!table || !column) throw new AppError(400, 'system.duplicate.not_allowed');
    await requireAnyMark(guard, ctx.caller!, table.marks);
    if (fieldVal === '') return withMessage(null, 'system.duplicate.available');
    const [row] = await db.query(
      `select 1 from ${tableName} where ${table.where} and ${column} = ${LOWERED(column) ? 'lower($1)' : '$1'}
          and id <> $2 limit 1`,
      [fieldVal, dataId ?? ''],
    );
    if (row) throw new AppError(400, 'system.duplicate.taken');
    return withMessage(null, 'system.duplicate.available');
  });

  addRoute(app, guard, routes.list, (ctx) => listPage<CheckRuleRecord>(db, CHECK_RULE_RESOURCE, ctx.query));
  addRoute(app, guard, routes.add, async (ctx) => {
    const b = ctx.body;
    const [row] = await mapUnique(
      () =>
        db.query<{ id: string }>(
          `insert into sys_check_rule (rule_code, rule_name, rule_json, rule_description) values ($1, $2, $3, $4)
           returning id`,
          [b.ruleCode, b.ruleName, b.ruleJson, b.ruleDescription],
        ),
      UNIQUE,
    );
    return withMessage({ id: row!.id }, 'system.add_ok');
  });
  addRoute(app, guard, routes.edit, async (ctx) => {
    const b = ctx.body;
    const rows = await mapUnique(
      () =>
        db.query(
          `update sys_check_rule set rule_code = $2, rule_name = $3, rule_json = $4, rule_description = $5,
                  update_time = now() where id = $1 returning id`,
          [b.id, b.ruleCode, b.ruleName, b.ruleJson, b.ruleDescription],
        ),
      UNIQUE,
    );
    if (rows.length === 0) throw notFound();
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await db.query('delete from sys_check_rule where id = $1', [ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await db.query('delete from sys_check_rule where id = any($1::text[])', [splitIds(ctx.query.ids)]);
    return withMessage(null, 'system.batch_delete_ok');
  });
}
