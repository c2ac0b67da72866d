import { type DepartRoleRecord, departRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type ListResource, listPage } from '../../http/list-query';
import { addRoute, type Caller, withMessage } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { DepartService } from './depart.service';
import { assertDepartsInReach, withinReach } from './depart-scope';
import { permissionTree } from './permission-admin.service';
import type { SystemDeps } from './system.shared';

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
  services.dicts.registerTable('sys_depart', {
    columns: ['id', 'depart_name', 'org_code'],
    where: 'del_flag = 0',
    mark: 'system:depart:list',
  });
  services.checks.registerDuplicates('sys_depart', {
    columns: { org_code: 'org_code', orgCode: 'org_code' },
    where: 'del_flag = 0',
    marks: ['system:depart:add', 'system:depart:edit'],
  });
  const changed = () => {
    services.permissions.invalidate();
    services.projectScope.invalidate();
  };
  const reachOf = (caller: Caller | null) => services.users.reachOf(caller!);
  const assertInReach = async (caller: Caller | null, ids: string[]) =>
    assertDepartsInReach(db, await reachOf(caller), ids);
  /** The department of a department role, refused (403) when outside the caller's reach. */
  const roleDepart = async (caller: Caller | null, roleId: string): Promise<string> => {
    const [role] = await db.query<{ depart_id: string }>(
      'select depart_id from sys_depart_role where id = $1',
      [roleId],
    );
    if (!role) throw notFound();
    await assertInReach(caller, [role.depart_id]);
    return role.depart_id;
  };

  addRoute(app, guard, routes.queryTreeList, async (ctx) =>
    departs.tree(ctx.lang, await reachOf(ctx.caller)),
  );
  addRoute(app, guard, routes.queryIdTree, async (ctx) =>
    departs.idTree(ctx.lang, await reachOf(ctx.caller)),
  );
  addRoute(app, guard, routes.searchBy, async (ctx) =>
    departs.search(ctx.lang, ctx.query.keyWord, await reachOf(ctx.caller)),
  );
  addRoute(app, guard, routes.queryMyDeptTreeList, async (ctx) =>
    departs.tree(ctx.lang, await reachOf(ctx.caller)),
  );
  addRoute(app, guard, routes.add, async (ctx) => {
    // A department administrator adds only below the departments they manage.
    if (ctx.body.parentId) await assertInReach(ctx.caller, [ctx.body.parentId]);
    else if (!(await reachOf(ctx.caller)).all) throw new AppError(403, 'system.depart.top_level_admin_only');
    const added = await departs.add(ctx.body);
    changed();
    return withMessage(added, 'system.add_ok');
  });
  addRoute(app, guard, routes.edit, async (ctx) => {
    await assertInReach(ctx.caller, [ctx.body.id]);
    const parentId = ctx.body.parentId;
    if (parentId) await assertInReach(ctx.caller, [parentId]);
    else if (parentId === null && !(await reachOf(ctx.caller)).all) {
      const [current] = await db.query<{ parent_id: string | null }>(
        'select parent_id from sys_depart where id = $1',
        [ctx.body.id],
      );
      if (current?.parent_id) throw new AppError(403, 'system.depart.top_level_admin_only');
    }
    await departs.edit(ctx.body);
    changed();
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await assertInReach(ctx.caller, [ctx.query.id]);
    await departs.delete([ctx.query.id]);
    changed();
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    const ids = splitIds(ctx.query.ids);
    await assertInReach(ctx.caller, ids);
    await departs.delete(ids);
    changed();
    return withMessage(null, 'system.batch_delete_ok');
  });

  // Department roles: roles a department defines for its own members, within its permissions.
  const UNIQUE: UniqueMessages = [['role_code', 'system.depart_role.code_taken']];
  addRoute(app, guard, routes.roleList, async (ctx) => {
    const reach = await reachOf(ctx.caller);
    return listPage<DepartRoleRecord>(db, DEPART_ROLE_RESOURCE, ctx.query, {
      extraWhere: reach.all
        ? undefined
        : (p) => [
            `r.depart_id in (select d.id from sys_depart d where d.del_flag = 0 and ${withinReach(reach, 'd.org_code', p)})`,
          ],
    });
  });
  addRoute(app, guard, routes.roleAdd, async (ctx) => {
    const b = ctx.body;
    const [dep] = await db.query('select 1 from sys_depart where id = $1 and del_flag = 0', [b.departId]);
    if (!dep) throw notFound();
    await assertInReach(ctx.caller, [b.departId]);
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
    // A role stays in its department (the departId sent is not a move).
    await roleDepart(ctx.caller, b.id);
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
  const removeRoles = async (caller: Caller | null, ids: string[]) => {
    for (const id of ids) await roleDepart(caller, id);
    await db.query('delete from sys_depart_role where id = any($1::text[])', [ids]);
    services.permissions.invalidate();
  };
  addRoute(app, guard, routes.roleDelete, async (ctx) => {
    await removeRoles(ctx.caller, [ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.roleDeleteBatch, async (ctx) => {
    await removeRoles(ctx.caller, splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
  addRoute(app, guard, routes.roleUserQuery, async (ctx) => {
    await assertInReach(ctx.caller, [ctx.query.departId]);
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
    await assertInReach(ctx.caller, [departId]);
    // Department roles are for the department's own members.
    const [member] = await db.query(
      `select 1 from sys_user_depart ud join sys_user u on u.id = ud.user_id and u.del_flag = 0
        where ud.user_id = $1 and ud.dep_id = $2`,
      [userId, departId],
    );
    if (!member) throw new AppError(400, 'system.depart_role.user_not_in_depart');
    if (roleIds.length) {
      const own = await db.query(
        'select 1 from sys_depart_role where id = any($1::text[]) and depart_id = $2',
        [roleIds, departId],
      );
      if (own.length !== roleIds.length) throw notFound();
    }
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
    await assertInReach(ctx.caller, [ctx.query.departId]);
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
    await roleDepart(ctx.caller, ctx.query.roleId);
    const rows = await db.query<{ permission_id: string }>(
      'select permission_id from sys_depart_role_permission where role_id = $1',
      [ctx.query.roleId],
    );
    return rows.map((r) => r.permission_id);
  });
  addRoute(app, guard, routes.saveDeptRolePermission, async (ctx) => {
    const departId = await roleDepart(ctx.caller, ctx.body.roleId);
    const ids = splitIds(ctx.body.permissionIds);
    if (ids.length) {
      const allowed = await db.query(
        'select permission_id from sys_depart_permission where depart_id = $1 and permission_id = any($2::text[])',
        [departId, ids],
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
          [departId, ctx.body.roleId, ids],
        );
    });
    services.permissions.invalidate();
    return withMessage(null, 'system.save_ok');
  });
}
