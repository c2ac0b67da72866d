import { crudOperations, crudRoutes, type DtoResults, writtenUnder } from '../../crud-routes';
import type { Page } from '../../envelope';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { CommandStatus, DeviceDto, PoleDto } from '../device/device.routes';
import type { idQuerySchema } from '../device/device.schemas';
import { type ChildKind, childKinds } from '../device/protocol';
import type { ControlAction } from './lighting.fields';
import type {
  areaCrudSchemas,
  areaTreeQuerySchema,
  assignRoadBodySchema,
  cabinetCrudSchemas,
  circuitControlBodySchema,
  circuitCrudSchemas,
  circuitLampsBodySchema,
  circuitLampsQuerySchema,
  controlBodySchema,
  executionListQuerySchema,
  gatewayScheduleQuerySchema,
  groupControlBodySchema,
  groupCrudSchemas,
  groupLampsBodySchema,
  groupLampsQuerySchema,
  jobListQuerySchema,
  jobQuerySchema,
  overviewQuerySchema,
  poleMapPoleQuerySchema,
  poleMapQuerySchema,
  previewBodySchema,
  pushBodySchema,
  roadCrudSchemas,
  StrategyAction,
  StrategyTarget,
  strategyCrudSchemas,
  TimeSpec,
} from './lighting.schemas';

/**
 * Street lighting: areas and roads, groups, cabinets and circuits, batch control with
 * per-device outcomes, strategies (schedules) with their preview, execution log and gateway
 * push, and the home page figures. Poles, gateways, the lamp list and the command log are
 * in `../device/device.routes.ts`.
 */
const tag = 'lighting';
const { lighting } = marks;
const { pole } = lighting;

/** Authorisation marks of the street-lighting module (menu rows and buttons carry them). */
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
  /** Project nodes: the zone its strategies' clock times and sun events are reckoned in. */
  timeZone?: string;
  children?: AreaTreeNode[];
};

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

const areas = crudRoutes<typeof areaCrudSchemas, DtoResults<AreaDto>>({
  base: '/lighting/area',
  tag,
  marks: writtenUnder(pole.edit),
  name: ['an area', 'areas'],
});

const roads = crudRoutes<typeof roadCrudSchemas, DtoResults<RoadDto>, 'road'>({
  base: '/lighting/road',
  tag,
  marks: writtenUnder(pole.edit, pole.list),
  name: ['a road', 'roads'],
  prefix: 'road',
});

export const areaRoutes = {
  tree: defineRoute<AreaTreeNode[], undefined, typeof areaTreeQuerySchema>({
    method: 'GET',
    path: '/lighting/area/tree',
    access: mark(lightingMarks.poleList),
    summary: 'Project → area → road tree of the caller’s projects',
    tag,
  }),
  ...areas(['add', 'edit', 'delete'], {
    add: { summary: 'Add an area to a project' },
    delete: { summary: 'Delete an area with its roads (poles stay, without road)' },
  }),
  ...roads(['list', 'add', 'edit', 'delete'], {
    list: { summary: 'Roads with their area and pole count' },
    add: { summary: 'Add a road to an area' },
    delete: { summary: 'Delete a road (its poles stay, without road)' },
  }),
  assignRoad: defineRoute<{ updated: number }, typeof assignRoadBodySchema>({
    method: 'POST',
    path: '/lighting/pole/assignRoad',
    access: mark(lightingMarks.poleEdit),
    summary: 'Put poles on a road',
    tag,
  }),
  poleDetail: defineRoute<PoleDetailDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/detail',
    access: mark(lightingMarks.poleList),
    summary: 'A pole with its area, road, gateways and every device mounted on it',
    tag,
  }),
  poleMap: defineRoute<PoleMapDto, undefined, typeof poleMapQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/map',
    access: mark(lightingMarks.gisView),
    summary:
      'Every pole of the caller’s projects for the map (ids, codes, positions, kinds mounted), versioned: ETag / 304',
    tag,
  }),
  poleMapColumns: defineRoute<null, undefined, typeof poleMapQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/mapColumns',
    access: mark(lightingMarks.gisView),
    summary:
      'The map’s poles as one binary body (application/vnd.ics.pole-columns: positions, kinds and codes as columns, see pole-columns.ts), versioned: ETag / 304',
    tag,
  }),
  poleMapPole: defineRoute<{ id: string }, undefined, typeof poleMapPoleQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/mapPole',
    access: mark(lightingMarks.gisView),
    summary:
      'The id of the pole at an index of the map’s columns of a version (409 when the poles changed since)',
    tag,
  }),
  poleMapStates: defineRoute<PoleMapStatesDto, undefined, typeof poleMapQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/mapStates',
    access: mark(lightingMarks.gisView),
    summary: 'The state of every pole of the map, one digit per pole in the map’s order',
    tag,
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
  }),
  groupSend: defineRoute<ControlJobDto, typeof groupControlBodySchema>({
    method: 'POST',
    path: '/lighting/group/control',
    access: mark(lightingMarks.groupControl),
    summary: 'Switch on/off or dim every lamp of some groups',
    tag,
  }),
  job: defineRoute<ControlJobDto, undefined, typeof jobQuerySchema>({
    method: 'GET',
    path: '/lighting/control/job',
    access: mark(lightingMarks.lampList),
    summary: 'A control job with every device outcome so far (poll until done)',
    tag,
  }),
  jobList: defineRoute<Page<ControlJobDto>, undefined, typeof jobListQuerySchema>({
    method: 'GET',
    path: '/lighting/control/jobs',
    access: mark(lightingMarks.commandList),
    summary: 'Recent control jobs with their counts',
    tag,
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

const groups = crudRoutes<typeof groupCrudSchemas, DtoResults<GroupDto>>({
  base: '/lighting/group',
  tag,
  marks: marks.lighting.group,
  name: ['a group', 'groups'],
});

export const groupRoutes = {
  ...groups(crudOperations, {
    list: { summary: 'Lamp groups' },
    add: { summary: 'Add a group (lamps of its project only)' },
    edit: { summary: 'Rename a group' },
  }),
  lamps: defineRoute<Page<DeviceDto>, undefined, typeof groupLampsQuerySchema>({
    method: 'GET',
    path: '/lighting/group/lamps',
    access: mark(lightingMarks.groupList),
    summary: 'The lamps of a group with their state',
    tag,
  }),
  addLamps: defineRoute<{ added: number }, typeof groupLampsBodySchema>({
    method: 'POST',
    path: '/lighting/group/addLamps',
    access: mark(lightingMarks.groupEdit),
    summary: 'Add lamps to a group',
    tag,
  }),
  removeLamps: defineRoute<{ removed: number }, typeof groupLampsBodySchema>({
    method: 'POST',
    path: '/lighting/group/removeLamps',
    access: mark(lightingMarks.groupEdit),
    summary: 'Remove lamps from a group',
    tag,
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

const { cabinet } = marks.lighting;

const cabinets = crudRoutes<typeof cabinetCrudSchemas, DtoResults<CabinetDto>>({
  base: '/lighting/cabinet',
  tag,
  marks: cabinet,
  name: ['a cabinet', 'cabinets'],
});

/** A cabinet's circuits are edited with the cabinet. */
const circuits = crudRoutes<typeof circuitCrudSchemas, DtoResults<CircuitDto>, 'circuit'>({
  base: '/lighting/circuit',
  tag,
  marks: writtenUnder(cabinet.edit),
  name: ['a circuit', 'circuits'],
  prefix: 'circuit',
});

export const cabinetRoutes = {
  ...cabinets(['list', 'queryById', 'add', 'edit', 'delete', 'exportXls'], {
    list: { summary: 'Distribution cabinets with their circuits and the state of each' },
    delete: { summary: 'Delete a cabinet and its circuits' },
  }),
  ...circuits(['add', 'edit', 'delete'], { add: { summary: 'Add a circuit to a cabinet' } }),
  circuitLamps: defineRoute<Page<DeviceDto>, undefined, typeof circuitLampsQuerySchema>({
    method: 'GET',
    path: '/lighting/circuit/lamps',
    access: mark(lightingMarks.cabinetList),
    summary: 'The lamps a circuit feeds',
    tag,
  }),
  circuitAddLamps: defineRoute<{ added: number }, typeof circuitLampsBodySchema>({
    method: 'POST',
    path: '/lighting/circuit/addLamps',
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Lamps fed by a circuit (a lamp is fed by one circuit: it moves)',
    tag,
  }),
  circuitRemoveLamps: defineRoute<{ removed: number }, typeof circuitLampsBodySchema>({
    method: 'POST',
    path: '/lighting/circuit/removeLamps',
    access: mark(lightingMarks.cabinetEdit),
    summary: 'Lamps no longer fed by a circuit',
    tag,
  }),
  circuitControl: defineRoute<ControlJobDto, typeof circuitControlBodySchema>({
    method: 'POST',
    path: '/lighting/circuit/control',
    access: mark(lightingMarks.circuitControl),
    summary: 'Switch circuits on/off through their gateway’s contactors (protocol command circuit.switch)',
    tag,
  }),
};

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

/**
 * The version of the empty schedule: what a gateway holds once no strategy governs its lamps
 * (a deleted or disabled strategy's schedule is replaced by it). A gateway that never held a
 * schedule counts as holding it.
 */
export const EMPTY_SCHEDULE_VERSION = 'empty';

/** Whether a gateway holds the schedule the platform last computed for it. */
export type GatewayScheduleDto = {
  gatewayId: string;
  sn: string;
  name: string;
  projectId: string;
  online: boolean;
  /** The version the platform computed for the gateway (`EMPTY_SCHEDULE_VERSION`: no strategy applies; null: its project is gone). */
  expectedVersion: string | null;
  /** The version the gateway reported (hello) or acknowledged. */
  heldVersion: string | null;
  upToDate: boolean;
  fallbackLevel: number | null;
  lastPushTime: string | null;
  lastPushStatus: CommandStatus | null;
  lastPushReason: string | null;
};

const strategies = crudRoutes<typeof strategyCrudSchemas, DtoResults<StrategyDto>>({
  base: '/lighting/strategy',
  tag,
  marks: marks.lighting.strategy,
  name: ['a strategy', 'strategies'],
});

export const strategyRoutes = {
  ...strategies(crudOperations, {
    list: { summary: 'Strategies' },
    edit: { summary: 'Replace a strategy (all fields)' },
    delete: { summary: 'Delete a strategy (its execution log stays)' },
  }),
  preview: defineRoute<PreviewResult, typeof previewBodySchema>({
    method: 'POST',
    path: '/lighting/strategy/preview',
    access: mark(lightingMarks.strategyList),
    summary: 'The actions one lamp will receive over the next days (with an unsaved draft)',
    tag,
  }),
  executions: defineRoute<Page<ExecutionDto>, undefined, typeof executionListQuerySchema>({
    method: 'GET',
    path: '/lighting/strategy/executions',
    access: mark(lightingMarks.strategyList),
    summary: 'Execution log: every scheduled action with its outcome',
    tag,
  }),
  gatewaySchedules: defineRoute<Page<GatewayScheduleDto>, undefined, typeof gatewayScheduleQuerySchema>({
    method: 'GET',
    path: '/lighting/strategy/gateways',
    access: mark(lightingMarks.strategyList),
    summary: 'Which gateways hold the current schedule version',
    tag,
  }),
  push: defineRoute<ControlJobDto, typeof pushBodySchema>({
    method: 'POST',
    path: '/lighting/strategy/push',
    access: mark(lightingMarks.strategyPush),
    summary: 'Push schedules (lamp.schedule) and fallback levels (gateway.fallback) down to gateways',
    tag,
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

export const statsRoutes = {
  overview: defineRoute<LightingOverview, undefined, typeof overviewQuerySchema>({
    method: 'GET',
    path: '/lighting/stats/overview',
    access: mark(marks.lighting.lamp.list),
    summary: 'Home page tiles for the caller’s projects',
    tag,
  }),
};
