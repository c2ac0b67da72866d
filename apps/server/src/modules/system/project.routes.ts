import { type ProjectRecord, projectRoutes as routes, splitIds } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database';
import { formatTime, type ListResource, listAll, listPage, sendXlsx, toXlsx } from '../../http/list-query';
import { addRoute, withMessage } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { translate } from '../../lib/messages';
import type { SystemDeps } from './system.shared';

export const PROJECT_RESOURCE: ListResource = {
  from: 'sys_project p',
  ruleMenu: '/system/project',
  baseWhere: ['p.del_flag = 0'],
  defaultSort: { field: 'createTime', order: 'desc' },
  tiebreak: 'p.id',
  columns: {
    id: { column: 'p.id' },
    name: { column: 'p.name', filter: 'text', sortable: true, title: ['项目名称', 'Name'] },
    code: { column: 'p.code', filter: 'text', sortable: true, title: ['项目编码', 'Code'] },
    region: { column: 'p.region', filter: 'text', sortable: true, title: ['区域', 'Region'] },
    longitude: { column: 'p.longitude', filter: 'number', sortable: true, title: ['经度', 'Longitude'] },
    latitude: { column: 'p.latitude', filter: 'number', sortable: true, title: ['纬度', 'Latitude'] },
    timeZone: { column: 'p.time_zone', filter: 'text', sortable: true, title: ['时区', 'Time zone'] },
    description: { column: 'p.description', filter: 'text' },
    departIds: {
      column: `coalesce((select string_agg(pd.dep_id, ',' order by pd.dep_id) from sys_project_depart pd where pd.project_id = p.id), '')`,
    },
    createTime: {
      column: 'p.create_time',
      select: formatTime('p.create_time'),
      filter: 'date',
      sortable: true,
      title: ['创建时间', 'Created'],
    },
  },
};

const UNIQUE: UniqueMessages = [['code', 'system.project.code_taken']];

async function setDeparts(tx: Queryable, projectId: string, departIds: string | null | undefined) {
  if (departIds === undefined || departIds === null) return;
  await tx.query('delete from sys_project_depart where project_id = $1', [projectId]);
  const ids = splitIds(departIds);
  if (ids.length)
    await tx.query(
      `insert into sys_project_depart (project_id, dep_id) select $1, d.id from sys_depart d
        where d.id = any($2::text[]) and d.del_flag = 0`,
      [projectId, ids],
    );
}

export function registerProjectRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  services.dataRules.register(PROJECT_RESOURCE);
  services.dicts.registerTable('sys_project', {
    columns: ['id', 'name', 'code'],
    where: 'del_flag = 0',
    mark: 'system:project:list',
  });
  services.checks.registerDuplicates('sys_project', {
    columns: { code: 'code' },
    where: 'del_flag = 0',
    marks: ['system:project:add', 'system:project:edit'],
  });
  const assertCodeFree = async (code: string, exceptId = '') => {
    const [row] = await db.query('select 1 from sys_project where code = $1 and del_flag = 0 and id <> $2', [
      code,
      exceptId,
    ]);
    if (row) throw new AppError(409, 'system.project.code_taken');
  };

  addRoute(app, guard, routes.list, async (ctx) =>
    listPage<ProjectRecord>(db, PROJECT_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, PROJECT_RESOURCE),
    }),
  );
  addRoute(app, guard, routes.queryById, async (ctx) => {
    const page = await listPage<ProjectRecord>(
      db,
      PROJECT_RESOURCE,
      { pageNo: 1, pageSize: 1 },
      {
        extraWhere: (p) => [`p.id = ${p.add(ctx.query.id)}`],
      },
    );
    if (!page.records[0]) throw notFound();
    return page.records[0];
  });
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await listAll(db, PROJECT_RESOURCE, ctx.query, {
      dataRules: await services.dataRules.forCaller(ctx.caller!, PROJECT_RESOURCE),
    });
    const file = await toXlsx(PROJECT_RESOURCE, rows, ctx.lang, translate(ctx.lang, 'system.export.sheet'));
    await sendXlsx(ctx.reply, ctx.lang === 'en-US' ? 'projects' : '项目列表', file);
    return null;
  });
  addRoute(app, guard, routes.add, async (ctx) => {
    const b = ctx.body;
    await assertCodeFree(b.code);
    const id = await mapUnique(
      () =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ id: string }>(
            `insert into sys_project (name, code, region, longitude, latitude, time_zone, description, create_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
            [
              b.name,
              b.code,
              b.region,
              b.longitude,
              b.latitude,
              b.timeZone,
              b.description,
              ctx.caller!.username,
            ],
          );
          await setDeparts(tx, row!.id, b.departIds);
          return row!.id;
        }),
      UNIQUE,
    );
    services.projectScope.invalidate();
    return withMessage({ id }, 'system.add_ok');
  });
  addRoute(app, guard, routes.edit, async (ctx) => {
    const b = ctx.body;
    await assertCodeFree(b.code, b.id);
    await mapUnique(
      () =>
        db.transaction(async (tx) => {
          const rows = await tx.query(
            `update sys_project set name = $2, code = $3, region = $4, longitude = $5, latitude = $6, time_zone = $7,
                    description = $8, update_by = $9, update_time = now()
              where id = $1 and del_flag = 0 returning id`,
            [
              b.id,
              b.name,
              b.code,
              b.region,
              b.longitude,
              b.latitude,
              b.timeZone,
              b.description,
              ctx.caller!.username,
            ],
          );
          if (rows.length === 0) throw notFound();
          await setDeparts(tx, b.id, b.departIds);
        }),
      UNIQUE,
    );
    services.projectScope.invalidate();
    return withMessage(null, 'system.edit_ok');
  });
  const remove = async (ids: string[], by: string) => {
    await db.query(
      'update sys_project set del_flag = 1, update_by = $2, update_time = now() where id = any($1::text[])',
      [ids, by],
    );
    services.projectScope.invalidate();
  };
  addRoute(app, guard, routes.delete, async (ctx) => {
    await remove([ctx.query.id], ctx.caller!.username);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await remove(splitIds(ctx.query.ids), ctx.caller!.username);
    return withMessage(null, 'system.batch_delete_ok');
  });
}
