import { type DepartRoleRecord, departRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type ListResource, listPage } from '../../http/list-query';
import { addRoute, withMessage } from '../../http/routes';
import { AppError } from '../../lib/errors';
import { DepartService } from './depart.service';
import { permissionTree } from './permission-admin.service';
import { mapUnique, notFound, type SystemDeps } from './system.shared';

export const DEPART_ROLE_RESOURCE: ListResource = {
  from: 'sys_depart_role r',
  defaultSort: { field: 'createTime', order: 'desc' },
  tiebreak: 'r.id',
  columns: {
    id: { column: 'r.id' },
    departId: { column: 'r.depart_id', filter: 'text' },
    deptId: { column: 'r.depart_id', filter: 'text' },
    roleName: { column: 'r.role_name', filter: 'text', sortable: true, title: ['部门角色名称', 'Role name'] },
    roleCode: { column: 'r.role_code', filter: 'text', sortable: true, title: ['部门角色编码', 'Role code'] },
    description: { column: 'r.description', filter: 'text' },
    createTime: {
      column: 'r.create_time',
      select: formatTime('r.create_time'),
      filter: 'date',
      sortable: true,
    },
  },
};

export function registerDepartRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  const departs = new DepartService(db, services.i18n);
  const changed = () => {
    services.permissions.invalidate();
    services.projectScope.invalidate();
  };

  addRoute(app, guard, routes.queryTreeList, (ctx) => departs.tree(ctx.lang));
  addRoute(app, guard, routes.queryIdTree, (ctx) => departs.idTree(ctx.lang));
  addRoute(app, guard, routes.searchBy, (ctx) => departs.search(ctx.lang, ctx.query.keyWord));
  addRoute(app, guard, routes.queryMyDeptTreeList, (ctx) => departs.mine(ctx.caller!.userId, ctx.lang));
  addRoute(app, guard, routes.add, async (ctx) => withMessage(await departs.add(ctx.body), 'system.add_ok'));
  addRoute(app, guard, routes.edit, async (ctx) => {
    await departs.edit(ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await departs.delete([ctx.query.id]);
    changed();
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await departs.delete(splitIds(ctx.query.ids));
    changed();
    return withMessage(null, 'system.batch_delete_ok');
  });

  // Department roles: roles a department defines for its own members, within its permissions.
  const UNIQUE: Parameters<typeof mapUnique>[1] = [['role_code', 'system.depart_role.code_taken']];
  addRoute(app, guard, routes.roleList, (ctx) =>
    listPage<DepartRoleRecord>(db, DEPART_ROLE_RESOURCE, ctx.query),
  );
  addRoute(app, guard, routes.roleAdd, async (ctx) => {
    const b = ctx.body;
    const [dep] = await db.query('select 1 from sys_depart where id = $1 and del_flag = 0', [b.departId]);
    if (!dep) throw notFound();
    const [row] = await mapUnique(
      () =>
        db.query<{ id: string }>(
          `insert into sys_depart_role (depart_id, role_name, role_code, description) values ($1, $2, $3, $4) returning id`,
          [b.departId, b.roleName, b.roleCode, b.description],
        ),
      UNIQUE,
    );
    return withMessage({ id: row!.id }, 'system.add_ok');
  });
  addRoute(app, guard, routes.roleEdit, async (ctx) => {
    const b = ctx.body;
    const rows = await mapUnique(
      () =>
        db.query(
          `update sys_depart_role set role_name = $2, role_code = $3, description = $4, update_time = now()
            where id = $1 returning id`,
          [b.id, b.roleName, b.roleCode, b.description],
        ),
      UNIQUE,
    );
    if (rows.length === 0) throw notFound();
    return withMessage(null, 'system.edit_ok');
  });
  const removeRoles = async (ids: string[]) => {
    await db.query('delete from sys_depart_role where id = any($1::text[])', [ids]);
    services.permissions.invalidate();
  };
  addRoute(app, guard, routes.roleDelete, async (ctx) => {
    await removeRoles([ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.roleDeleteBatch, async (ctx) => {
    await removeRoles(splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
  addRoute(app, guard, routes.roleUserQuery, async (ctx) => {
    const rows = await db.query<{ drole_id: string }>(
      `select dru.drole_id from sys_depart_role_user dru join sys_depart_role r on r.id = dru.drole_id
        where dru.user_id = $1 and r.depart_id = $2`,
      [ctx.query.userId, ctx.query.departId],
    );
    return rows.map((r) => r.drole_id);
  });
  addRoute(app, guard, routes.roleUserSave, async (ctx) => {
    const { userId, departId } = ctx.body;
    const roleIds = splitIds(ctx.body.roleIds);
    await db.transaction(async (tx) => {
      await tx.query(
        `delete from sys_depart_role_user where user_id = $1
            and drole_id in (select id from sys_depart_role where depart_id = $2)`,
        [userId, departId],
      );
      if (roleIds.length)
        await tx.query(
          `insert into sys_depart_role_user (user_id, drole_id)
           select $1, r.id from sys_depart_role r where r.id = any($2::text[]) and r.depart_id = $3`,
          [userId, roleIds, departId],
        );
    });
    services.permissions.invalidate(userId);
    return withMessage(null, 'system.save_ok');
  });

  addRoute(app, guard, routes.queryTreeListForDeptRole, async (ctx) => {
    const rows = await db.query<{ permission_id: string }>(
      'select permission_id from sys_depart_permission where depart_id = $1',
      [ctx.query.departId],
    );
    return permissionTree(
      db,
      await services.i18n.translator(ctx.lang),
      rows.map((r) => r.permission_id),
    );
  });
  addRoute(app, guard, routes.queryDeptRolePermission, async (ctx) => {
    const rows = await db.query<{ permission_id: string }>(
      'select permission_id from sys_depart_role_permission where role_id = $1',
      [ctx.query.roleId],
    );
    return rows.map((r) => r.permission_id);
  });
  addRoute(app, guard, routes.saveDeptRolePermission, async (ctx) => {
    const [role] = await db.query<{ depart_id: string }>(
      'select depart_id from sys_depart_role where id = $1',
      [ctx.body.roleId],
    );
    if (!role) throw notFound();
    const ids = splitIds(ctx.body.permissionIds);
    if (ids.length) {
      const allowed = await db.query(
        'select permission_id from sys_depart_permission where depart_id = $1 and permission_id = any($2::text[])',
        [role.depart_id, ids],
      );
      if (allowed.length !== ids.length)
        throw new AppError(400, 'system.depart_role.permission_not_in_depart');
    }
    await db.transaction(async (tx) => {
      await tx.query('delete from sys_depart_role_permission where role_id = $1', [ctx.body.roleId]);
      if (ids.length)
        await tx.query(
          `insert into sys_depart_role_permission (depart_id, role_id, permission_id)
           select $1, $2, unnest($3::text[])`,
          [role.depart_id, ctx.body.roleId, ids],
        );
    });
    services.permissions.invalidate();
    return withMessage(null, 'system.save_ok');
  });
}
