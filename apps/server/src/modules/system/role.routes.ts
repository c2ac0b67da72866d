import { type DataRuleRecord, type RoleRecord, roleRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type ListResource, listAll, listPage, sendXlsx, toXlsx } from '../../http/list-query';
import { addRoute, withMessage } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { translate } from '../../lib/messages';
import { ADMIN_ROLE } from './permission.service';
import { permissionTree } from './permission-admin.service';
import type { SystemDeps } from './system.shared';

export const ROLE_RESOURCE: ListResource = {
  from: 'sys_role r',
  ruleMenu: '/system/role',
  defaultSort: { field: 'createTime', order: 'desc' },
  tiebreak: 'r.id',
  columns: {
    id: { column: 'r.id' },
    roleName: { column: 'r.role_name', filter: 'text', sortable: true, title: ['角色名称', 'Role name'] },
    roleCode: { column: 'r.role_code', filter: 'text', sortable: true, title: ['角色编码', 'Role code'] },
    description: { column: 'r.description', filter: 'text', title: ['描述', 'Description'] },
    createTime: {
      column: 'r.create_time',
      select: formatTime('r.create_time'),
      filter: 'date',
      sortable: true,
      title: ['创建时间', 'Created'],
    },
  },
};

const UNIQUE: UniqueMessages = [['role_code', 'system.role.code_taken']];

export function registerRoleRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  services.dataRules.register(ROLE_RESOURCE);
  services.dicts.registerTable('sys_role', {
    columns: ['id', 'role_name', 'role_code'],
    where: 'true',
    mark: 'system:role:list',
  });
  services.checks.registerDuplicates('sys_role', {
    columns: { role_code: 'lower(role_code)', roleCode: 'lower(role_code)' },
    where: 'true',
    marks: ['system:role:add', 'system:role:edit'],
  });

  const codeOf = async (id: string) => {
    const [row] = await db.query<{ role_code: string }>('select role_code from sys_role where id = $1', [id]);
    if (!row) throw notFound();
    return row.role_code;
  };
  const assertCodeFree = async (code: string, exceptId = '') => {
    const [row] = await db.query('select 1 from sys_role where lower(role_code) = lower($1) and id <> $2', [
      code,
      exceptId,
    ]);
    if (row) throw new AppError(409, 'system.role.code_taken');
  };

  addRoute(app, guard, routes.list, async (ctx) =>
    listPage<RoleRecord>(db, ROLE_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, ROLE_RESOURCE),
    }),
  );
  addRoute(app, guard, routes.queryById, async (ctx) => {
    const page = await listPage<RoleRecord>(
      db,
      ROLE_RESOURCE,
      { pageNo: 1, pageSize: 1 },
      {
        extraWhere: (p) => [`r.id = ${p.add(ctx.query.id)}`],
      },
    );
    if (!page.records[0]) throw notFound();
    return page.records[0];
  });
  addRoute(
    app,
    guard,
    routes.queryall,
    async () =>
      (
        await listPage<RoleRecord>(db, ROLE_RESOURCE, {
          pageNo: 1,
          pageSize: 1000,
          column: 'roleName',
          order: 'asc',
        })
      ).records,
  );
  addRoute(app, guard, routes.add, async (ctx) => {
    await assertCodeFree(ctx.body.roleCode);
    const [row] = await mapUnique(
      () =>
        db.query<{ id: string }>(
          `insert into sys_role (role_name, role_code, description, create_by) values ($1, $2, $3, $4) returning id`,
          [ctx.body.roleName, ctx.body.roleCode, ctx.body.description, ctx.caller!.username],
        ),
      UNIQUE,
    );
    return withMessage({ id: row!.id }, 'system.add_ok');
  });
  addRoute(app, guard, routes.edit, async (ctx) => {
    const code = await codeOf(ctx.body.id);
    if (code === ADMIN_ROLE && ctx.body.roleCode !== ADMIN_ROLE)
      throw new AppError(400, 'system.role.admin_code');
    await assertCodeFree(ctx.body.roleCode, ctx.body.id);
    await mapUnique(
      () =>
        db.query(
          `update sys_role set role_name = $2, role_code = $3, description = $4, update_by = $5, update_time = now()
            where id = $1`,
          [ctx.body.id, ctx.body.roleName, ctx.body.roleCode, ctx.body.description, ctx.caller!.username],
        ),
      UNIQUE,
    );
    services.permissions.invalidate();
    return withMessage(null, 'system.edit_ok');
  });
  const remove = async (ids: string[]) => {
    for (const id of ids)
      if ((await codeOf(id)) === ADMIN_ROLE) throw new AppError(400, 'system.role.admin_code');
    await db.query('delete from sys_role where id = any($1::text[])', [ids]);
    services.permissions.invalidate();
    services.projectScope.invalidate();
  };
  addRoute(app, guard, routes.delete, async (ctx) => {
    await remove([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await remove(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
  addRoute(app, guard, routes.checkRoleCode, async (ctx) => {
    await assertCodeFree(ctx.query.roleCode, ctx.query.id ?? '');
    return withMessage(true, 'system.duplicate.available');
  });
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await listAll(db, ROLE_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, ROLE_RESOURCE),
    });
    const file = await toXlsx(ROLE_RESOURCE, rows, ctx.lang, translate(ctx.lang, 'system.export.sheet'));
    await sendXlsx(ctx.reply, ctx.lang === 'en-US' ? 'roles' : '角色列表', file);
    return null;
  });
  addRoute(app, guard, routes.queryTreeList, async (ctx) =>
    permissionTree(db, await services.i18n.translator(ctx.lang)),
  );
  addRoute(app, guard, routes.queryRolePermission, async (ctx) => {
    const rows = await db.query<{ permission_id: string }>(
      'select permission_id from sys_role_permission where role_id = $1',
      [ctx.query.roleId],
    );
    return rows.map((r) => r.permission_id);
  });
  addRoute(app, guard, routes.saveRolePermission, async (ctx) => {
    await codeOf(ctx.body.roleId);
    const ids = splitIds(ctx.body.permissionIds);
    await db.transaction(async (tx) => {
      await tx.query('delete from sys_role_permission where role_id = $1', [ctx.body.roleId]);
      if (ids.length)
        await tx.query(
          `insert into sys_role_permission (role_id, permission_id)
           select $1, p.id from sys_permission p where p.id = any($2::text[]) and p.del_flag = 0`,
          [ctx.body.roleId, ids],
        );
    });
    services.permissions.invalidate();
    return withMessage(null, 'system.save_ok');
  });

  // Data rules are granted per menu: the rules of that menu the role holds restrict its lists.
  addRoute(app, guard, routes.queryDataRule, async (ctx) => {
    await codeOf(ctx.query.roleId);
    const datarule = await db.query<DataRuleRecord>(
      `select id, permission_id as "permissionId", rule_name as "ruleName", rule_column as "ruleColumn",
              rule_conditions as "ruleConditions", rule_value as "ruleValue", status,
              ${formatTime('create_time')} as "createTime"
         from sys_permission_data_rule where permission_id = $1 order by create_time, id`,
      [ctx.query.permissionId],
    );
    const checked = await db.query<{ rule_id: string }>(
      `select rdr.rule_id from sys_role_data_rule rdr
         join sys_permission_data_rule dr on dr.id = rdr.rule_id
        where rdr.role_id = $1 and dr.permission_id = $2`,
      [ctx.query.roleId, ctx.query.permissionId],
    );
    return { datarule, drChecked: checked.map((r) => r.rule_id) };
  });
  addRoute(app, guard, routes.saveDataRule, async (ctx) => {
    const { roleId, permissionId } = ctx.body;
    await codeOf(roleId);
    const ids = splitIds(ctx.body.dataRuleIds);
    if (ids.length) {
      const ofMenu = await db.query(
        'select id from sys_permission_data_rule where permission_id = $1 and id = any($2::text[])',
        [permissionId, ids],
      );
      if (ofMenu.length !== ids.length) throw new AppError(400, 'system.data_rule.not_of_menu');
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `delete from sys_role_data_rule where role_id = $1
            and rule_id in (select id from sys_permission_data_rule where permission_id = $2)`,
        [roleId, permissionId],
      );
      if (ids.length)
        await tx.query('insert into sys_role_data_rule (role_id, rule_id) select $1, unnest($2::text[])', [
          roleId,
          ids,
        ]);
    });
    return withMessage(null, 'system.save_ok');
  });
}
