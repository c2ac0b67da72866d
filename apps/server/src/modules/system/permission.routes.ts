import { type DataRuleRecord, departRoutes, permissionRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime } from '../../http/list-query';
import { addRoute, withMessage } from '../../http/routes';
import { AppError, notFound } from '../../lib/errors';
import { departRoleGrantRelation } from '../depart';
import { rolePermissionRelation } from '../role';
import { userRoleRelation } from '../user';
import type { DataRule } from './data-rule-conditions';
import { PermissionAdminService, permissionTree } from './permission-admin.service';
import type { SystemDeps } from './system.shared';

const RULE_SELECT = `id, permission_id as "permissionId", rule_name as "ruleName", rule_column as "ruleColumn",
  rule_conditions as "ruleConditions", rule_value as "ruleValue", status, ${formatTime('create_time')} as "createTime"`;

export function registerPermissionRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  const admin = new PermissionAdminService(db, services.permissions);
  services.checks.registerDuplicates('sys_permission', {
    columns: { perms: 'perms' },
    where: 'del_flag = 0',
    marks: ['system:permission:add', 'system:permission:edit'],
  });
  const t = (lang: Parameters<typeof services.i18n.translator>[0]) => services.i18n.translator(lang);

  addRoute(app, guard, routes.list, async (ctx) => admin.tree(await t(ctx.lang)));
  addRoute(app, guard, routes.add, async (ctx) => withMessage(await admin.add(ctx.body), 'system.add_ok'));
  addRoute(app, guard, routes.edit, async (ctx) => {
    await admin.edit(ctx.body.id, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await admin.delete(ctx.query.id);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.getSystemMenuList, async (ctx) =>
    (await admin.all(await t(ctx.lang))).filter((r) => r.menuType === 0 || !r.parentId),
  );
  addRoute(app, guard, routes.getSystemSubmenu, async (ctx) =>
    (await admin.all(await t(ctx.lang))).filter((r) => r.parentId === ctx.query.parentId),
  );
  addRoute(app, guard, routes.getSystemSubmenuBatch, async (ctx) => {
    const parents = new Set(splitIds(ctx.query.parentIds));
    const out: Record<string, Awaited<ReturnType<typeof admin.all>>> = {};
    for (const id of parents) out[id] = [];
    for (const row of await admin.all(await t(ctx.lang)))
      if (row.parentId && parents.has(row.parentId)) out[row.parentId]!.push(row);
    return out;
  });
  addRoute(app, guard, routes.queryTreeList, async (ctx) => permissionTree(db, await t(ctx.lang)));

  const rules = async (q: {
    permissionId: string;
    ruleName?: string | undefined;
    ruleValue?: string | undefined;
  }) =>
    db.query<DataRuleRecord>(
      `select ${RULE_SELECT} from sys_permission_data_rule
        where permission_id = $1 and ($2::text is null or rule_name ilike '%' || $2 || '%')
          and ($3::text is null or rule_value ilike '%' || $3 || '%')
        order by create_time, id`,
      [q.permissionId, q.ruleName || null, q.ruleValue || null],
    );
  const refreshRuleFlag = async (permissionId: string) => {
    await db.query(
      `update sys_permission set rule_flag = case when exists (
         select 1 from sys_permission_data_rule where permission_id = $1) then 1 else 0 end where id = $1`,
      [permissionId],
    );
  };
  /** A rule must name a filterable field of its menu's list, with a value that fits it. */
  const assertRuleApplies = async (permissionId: string, rule: DataRule) => {
    const [perm] = await db.query<{ url: string | null }>(
      'select url from sys_permission where id = $1 and del_flag = 0',
      [permissionId],
    );
    if (!perm) throw notFound();
    services.dataRules.assertApplies(perm.url, rule);
  };
  const ruleOf = (b: { ruleColumn: string; ruleConditions: DataRule['condition']; ruleValue: string }) => ({
    column: b.ruleColumn,
    condition: b.ruleConditions,
    value: b.ruleValue,
  });
  addRoute(app, guard, routes.getPermRuleListByPermId, (ctx) =>
    rules({ permissionId: ctx.query.permissionId }),
  );
  addRoute(app, guard, routes.queryPermissionRule, (ctx) => rules(ctx.query));
  addRoute(app, guard, routes.addPermissionRule, async (ctx) => {
    const b = ctx.body;
    await assertRuleApplies(b.permissionId, ruleOf(b));
    const [row] = await db.query<{ id: string }>(
      `insert into sys_permission_data_rule (permission_id, rule_name, rule_column, rule_conditions, rule_value, status)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [b.permissionId, b.ruleName, b.ruleColumn, b.ruleConditions, b.ruleValue, b.status],
    );
    await refreshRuleFlag(b.permissionId);
    return withMessage({ id: row!.id }, 'system.add_ok');
  });
  addRoute(app, guard, routes.editPermissionRule, async (ctx) => {
    const b = ctx.body;
    const [stored] = await db.query<{ permission_id: string }>(
      'select permission_id from sys_permission_data_rule where id = $1',
      [b.id],
    );
    if (!stored) throw notFound();
    await assertRuleApplies(stored.permission_id, ruleOf(b));
    const rows = await db.query(
      `update sys_permission_data_rule set rule_name = $2, rule_column = $3, rule_conditions = $4, rule_value = $5,
              status = $6, update_time = now() where id = $1 returning id`,
      [b.id, b.ruleName, b.ruleColumn, b.ruleConditions, b.ruleValue, b.status],
    );
    if (rows.length === 0) throw notFound();
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.deletePermissionRule, async (ctx) => {
    const rows = await db.query<{ permission_id: string }>(
      'delete from sys_permission_data_rule where id = $1 returning permission_id',
      [ctx.query.id],
    );
    if (rows[0]) await refreshRuleFlag(rows[0].permission_id);
    return withMessage(null, 'system.delete_ok');
  });

  addRoute(app, guard, routes.queryDepartPermission, (ctx) =>
    services.departs.permissionIds(ctx.caller!, ctx.query.departId),
  );
  addRoute(app, guard, routes.saveDepartPermission, async (ctx) => {
    if (!(await services.departs.exists(ctx.body.departId))) throw notFound();
    const ids = splitIds(ctx.body.permissionIds);
    await services.departs.assertInReach(ctx.caller!, [ctx.body.departId]);
    // A department administrator hands on only permissions they hold themselves.
    if (ids.length && !(await services.departs.reachOf(ctx.caller!)).all) {
      const held = await db.query(
        `select p.id from sys_permission p where p.id = any($2::text[]) and p.id in (
           select rp.permission_id from (${rolePermissionRelation}) rp
             join (${userRoleRelation}) ur on ur.role_id = rp.role_id where ur.user_id = $1
           union
           select g.permission_id from (${departRoleGrantRelation}) g where g.user_id = $1)`,
        [ctx.caller!.userId, ids],
      );
      if (held.length !== ids.length) throw new AppError(403, 'system.depart.permission_beyond_own');
    }
    const active = await db.query<{ id: string }>(
      'select id from sys_permission where id = any($1::text[]) and del_flag = 0',
      [ids],
    );
    await services.departs.setPermissions(
      ctx.body.departId,
      active.map((p) => p.id),
    );
    services.permissions.invalidate();
    return withMessage(null, 'system.save_ok');
  });
  addRoute(app, guard, departRoutes.queryTreeListForDeptRole, async (ctx) =>
    permissionTree(
      db,
      await services.i18n.translator(ctx.lang),
      await services.departs.permissionIds(ctx.caller!, ctx.query.departId),
    ),
  );
}
