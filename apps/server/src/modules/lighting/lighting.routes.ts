import {
  areaRoutes,
  cabinetRoutes,
  controlRoutes,
  groupRoutes,
  statsRoutes,
  strategyRoutes,
} from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addDeleteRoutes } from '../../http/crud-routes';
import { type AccessGuard, addRoute, type Caller, withMessage } from '../../http/routes';
import { listExport } from '../../http/xlsx-stream';
import type { AreaService } from './area/area.service';
import type { CabinetService } from './cabinet/cabinet.service';
import type { CircuitService } from './cabinet/circuit.service';
import type { ControlService } from './control/control.service';
import type { JobService } from './control/job.service';
import type { GroupService } from './group/group.service';
import type { LampService } from './lamp/lamp.service';
import type { LightingAccess } from './lighting-access';
import { cabinetColumns, exportFileNames, groupColumns, strategyColumns } from './lighting-exports';
import { sendPoleColumns, sendPoleMap } from './map/pole-map.reply';
import type { PoleMapService } from './map/pole-map.service';
import type { GatewayScheduleService } from './schedule/gateway-schedule.service';
import type { ExecutionLogService } from './scheduler/execution-log.service';
import type { PreviewService } from './strategy/preview.service';
import type { StrategyService } from './strategy/strategy.service';

/** The services the lighting routes call. */
export type LightingServices = {
  access: LightingAccess;
  areas: AreaService;
  map: PoleMapService;
  control: ControlService;
  jobs: JobService;
  groups: GroupService;
  cabinets: CabinetService;
  circuits: CircuitService;
  strategies: StrategyService;
  previews: PreviewService;
  executions: ExecutionLogService;
  schedules: GatewayScheduleService;
  lamps: LampService;
};

const toMs = (v: number | string | undefined) => (v === undefined ? undefined : new Date(v).getTime());

/** Street lighting: areas/roads, groups, cabinets/circuits, control jobs, strategies, home figures. */
export function registerLightingRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  services: LightingServices,
): void {
  const { access, areas, map, control, jobs, groups, cabinets, circuits } = services;
  const { strategies, previews, executions, schedules, lamps } = services;
  const me = (c: Caller | null) => c!;
  const file = exportFileNames;

  // Areas, roads, poles
  addRoute(app, guard, areaRoutes.tree, ({ caller, query, lang }) =>
    areas.tree(me(caller).userId, lang, query.projectId),
  );
  addRoute(app, guard, areaRoutes.add, ({ caller, body }) =>
    areas.addArea(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, areaRoutes.edit, ({ caller, body }) => areas.editArea(me(caller).userId, body));
  addRoute(app, guard, areaRoutes.delete, async ({ caller, query }) => {
    await areas.deleteArea(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, areaRoutes.roadList, ({ caller, query }) => areas.listRoads(me(caller).userId, query));
  addRoute(app, guard, areaRoutes.roadAdd, ({ caller, body }) =>
    areas.addRoad(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, areaRoutes.roadEdit, ({ caller, body }) => areas.editRoad(me(caller).userId, body));
  addRoute(app, guard, areaRoutes.roadDelete, async ({ caller, query }) => {
    await areas.deleteRoad(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, areaRoutes.assignRoad, ({ caller, body }) =>
    areas.assignRoad(me(caller).userId, body.poleIds, body.roadId),
  );
  addRoute(app, guard, areaRoutes.poleDetail, ({ caller, query }) =>
    areas.poleDetail(me(caller).userId, query.id),
  );
  addRoute(app, guard, areaRoutes.poleMap, async ({ caller, query, request, reply, lang }) =>
    sendPoleMap(request, reply, await map.registry(me(caller).userId, query.projectId), lang),
  );
  addRoute(app, guard, areaRoutes.poleMapColumns, async ({ caller, query, request, reply }) =>
    sendPoleColumns(request, reply, await map.registry(me(caller).userId, query.projectId)),
  );
  addRoute(app, guard, areaRoutes.poleMapPole, ({ caller, query }) =>
    map.poleIdAt(me(caller).userId, query.version, query.index, query.projectId),
  );
  addRoute(app, guard, areaRoutes.poleMapStates, ({ caller, query }) =>
    map.poleStates(me(caller).userId, query.projectId),
  );

  // Control
  addRoute(app, guard, controlRoutes.send, async ({ caller, body }) => {
    const job = await control.control(me(caller), body.scope, body.ids, {
      action: body.action,
      level: body.level,
      until: toMs(body.until),
      confirm: body.confirm,
    });
    return withMessage(job, 'lighting.control_sent', { count: job.total });
  });
  addRoute(app, guard, controlRoutes.groupSend, async ({ caller, body }) => {
    const job = await control.control(me(caller), 'group', body.groupIds, {
      action: body.action,
      level: body.level,
      until: toMs(body.until),
      confirm: body.confirm,
    });
    return withMessage(job, 'lighting.control_sent', { count: job.total });
  });
  addRoute(app, guard, controlRoutes.job, ({ caller, query }) =>
    jobs.job(me(caller).userId, query.id, { status: query.status, limit: query.limit }),
  );
  addRoute(app, guard, controlRoutes.jobList, ({ caller, query }) => jobs.jobs(me(caller).userId, query));

  // Groups
  addRoute(app, guard, groupRoutes.list, ({ caller, query }) => groups.list(me(caller).userId, query));
  const groupExport = listExport(groupColumns, (u, q) => groups.list(u, q), file.groups);
  addRoute(app, guard, groupRoutes.exportXls, groupExport);
  addRoute(app, guard, groupRoutes.queryById, ({ caller, query }) => groups.get(me(caller).userId, query.id));
  addRoute(app, guard, groupRoutes.add, ({ caller, body }) =>
    groups.add(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, groupRoutes.edit, ({ caller, body }) => groups.edit(me(caller).userId, body));
  addDeleteRoutes(app, guard, groupRoutes, (caller, ids) => groups.delete(caller.userId, ids));
  addRoute(app, guard, groupRoutes.lamps, ({ caller, query }) =>
    groups.members.page(me(caller).userId, query.groupId, query),
  );
  addRoute(app, guard, groupRoutes.addLamps, ({ caller, body }) =>
    groups.members.add(me(caller).userId, body.groupId, body.lampIds),
  );
  addRoute(app, guard, groupRoutes.removeLamps, ({ caller, body }) =>
    groups.members.remove(me(caller).userId, body.groupId, body.lampIds),
  );

  // Cabinets and circuits
  addRoute(app, guard, cabinetRoutes.list, ({ caller, query }) => cabinets.list(me(caller).userId, query));
  const cabinetExport = listExport(cabinetColumns, (u, q) => cabinets.list(u, q), file.cabinets);
  addRoute(app, guard, cabinetRoutes.exportXls, cabinetExport);
  addRoute(app, guard, cabinetRoutes.queryById, ({ caller, query }) =>
    cabinets.get(me(caller).userId, query.id),
  );
  addRoute(app, guard, cabinetRoutes.add, ({ caller, body }) =>
    cabinets.add(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, cabinetRoutes.edit, ({ caller, body }) => cabinets.edit(me(caller).userId, body));
  addRoute(app, guard, cabinetRoutes.delete, async ({ caller, query }) => {
    await cabinets.delete(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, cabinetRoutes.circuitAdd, ({ caller, body }) => circuits.add(me(caller).userId, body));
  addRoute(app, guard, cabinetRoutes.circuitEdit, ({ caller, body }) =>
    circuits.edit(me(caller).userId, body),
  );
  addRoute(app, guard, cabinetRoutes.circuitDelete, async ({ caller, query }) => {
    await circuits.delete(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, cabinetRoutes.circuitLamps, ({ caller, query }) =>
    circuits.members.page(me(caller).userId, query.circuitId, query),
  );
  addRoute(app, guard, cabinetRoutes.circuitAddLamps, ({ caller, body }) =>
    circuits.members.add(me(caller).userId, body.circuitId, body.lampIds),
  );
  addRoute(app, guard, cabinetRoutes.circuitRemoveLamps, ({ caller, body }) =>
    circuits.members.remove(me(caller).userId, body.circuitId, body.lampIds),
  );
  addRoute(app, guard, cabinetRoutes.circuitControl, ({ caller, body }) =>
    circuits.switch(me(caller), body.circuitIds, body.on),
  );

  // Strategies
  addRoute(app, guard, strategyRoutes.list, ({ caller, query, lang }) =>
    strategies.list(me(caller).userId, query, lang),
  );
  const strategyExport = listExport(
    strategyColumns,
    (u, q, lang) => strategies.list(u, q, lang),
    file.strategies,
  );
  addRoute(app, guard, strategyRoutes.exportXls, strategyExport);
  addRoute(app, guard, strategyRoutes.queryById, ({ caller, query, lang }) =>
    strategies.get(me(caller).userId, query.id, lang),
  );
  addRoute(app, guard, strategyRoutes.add, ({ caller, body, lang }) =>
    strategies.add(me(caller).userId, me(caller).username, body, lang),
  );
  addRoute(app, guard, strategyRoutes.edit, ({ caller, body, lang }) =>
    strategies.edit(me(caller), body, lang),
  );
  addDeleteRoutes(app, guard, strategyRoutes, (caller, ids) => strategies.delete(caller, ids));
  addRoute(app, guard, strategyRoutes.preview, ({ caller, body }) =>
    previews.preview(me(caller).userId, body),
  );
  addRoute(app, guard, strategyRoutes.executions, ({ caller, query }) =>
    executions.list(me(caller).userId, query),
  );
  addRoute(app, guard, strategyRoutes.gatewaySchedules, ({ caller, query }) =>
    schedules.list(me(caller).userId, query),
  );
  addRoute(app, guard, strategyRoutes.push, async ({ caller, body }) => {
    const job = await schedules.push(
      { username: me(caller).username, userId: me(caller).userId },
      await access.scopeOf(me(caller).userId),
      body,
    );
    return withMessage(job, 'lighting.push_sent', { count: Math.floor(job.total / 2) });
  });

  // Home
  addRoute(app, guard, statsRoutes.overview, ({ caller, query }) =>
    lamps.overview(me(caller).userId, query.projectId),
  );
}
