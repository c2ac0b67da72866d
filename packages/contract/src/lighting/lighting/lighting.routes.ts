import { z } from 'zod';
import { type Page, pageQuerySchema } from '../../envelope';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { CommandStatus, DeviceDto, PoleDto } from '../device/device.routes';
import { type ChildKind, childKinds } from '../device/protocol';

/**
 * Street lighting: areas and roads, groups, cabinets and circuits, batch control with
 * per-device outcomes, strategies (schedules) with their preview, execution log and gateway
 * push, and the home page figures. Poles, gateways, the lamp list and the command log are
 * in `../device/routes.ts`.
 */
const tag = 'lighting';
const id = z.string().min(1).max(64);
const ids = z
  .string()
  .min(1)
  .max(40_000)
  .transform((s) => s.split(',').filter(Boolean));
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();
/** Epoch ms or an ISO date-time with offset. */
const instant = z.union([z.coerce.number().int().min(0), z.string().datetime({ offset: true })]);

/** Authorisation marks of the street-lighting module (menu rows and buttons carry them). */
const { lighting } = marks;
export const lightingMarks = {
  gatewayList: lighting.gateway.list,
  poleList: lighting.pole.list,
  poleEdit: lighting.pole.edit,
  lampList: lighting.lamp.list,
  lampControl: lighting.lamp.control,
  groupList: lighting.group.list,
  groupAdd: lighting.group.add,
  groupEdit: lighting.group.edit,
  groupDelete: lighting.group.delete,
  groupControl: lighting.group.control,
  cabinetList: lighting.cabinet.list,
  cabinetAdd: lighting.cabinet.add,
  cabinetEdit: lighting.cabinet.edit,
  cabinetDelete: lighting.cabinet.delete,
  circuitControl: lighting.circuit.control,
  strategyList: lighting.strategy.list,
  strategyAdd: lighting.strategy.add,
  strategyEdit: lighting.strategy.edit,
  strategyDelete: lighting.strategy.delete,
  strategyPush: lighting.strategy.push,
  commandList: lighting.command.list,
  gisView: marks.gis.map.view,
} as const;

/** Selections larger than this need `confirm: true` (the server answers 409 `lighting.confirm_required` with `{ count }`). */
export const CONTROL_CONFIRM_THRESHOLD = 50;
/** The default project time zone and map centre. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// ---- areas and roads (project → area → road → pole) ---------------------------------------

export type AreaDto = { id: string; projectId: string; name: string; code: string | null; sortNo: number };
export type RoadDto = {
  id: string;
  projectId: string;
  areaId: string;
  areaName: string;
  name: string;
  sortNo: number;
  poleCount: number;
};
/** One node of the project → area → road tree. */
export type AreaTreeNode = {
  key: string;
  type: 'project' | 'area' | 'road';
  id: string;
  title: string;
  children?: AreaTreeNode[];
};

export const areaBodySchema = z.object({
  projectId: id,
  name: z.string().trim().min(1).max(100),
  code: optionalText(64),
  sortNo: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const areaEditSchema = areaBodySchema.partial().omit({ projectId: true }).extend({ id });
export const roadBodySchema = z.object({
  areaId: id,
  name: z.string().trim().min(1).max(100),
  sortNo: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const roadEditSchema = roadBodySchema.partial().extend({ id });
export const areaTreeQuerySchema = z.object({ projectId: id.optional() });
export const roadListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  areaId: id.optional(),
});
const idQuerySchema = z.object({ id });
const idsQuerySchema = z.object({ ids });
/** Puts poles on a road (their `road` text follows the road's name); `roadId: null` takes them off. */
export const assignRoadBodySchema = z.object({
  poleIds: z.array(id).min(1).max(10_000),
  roadId: id.nullable(),
});

/** A pole with where it sits and everything mounted on it. */
export type PoleDetailDto = PoleDto & {
  areaId: string | null;
  areaName: string | null;
  roadId: string | null;
  roadName: string | null;
  gateways: Array<{ id: string; sn: string; name: string; online: boolean }>;
  devices: DeviceDto[];
};

/** A pole's state on the map: the worst of its lamps (fault > offline > on > off), `none` without lamps. */
export const poleMapStates = ['fault', 'offline', 'on', 'off', 'none'] as const;
export type PoleMapState = (typeof poleMapStates)[number];
/** Bit of a device kind in a pole's kinds mask: `1 << childKinds.indexOf(kind)` (lamp 1, sensor 2, screen 4, speaker 8, camera 16). */
export const poleKindBit = (kind: ChildKind): number => 1 << childKinds.indexOf(kind);
/**
 * State codes of `PoleMapStatesDto.states`: a pole's code is the index of its state here
 * (the rank of its worst lamp: fault 4 > offline 3 > on 2 > off 1; 0 without lamps).
 */
export const poleMapStateCodes = [
  'none',
  'off',
  'on',
  'offline',
  'fault',
] as const satisfies readonly PoleMapState[];
/**
 * The map's poles, the part that changes only when poles or devices are added, moved or
 * removed: columns of one order (pole `i` is `codes[i]`, `lng[i]`, `lat[i]`, `kinds[i]`).
 * `version` names that registry state; the answer carries an ETag and is answered 304 to a
 * matching `If-None-Match`. Pole ids are not in it (they were most of its bytes): a clicked
 * pole's id comes from `GET /lighting/pole/mapPole` by version and index.
 */
export type PoleMapDto = {
  version: string;
  codes: string[];
  /** Degrees, 6 decimals. */
  lng: number[];
  lat: number[];
  /** Bit set of the device kinds mounted (see poleKindBit). */
  kinds: number[];
};
/**
 * The live part: one digit per pole of `GET /lighting/pole/map` of `version`, in its order
 * (the index in poleMapStateCodes). A `version` other than the client's map means the poles
 * changed: load the map again.
 */
export type PoleMapStatesDto = { version: string; states: string };
export const poleMapQuerySchema = z.object({ projectId: id.optional() });
/** One pole of the map by its place in the columns of `version`. */
export const poleMapPoleQuerySchema = z.object({
  projectId: id.optional(),
  version: z.string().min(1).max(64),
  index: z.coerce.number().int().min(0),
});

export const areaRoutes = {
  tree: defineRoute<AreaTreeNode[], undefined, typeof areaTreeQuerySchema>({
    method: 'GET',
    path: '/lighting/area/tree',
    access: mark(lightingMarks.poleList),
    summary: 'Project → area → road tree of the caller’s projects',
    tag,
    query: areaTreeQuerySchema,
  }),
  add: defineRoute<AreaDto, typeof areaBodySchema>({
    method: 'POST',
    path: '/lighting/area/add',
    access: mark(lightingMarks.poleEdit),
    summary: 'Add an area to a project',
    tag,
    body: areaBodySchema,
  }),
  edit: defineRoute<AreaDto, typeof areaEditSchema>({
    method: 'PUT',
    path: '/lighting/area/edit',
    alsoMethods: ['POST'],
    access: mark(lightingMarks.poleEdit),
    summary: 'Edit an area',
    tag,
    body: areaEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/area/delete',
    access: mark(lightingMarks.poleEdit),
    summary: 'Delete an area with its roads (poles stay, without road)',
    tag,
    query: idQuerySchema,
  }),
  roadList: defineRoute<Page<RoadDto>, undefined, typeof roadListQuerySchema>({
    method: 'GET',
    path: '/lighting/road/list',
    access: mark(lightingMarks.poleList),
    summary: 'Roads with their area and pole count',
    tag,
    query: roadListQuerySchema,
  }),
  roadAdd: defineRoute<RoadDto, typeof roadBodySchema>({
    method: 'POST',
    path: '/lighting/road/add',
    access: mark(lightingMarks.poleEdit),
    summary: 'Add a road to an area',
    tag,
    body: roadBodySchema,
  }),
  roadEdit: defineRoute<RoadDto, typeof roadEditSchema>({
    method: 'PUT',
    path: '/lighting/road/edit',
    alsoMethods: ['POST'],
    access: mark(lightingMarks.poleEdit),
    summary: 'Edit a road',
    tag,
    body: roadEditSchema,
  }),
  roadDelete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/road/delete',
    access: mark(lightingMarks.poleEdit),
    summary: 'Delete a road (its poles stay, without road)',
    tag,
    query: idQuerySchema,
  }),
  assignRoad: defineRoute<{ updated: number }, typeof assignRoadBodySchema>({
    method: 'POST',
    path: '/lighting/pole/assignRoad',
    access: mark(lightingMarks.poleEdit),
    summary: 'Put poles on a road',
    tag,
    body: assignRoadBodySchema,
  }),
  poleDetail: defineRoute<PoleDetailDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/detail',
    access: mark(lightingMarks.poleList),
    summary: 'A pole with its area, road, gateways and every device mounted on it',
    tag,
    query: idQuerySchema,
  }),
  poleMap: defineRoute<PoleMapDto, undefined, typeof poleMapQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/map',
    access: mark(lightingMarks.gisView),
    summary:
      'Every pole of the caller’s projects for the map (ids, codes, positions, kinds mounted), versioned: ETag / 304',
    tag,
    query: poleMapQuerySchema,
  }),
  poleMapColumns: defineRoute<null, undefined, typeof poleMapQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/mapColumns',
    access: mark(lightingMarks.gisView),
    summary:
      'The map’s poles as one binary body (application/vnd.ics.pole-columns: positions, kinds and codes as columns, see pole-columns.ts), versioned: ETag / 304',
    tag,
    query: poleMapQuerySchema,
  }),
  poleMapPole: defineRoute<{ id: string }, undefined, typeof poleMapPoleQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/mapPole',
    access: mark(lightingMarks.gisView),
    summary:
      'The id of the pole at an index of the map’s columns of a version (409 when the poles changed since)',
    tag,
    query: poleMapPoleQuerySchema,
  }),
  poleMapStates: defineRoute<PoleMapStatesDto, undefined, typeof poleMapQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/mapStates',
    access: mark(lightingMarks.gisView),
    summary: 'The state of every pole of the map, one digit per pole in the map’s order',
    tag,
    query: poleMapQuerySchema,
  }),
};

// ---- lamp filters ---------------------------------------------------------------------------

/**
 * Filters of the lamp list beyond the device list's (`GET /lighting/lamp/list` accepts these
 * too): road, area and live state.
 */
export const lampStates = ['on', 'off', 'offline', 'fault'] as const;
export type LampState = (typeof lampStates)[number];

// ---- control --------------------------------------------------------------------------------

export const controlActions = ['on', 'off', 'dim'] as const;
export type ControlAction = (typeof controlActions)[number];

/** What a control addresses: lamps by id, or every lamp of groups, gateways or projects. */
export const controlScopes = ['lamps', 'group', 'gateway', 'project'] as const;
export type ControlScope = (typeof controlScopes)[number];

const level = z.coerce.number().int().min(0).max(100);

const controlFields = {
  action: z.enum(controlActions),
  /** 0–100 %, required for `dim`; `on` with a level switches on at that level. */
  level: level.optional(),
  /** A manual override that ends here (epoch ms or ISO); then the strategy takes over again. */
  until: instant.optional(),
  /** Needed when the selection holds more than {@link CONTROL_CONFIRM_THRESHOLD} lamps. */
  confirm: z.boolean().default(false),
};
const needsLevel = (b: { action: ControlAction; level?: number | undefined }) =>
  b.action !== 'dim' || b.level !== undefined;

export const controlBodySchema = z
  .object({ scope: z.enum(controlScopes), ids: z.array(id).min(1).max(20_000), ...controlFields })
  .refine(needsLevel, { message: 'level', path: ['level'] });
export const groupControlBodySchema = z
  .object({ groupIds: z.array(id).min(1).max(1000), ...controlFields })
  .refine(needsLevel, { message: 'level', path: ['level'] });

/** One device's outcome within a control job. */
export type ControlOutcome = {
  deviceId: string | null;
  deviceName: string | null;
  address: string | null;
  gatewayId: string;
  commandId: string;
  status: CommandStatus;
  reason: string | null;
  ackTime: string | null;
};
export type ControlCounts = {
  total: number;
  pending: number;
  acked: number;
  failed: number;
  timeout: number;
};
/** A batch control: its counts, and (from `job`) the outcome of every device. */
export type ControlJobDto = ControlCounts & {
  id: string;
  source: 'manual' | 'strategy' | 'circuit' | 'override-end' | 'push';
  action: string;
  level: number | null;
  until: string | null;
  /** Lamps that were asked for but not sent to (not found, not a lamp) with the reason key. */
  rejected: Array<{ id: string; reason: string }>;
  done: boolean;
  createBy: string | null;
  createTime: string;
  outcomes?: ControlOutcome[];
};
export const jobQuerySchema = z.object({
  id,
  /** Only outcomes with this status. */
  status: z.enum(['pending', 'acked', 'failed', 'timeout']).optional(),
  /** At most this many outcomes (0 = counts only). */
  limit: z.coerce.number().int().min(0).max(20_000).default(20_000),
});
export const jobListQuerySchema = pageQuerySchema.extend({ source: z.string().max(32).optional() });

/**
 * Pushed over the console WebSocket to the user who started a job, as outcomes arrive:
 * `{ cmd: 'device', kind: 'control.outcome', projectId, payload }`.
 */
export type ControlOutcomeMessage = {
  cmd: 'device';
  kind: 'control.outcome';
  projectId: string;
  payload: {
    jobId: string;
    counts: ControlCounts;
    done: boolean;
    outcomes: Array<Pick<ControlOutcome, 'deviceId' | 'commandId' | 'status' | 'reason'>>;
  };
};

export const controlRoutes = {
  send: defineRoute<ControlJobDto, typeof controlBodySchema>({
    method: 'POST',
    path: '/lighting/control/send',
    access: mark(lightingMarks.lampControl),
    summary:
      'Switch on/off or dim lamps, groups, gateways or projects; answers a job whose outcomes arrive live',
    tag,
    body: controlBodySchema,
  }),
  groupSend: defineRoute<ControlJobDto, typeof groupControlBodySchema>({
    method: 'POST',
    path: '/lighting/group/control',
    access: mark(lightingMarks.groupControl),
    summary: 'Switch on/off or dim every lamp of some groups',
    tag,
    body: groupControlBodySchema,
  }),
  job: defineRoute<ControlJobDto, undefined, typeof jobQuerySchema>({
    method: 'GET',
    path: '/lighting/control/job',
    access: mark(lightingMarks.lampList),
    summary: 'A control job with every device outcome so far (poll until done)',
    tag,
    query: jobQuerySchema,
  }),
  jobList: defineRoute<Page<ControlJobDto>, undefined, typeof jobListQuerySchema>({
    method: 'GET',
    path: '/lighting/control/jobs',
    access: mark(lightingMarks.commandList),
    summary: 'Recent control jobs with their counts',
    tag,
    query: jobListQuerySchema,
  }),
};

// ---- groups ---------------------------------------------------------------------------------

export type GroupDto = {
  id: string;
  projectId: string;
  name: string;
  remark: string | null;
  lampCount: number;
  createTime: string;
};
export const groupListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  name: z.string().max(100).optional(),
});
export const groupBodySchema = z.object({
  projectId: id,
  name: z.string().trim().min(1).max(100),
  remark: optionalText(500),
  /** Initial members. */
  lampIds: z.array(id).max(20_000).default([]),
});
export const groupEditSchema = z.object({
  id,
  name: z.string().trim().min(1).max(100).optional(),
  remark: optionalText(500),
});
export const groupLampsBodySchema = z.object({ groupId: id, lampIds: z.array(id).min(1).max(20_000) });
export const groupLampsQuerySchema = pageQuerySchema.extend({ groupId: id });

export const groupRoutes = {
  list: defineRoute<Page<GroupDto>, undefined, typeof groupListQuerySchema>({
    method: 'GET',
    path: '/lighting/group/list',
    access: mark(lightingMarks.groupList),
    summary: 'Lamp groups',
    tag,
    query: groupListQuerySchema,
  }),
  queryById: defineRoute<GroupDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/group/queryById',
    access: mark(lightingMarks.groupList),
    summary: 'One group',
    tag,
    query: idQuerySchema,
  }),
  add: defineRoute<GroupDto, typeof groupBodySchema>({
    method: 'POST',
    path: '/lighting/group/add',
    access: mark(lightingMarks.groupAdd),
    summary: 'Add a group (lamps of its project only)',
    tag,
    body: groupBodySchema,
  }),
  edit: defineRoute<GroupDto, typeof groupEditSchema>({
    method: 'PUT',
    path: '/lighting/group/edit',
    alsoMethods: ['POST'],
    access: mark(lightingMarks.groupEdit),
    summary: 'Rename a group',
    tag,
    body: groupEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/group/delete',
    access: mark(lightingMarks.groupDelete),
    summary: 'Delete a group',
    tag,
    query: idQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof idsQuerySchema>({
    method: 'DELETE',
    path: '/lighting/group/deleteBatch',
    access: mark(lightingMarks.groupDelete),
    summary: 'Delete groups',
    tag,
    query: idsQuerySchema,
  }),
  lamps: defineRoute<Page<DeviceDto>, undefined, typeof groupLampsQuerySchema>({
    method: 'GET',
    path: '/lighting/group/lamps',
    access: mark(lightingMarks.groupList),
    summary: 'The lamps of a group with their state',
    tag,
    query: groupLampsQuerySchema,
  }),
  addLamps: defineRoute<{ added: number }, typeof groupLampsBodySchema>({
    method: 'POST',
    path: '/lighting/group/addLamps',
    access: mark(lightingMarks.groupEdit),
    summary: 'Add lamps to a group',
    tag,
    body: groupLampsBodySchema,
  }),
  removeLamps: defineRoute<{ removed: number }, typeof groupLampsBodySchema>({
    method: 'POST',
    path: '/lighting/group/removeLamps',
    access: mark(lightingMarks.groupEdit),
    summary: 'Remove lamps from a group',
    tag,
    body: groupLampsBodySchema,
  }),
};

// ---- cabinets and circuits ------------------------------------------------------------------

export type CircuitDto = {
  id: string;
  cabinetId: string;
  projectId: string;
  /** Contactor channel on the cabinet's gateway (1–64). */
  channel: number;
  name: string;
  lampCount: number;
  /** Last commanded state, null when never switched. */
  on: boolean | null;
  /** Outcome of the last switch command. */
  lastStatus: CommandStatus | null;
  lastReason: string | null;
  lastTime: string | null;
  lastJobId: string | null;
};
export type CabinetDto = {
  id: string;
  projectId: string;
  code: string;
  name: string;
  gatewayId: string | null;
  gatewaySn: string | null;
  gatewayOnline: boolean;
  poleId: string | null;
  longitude: number | null;
  latitude: number | null;
  remark: string | null;
  circuits: CircuitDto[];
  createTime: string;
};
export const cabinetListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  gatewayId: id.optional(),
  keyword: z.string().max(100).optional(),
});
export const cabinetBodySchema = z.object({
  projectId: id,
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  /** The gateway whose contactors switch the cabinet's circuits. */
  gatewayId: id.optional().nullable(),
  poleId: id.optional().nullable(),
  longitude: z.coerce.number().min(-180).max(180).optional().nullable(),
  latitude: z.coerce.number().min(-90).max(90).optional().nullable(),
  remark: optionalText(500),
  /** Creates circuits 1..n named “Circuit n” when adding. */
  circuitCount: z.coerce.number().int().min(0).max(64).default(0),
});
export const cabinetEditSchema = cabinetBodySchema
  .omit({ circuitCount: true, projectId: true })
  .partial()
  .extend({ id });
export const circuitBodySchema = z.object({
  cabinetId: id,
  channel: z.coerce.number().int().min(1).max(64),
  name: z.string().trim().min(1).max(100),
});
export const circuitEditSchema = z.object({
  id,
  channel: z.coerce.number().int().min(1).max(64).optional(),
  name: z.string().trim().min(1).max(100).optional(),
});
export const circuitLampsBodySchema = z.object({ circuitId: id, lampIds: z.array(id).min(1).max(20_000) });
export const circuitLampsQuerySchema = pageQuerySchema.extend({ circuitId: id });
export const circuitControlBodySchema = z.object({
  circuitIds: z.array(id).min(1).max(500),
  on: z.boolean(),
});

export const cabinetRoutes = {
  list: defineRoute<Page<CabinetDto>, undefined, typeof cabinetListQuerySchema>({
    method: 'GET',
    path: '/lighting/cabinet/list',
    access: mark(lightingMarks.cabinetList),
    summary: 'Distribution cabinets with their circuits and the state of each',
    tag,
    query: cabinetListQuerySchema,
  }),
  queryById: defineRoute<CabinetDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/cabinet/queryById',
    access: mark(lightingMarks.cabinetList),
    summary: 'One cabinet',
    tag,
    query: idQuerySchema,
  }),
  add: defineRoute<CabinetDto, typeof cabinetBodySchema>({
    method: 'POST',
    path: '/lighting/cabinet/add',
    access: mark(lightingMarks.cabinetAdd),
    summary: 'Add a cabinet',
    tag,
    body: cabinetBodySchema,
  }),
  edit: defineRoute<CabinetDto, typeof cabinetEditSchema>({
    method: 'PUT',
    path: '/lighting/cabinet/edit',
    alsoMethods: ['POST'],
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Edit a cabinet',
    tag,
    body: cabinetEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/cabinet/delete',
    access: mark(lightingMarks.cabinetDelete),
    summary: 'Delete a cabinet and its circuits',
    tag,
    query: idQuerySchema,
  }),
  circuitAdd: defineRoute<CircuitDto, typeof circuitBodySchema>({
    method: 'POST',
    path: '/lighting/circuit/add',
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Add a circuit to a cabinet',
    tag,
    body: circuitBodySchema,
  }),
  circuitEdit: defineRoute<CircuitDto, typeof circuitEditSchema>({
    method: 'PUT',
    path: '/lighting/circuit/edit',
    alsoMethods: ['POST'],
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Edit a circuit',
    tag,
    body: circuitEditSchema,
  }),
  circuitDelete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/circuit/delete',
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Delete a circuit',
    tag,
    query: idQuerySchema,
  }),
  circuitLamps: defineRoute<Page<DeviceDto>, undefined, typeof circuitLampsQuerySchema>({
    method: 'GET',
    path: '/lighting/circuit/lamps',
    access: mark(lightingMarks.cabinetList),
    summary: 'The lamps a circuit feeds',
    tag,
    query: circuitLampsQuerySchema,
  }),
  circuitAddLamps: defineRoute<{ added: number }, typeof circuitLampsBodySchema>({
    method: 'POST',
    path: '/lighting/circuit/addLamps',
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Lamps fed by a circuit (a lamp is fed by one circuit: it moves)',
    tag,
    body: circuitLampsBodySchema,
  }),
  circuitRemoveLamps: defineRoute<{ removed: number }, typeof circuitLampsBodySchema>({
    method: 'POST',
    path: '/lighting/circuit/removeLamps',
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Lamps no longer fed by a circuit',
    tag,
    body: circuitLampsBodySchema,
  }),
  circuitControl: defineRoute<ControlJobDto, typeof circuitControlBodySchema>({
    method: 'POST',
    path: '/lighting/circuit/control',
    access: mark(lightingMarks.circuitControl),
    summary: 'Switch circuits on/off through their gateway’s contactors (protocol command circuit.switch)',
    tag,
    body: circuitControlBodySchema,
  }),
};

// ---- strategies -----------------------------------------------------------------------------

/** When an action happens: a local clock time, or sunrise/sunset at the lamp's pole with an offset. */
export const timeSpecSchema = z.union([
  z.object({ type: z.literal('clock'), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time') }),
  z.object({
    type: z.enum(['sunset', 'sunrise']),
    offsetMinutes: z.coerce.number().int().min(-720).max(720).default(0),
  }),
]);
export type TimeSpec = z.output<typeof timeSpecSchema>;

export const strategyActionSchema = z
  .object({
    at: timeSpecSchema,
    action: z.enum(controlActions),
    /** Required for `dim`; for `on` the level to switch on at (default 100). */
    level: level.optional(),
  })
  .refine(needsLevel, { message: 'level', path: ['level'] });
export type StrategyAction = z.output<typeof strategyActionSchema>;

export const strategyTargetKinds = ['lamp', 'group', 'gateway', 'project'] as const;
export type StrategyTargetKind = (typeof strategyTargetKinds)[number];
export const strategyTargetSchema = z.object({ kind: z.enum(strategyTargetKinds), id });
export type StrategyTarget = z.output<typeof strategyTargetSchema>;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');

const strategyFields = z.object({
  projectId: id,
  name: z.string().trim().min(1).max(100),
  /** Higher wins. For one lamp and one local date only the winning strategy's actions run. */
  priority: z.coerce.number().int().min(0).max(1000).default(0),
  enabled: z.boolean().default(true),
  /** Inclusive local dates; absent = unbounded. */
  startDate: dateOnly.optional().nullable(),
  endDate: dateOnly.optional().nullable(),
  /** ISO weekdays 1 = Monday … 7 = Sunday. */
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).default([1, 2, 3, 4, 5, 6, 7]),
  /** At least one action (an empty list is refused). */
  actions: z.array(strategyActionSchema).min(1).max(48),
  targets: z.array(strategyTargetSchema).min(1).max(1000),
  /** Level a gateway applies when it loses the platform (pushed as gateway.fallback). */
  fallbackLevel: level.optional().nullable(),
  remark: optionalText(500),
});
const dateRangeOk = (s: { startDate?: string | null | undefined; endDate?: string | null | undefined }) =>
  !s.startDate || !s.endDate || s.startDate <= s.endDate;
const dateRange = { message: 'dateRange', path: ['endDate'] };
export const strategyBodySchema = strategyFields.refine(dateRangeOk, dateRange);
export const strategyEditSchema = strategyFields.extend({ id }).refine(dateRangeOk, dateRange);
export type StrategyInput = z.output<typeof strategyBodySchema>;

export type StrategyDto = {
  id: string;
  projectId: string;
  name: string;
  priority: number;
  enabled: boolean;
  startDate: string | null;
  endDate: string | null;
  weekdays: number[];
  actions: StrategyAction[];
  targets: Array<StrategyTarget & { name: string | null }>;
  fallbackLevel: number | null;
  remark: string | null;
  /** Bumped on every change. */
  version: number;
  createBy: string | null;
  createTime: string;
  updateTime: string;
};
export const strategyListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  name: z.string().max(100).optional(),
  enabled: z.enum(['0', '1']).optional(),
});

/**
 * Preview of the actions a lamp will receive. `draft` is the strategy being edited (unsaved):
 * it replaces the saved strategy of the same id, or joins the saved ones when it has none.
 */
export const previewBodySchema = z.object({
  lampId: id,
  days: z.coerce.number().int().min(1).max(31).default(7),
  /** First local date (default today in the project's time zone). */
  from: dateOnly.optional(),
  draft: strategyFields.extend({ id: id.optional() }).refine(dateRangeOk, dateRange).optional(),
});
export type PreviewEntry = {
  /** Local date of the plan the action belongs to. */
  date: string;
  /** Instant of the action (ISO) and the local `YYYY-MM-DD HH:mm`. */
  time: string;
  localTime: string;
  strategyId: string;
  strategyName: string;
  priority: number;
  actionIndex: number;
  action: ControlAction;
  level: number | null;
  at: TimeSpec;
};
export type PreviewResult = {
  lampId: string;
  timeZone: string;
  longitude: number;
  latitude: number;
  entries: PreviewEntry[];
  /** Per date: the winning strategy and those it overrode. */
  days: Array<{
    date: string;
    winner: string | null;
    overridden: string[];
    sunrise: string | null;
    sunset: string | null;
  }>;
};

export type ExecutionStatus = 'running' | 'done' | 'skipped' | 'failed';
export type ExecutionDto = {
  id: string;
  strategyId: string;
  strategyName: string | null;
  projectId: string;
  /** `kind:id` of the strategy target the action was for. */
  targetKey: string;
  actionIndex: number;
  action: ControlAction;
  level: number | null;
  plannedTime: string;
  executedTime: string | null;
  status: ExecutionStatus;
  lampCount: number;
  jobId: string | null;
  counts: ControlCounts | null;
  reason: string | null;
};
export const executionListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  strategyId: id.optional(),
  status: z.enum(['running', 'done', 'skipped', 'failed']).optional(),
});

/** Whether a gateway holds the schedule the platform last computed for it. */
export type GatewayScheduleDto = {
  gatewayId: string;
  sn: string;
  name: string;
  projectId: string;
  online: boolean;
  /** The version the platform computed for the gateway (null: no strategy applies). */
  expectedVersion: string | null;
  /** The version the gateway reported (hello) or acknowledged. */
  heldVersion: string | null;
  upToDate: boolean;
  fallbackLevel: number | null;
  lastPushTime: string | null;
  lastPushStatus: CommandStatus | null;
  lastPushReason: string | null;
};
export const gatewayScheduleQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  upToDate: z.enum(['0', '1']).optional(),
});
export const pushBodySchema = z
  .object({
    gatewayIds: z.array(id).max(5000).default([]),
    projectId: id.optional(),
    /** Overrides the strategies' fallback level. */
    fallbackLevel: level.optional(),
    fallbackAfterSeconds: z.coerce.number().int().min(10).max(86_400).default(300),
  })
  .refine((b) => b.gatewayIds.length > 0 || b.projectId, { message: 'targets', path: ['gatewayIds'] });

export const strategyRoutes = {
  list: defineRoute<Page<StrategyDto>, undefined, typeof strategyListQuerySchema>({
    method: 'GET',
    path: '/lighting/strategy/list',
    access: mark(lightingMarks.strategyList),
    summary: 'Strategies',
    tag,
    query: strategyListQuerySchema,
  }),
  queryById: defineRoute<StrategyDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/strategy/queryById',
    access: mark(lightingMarks.strategyList),
    summary: 'One strategy',
    tag,
    query: idQuerySchema,
  }),
  add: defineRoute<StrategyDto, typeof strategyBodySchema>({
    method: 'POST',
    path: '/lighting/strategy/add',
    access: mark(lightingMarks.strategyAdd),
    summary: 'Add a strategy',
    tag,
    body: strategyBodySchema,
  }),
  edit: defineRoute<StrategyDto, typeof strategyEditSchema>({
    method: 'PUT',
    path: '/lighting/strategy/edit',
    alsoMethods: ['POST'],
    access: mark(lightingMarks.strategyEdit),
    summary: 'Replace a strategy (all fields)',
    tag,
    body: strategyEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/strategy/delete',
    access: mark(lightingMarks.strategyDelete),
    summary: 'Delete a strategy (its execution log stays)',
    tag,
    query: idQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof idsQuerySchema>({
    method: 'DELETE',
    path: '/lighting/strategy/deleteBatch',
    access: mark(lightingMarks.strategyDelete),
    summary: 'Delete strategies',
    tag,
    query: idsQuerySchema,
  }),
  preview: defineRoute<PreviewResult, typeof previewBodySchema>({
    method: 'POST',
    path: '/lighting/strategy/preview',
    access: mark(lightingMarks.strategyList),
    summary: 'The actions one lamp will receive over the next days (with an unsaved draft)',
    tag,
    body: previewBodySchema,
  }),
  executions: defineRoute<Page<ExecutionDto>, undefined, typeof executionListQuerySchema>({
    method: 'GET',
    path: '/lighting/strategy/executions',
    access: mark(lightingMarks.strategyList),
    summary: 'Execution log: every scheduled action with its outcome',
    tag,
    query: executionListQuerySchema,
  }),
  gatewaySchedules: defineRoute<Page<GatewayScheduleDto>, undefined, typeof gatewayScheduleQuerySchema>({
    method: 'GET',
    path: '/lighting/strategy/gateways',
    access: mark(lightingMarks.strategyList),
    summary: 'Which gateways hold the current schedule version',
    tag,
    query: gatewayScheduleQuerySchema,
  }),
  push: defineRoute<ControlJobDto, typeof pushBodySchema>({
    method: 'POST',
    path: '/lighting/strategy/push',
    access: mark(lightingMarks.strategyPush),
    summary: 'Push schedules (lamp.schedule) and fallback levels (gateway.fallback) down to gateways',
    tag,
    body: pushBodySchema,
  }),
};

// ---- home page ------------------------------------------------------------------------------

export type LightingOverview = {
  lampTotal: number;
  online: number;
  /** online / lampTotal, 0–1. */
  onlineRate: number;
  lampsOn: number;
  /** Lamps on among online lamps, 0–1. */
  lightingRate: number;
  /** Energy of the caller's lamps since local midnight (Asia/Shanghai), kWh. */
  todayEnergyKwh: number;
  /** Active fault flags on the caller's lamps. */
  openFaults: number;
  gatewayTotal: number;
  gatewayOnline: number;
};
export const overviewQuerySchema = z.object({ projectId: id.optional() });

export const statsRoutes = {
  overview: defineRoute<LightingOverview, undefined, typeof overviewQuerySchema>({
    method: 'GET',
    path: '/lighting/stats/overview',
    access: 'authenticated',
    summary: 'Home page tiles for the caller’s projects',
    tag,
    query: overviewQuerySchema,
  }),
};
