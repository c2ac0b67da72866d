import {
  areaRoutes,
  cabinetRoutes,
  controlRoutes,
  groupRoutes,
  statsRoutes,
  strategyRoutes,
} from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type AccessGuard, addRoute, type Caller, withMessage } from '../../http/routes';
import type { ControlService } from './control.service';
import type { LightingService } from './lighting.service';
import { sendPoleColumns, sendPoleMap } from './pole-map.reply';
import type { StrategyService } from './strategy.service';

export type LightingModuleDeps = {
  guard: AccessGuard;
  lighting: LightingService;
  control: ControlService;
  strategies: StrategyService;
};

const toMs = (v: number | string | undefined) => (v === undefined ? undefined : new Date(v).getTime());

/** Street lighting: areas/roads, groups, cabinets/circuits, control jobs, strategies, home figures. */
export function registerLightingRoutes(
  app: FastifyInstance,
  { guard, lighting, control, strategies }: LightingModuleDeps,
): void {
  const me = (c: Caller | null) => c!;

  // Areas, roads, poles
  addRoute(app, guard, areaRoutes.tree, ({ caller, query }) =>
    lighting.tree(me(caller).userId, query.projectId),
  );
  addRoute(app, guard, areaRoutes.add, ({ caller, body }) =>
    lighting.addArea(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, areaRoutes.edit, ({ caller, body }) => lighting.editArea(me(caller).userId, body));
  addRoute(app, guard, areaRoutes.delete, async ({ caller, query }) => {
    await lighting.deleteArea(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, areaRoutes.roadList, ({ caller, query }) =>
    lighting.listRoads(me(caller).userId, query),
  );
  addRoute(app, guard, areaRoutes.roadAdd, ({ caller, body }) =>
    lighting.addRoad(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, areaRoutes.roadEdit, ({ caller, body }) => lighting.editRoad(me(caller).userId, body));
  addRoute(app, guard, areaRoutes.roadDelete, async ({ caller, query }) => {
    await lighting.deleteRoad(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, areaRoutes.assignRoad, ({ caller, body }) =>
    lighting.assignRoad(me(caller).userId, body.poleIds, body.roadId),
  );
  addRoute(app, guard, areaRoutes.poleDetail, ({ caller, query }) =>
    lighting.poleDetail(me(caller).userId, query.id),
  );
  addRoute(app, guard, areaRoutes.poleMap, async ({ caller, query, request, reply, lang }) =>
    sendPoleMap(request, reply, await lighting.map.registry(me(caller).userId, query.projectId), lang),
  );
  addRoute(app, guard, areaRoutes.poleMapColumns, async ({ caller, query, request, reply }) =>
    sendPoleColumns(request, reply, await lighting.map.registry(me(caller).userId, query.projectId)),
  );
  addRoute(app, guard, areaRoutes.poleMapPole, ({ caller, query }) =>
    lighting.map.poleIdAt(me(caller).userId, query.version, query.index, query.projectId),
  );
  addRoute(app, guard, areaRoutes.poleMapStates, ({ caller, query }) =>
    lighting.map.poleStates(me(caller).userId, query.projectId),
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
    control.job(me(caller).userId, query.id, { status: query.status, limit: query.limit }),
  );
  addRoute(app, guard, controlRoutes.jobList, ({ caller, query }) => control.jobs(me(caller).userId, query));

  // Groups
  addRoute(app, guard, groupRoutes.list, ({ caller, query }) =>
    lighting.listGroups(me(caller).userId, query),
  );
  addRoute(app, guard, groupRoutes.queryById, ({ caller, query }) =>
    lighting.getGroup(me(caller).userId, query.id),
  );
  addRoute(app, guard, groupRoutes.add, ({ caller, body }) =>
    lighting.addGroup(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, groupRoutes.edit, ({ caller, body }) => lighting.editGroup(me(caller).userId, body));
  addRoute(app, guard, groupRoutes.delete, async ({ caller, query }) => {
    await lighting.deleteGroups(me(caller).userId, [query.id]);
    return null;
  });
  addRoute(app, guard, groupRoutes.deleteBatch, async ({ caller, query }) => {
    await lighting.deleteGroups(me(caller).userId, query.ids);
    return null;
  });
  addRoute(app, guard, groupRoutes.lamps, ({ caller, query }) =>
    lighting.groupLamps(me(caller).userId, query.groupId, query),
  );
  addRoute(app, guard, groupRoutes.addLamps, ({ caller, body }) =>
    lighting.addGroupLamps(me(caller).userId, body.groupId, body.lampIds),
  );
  addRoute(app, guard, groupRoutes.removeLamps, ({ caller, body }) =>
    lighting.removeGroupLamps(me(caller).userId, body.groupId, body.lampIds),
  );

  // Cabinets and circuits
  addRoute(app, guard, cabinetRoutes.list, ({ caller, query }) =>
    lighting.listCabinets(me(caller).userId, query),
  );
  addRoute(app, guard, cabinetRoutes.queryById, ({ caller, query }) =>
    lighting.getCabinet(me(caller).userId, query.id),
  );
  addRoute(app, guard, cabinetRoutes.add, ({ caller, body }) =>
    lighting.addCabinet(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, cabinetRoutes.edit, ({ caller, body }) =>
    lighting.editCabinet(me(caller).userId, body),
  );
  addRoute(app, guard, cabinetRoutes.delete, async ({ caller, query }) => {
    await lighting.deleteCabinet(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, cabinetRoutes.circuitAdd, ({ caller, body }) =>
    lighting.addCircuit(me(caller).userId, body),
  );
  addRoute(app, guard, cabinetRoutes.circuitEdit, ({ caller, body }) =>
    lighting.editCircuit(me(caller).userId, body),
  );
  addRoute(app, guard, cabinetRoutes.circuitDelete, async ({ caller, query }) => {
    await lighting.deleteCircuit(me(caller).userId, query.id);
    return null;
  });
  addRoute(app, guard, cabinetRoutes.circuitLamps, ({ caller, query }) =>
    lighting.circuitLamps(me(caller).userId, query.circuitId, query),
  );
  addRoute(app, guard, cabinetRoutes.circuitAddLamps, ({ caller, body }) =>
    lighting.addCircuitLamps(me(caller).userId, body.circuitId, body.lampIds),
  );
  addRoute(app, guard, cabinetRoutes.circuitRemoveLamps, ({ caller, body }) =>
    lighting.removeCircuitLamps(me(caller).userId, body.circuitId, body.lampIds),
  );
  addRoute(app, guard, cabinetRoutes.circuitControl, ({ caller, body }) =>
    lighting.switchCircuits(me(caller), body.circuitIds, body.on),
  );

  // Strategies
  addRoute(app, guard, strategyRoutes.list, ({ caller, query }) => strategies.list(me(caller).userId, query));
  addRoute(app, guard, strategyRoutes.queryById, ({ caller, query }) =>
    strategies.get(me(caller).userId, query.id),
  );
  addRoute(app, guard, strategyRoutes.add, ({ caller, body }) =>
    strategies.add(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, strategyRoutes.edit, ({ caller, body }) => strategies.edit(me(caller).userId, body));
  addRoute(app, guard, strategyRoutes.delete, async ({ caller, query }) => {
    await strategies.delete(me(caller).userId, [query.id]);
    return null;
  });
  addRoute(app, guard, strategyRoutes.deleteBatch, async ({ caller, query }) => {
    await strategies.delete(me(caller).userId, query.ids);
    return null;
  });
  addRoute(app, guard, strategyRoutes.preview, ({ caller, body }) =>
    strategies.preview(me(caller).userId, body),
  );
  addRoute(app, guard, strategyRoutes.executions, ({ caller, query }) =>
    strategies.executions(me(caller).userId, query),
  );
  addRoute(app, guard, strategyRoutes.gatewaySchedules, ({ caller, query }) =>
    strategies.gatewaySchedules(me(caller).userId, query),
  );
  addRoute(app, guard, strategyRoutes.push, async ({ caller, body }) => {
    const job = await strategies.push(
      { username: me(caller).username, userId: me(caller).userId },
      await control.scope(me(caller).userId),
      body,
    );
    return withMessage(job, 'lighting.push_sent', { count: Math.floor(job.total / 2) });
  });

  // Home
  addRoute(app, guard, statsRoutes.overview, ({ caller, query }) =>
    lighting.overview(me(caller).userId, query.projectId),
  );
}
