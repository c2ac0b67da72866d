import {
  type CrudResults,
  crudOperations,
  crudRoutes,
  type DtoResults,
  writtenUnder,
} from '../../crud-routes';
import type { Page } from '../../envelope';
import { type Mark, marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type {
  brokerAuthnBodySchema,
  brokerAuthzBodySchema,
  commandBodySchema,
  commandListQuerySchema,
  commandStatusQuerySchema,
  deviceCrudSchemas,
  deviceListQuerySchema,
  eventListQuerySchema,
  gatewayCrudSchemas,
  historyQuerySchema,
  idQuerySchema,
  importBodySchema,
  poleCrudSchemas,
  rawQuerySchema,
  searchQuerySchema,
} from './device.schemas';
import { type ChildKind, childKinds, type DeviceKind } from './protocol';

/**
 * Devices: gateways and the poles they sit on, the devices behind gateways (lists of every
 * kind, readings history), commands and their log, and the device test console. The MQTT
 * protocol the devices speak is `protocol.ts`.
 */
const tag = 'device';
const { gateway, pole } = marks.lighting;

export type CommandStatus = 'pending' | 'acked' | 'failed' | 'timeout';

/** Latest known state of a device (or a gateway), as ingested. */
export type DeviceStateDto = {
  online: boolean;
  lastSeen: string | null;
  /** Latest value of every reading field received (kind-specific, see the protocol). */
  values: Record<string, unknown>;
  /** Active fault codes. */
  faults: string[];
};

export type PoleDto = {
  id: string;
  projectId: string;
  code: string;
  name: string;
  longitude: number;
  latitude: number;
  road: string | null;
  height: number | null;
  createTime: string;
};

export type GatewayDto = {
  id: string;
  projectId: string;
  poleId: string | null;
  sn: string;
  name: string;
  model: string | null;
  firmware: string | null;
  online: boolean;
  lastSeen: string | null;
  scheduleVersion: string | null;
  heartbeatSeconds: number | null;
  deviceCount: number;
  credentialIssuedAt: string | null;
  createTime: string;
};

export type DeviceDto = {
  id: string;
  projectId: string;
  gatewayId: string;
  gatewaySn: string;
  poleId: string | null;
  kind: ChildKind;
  address: string;
  name: string;
  model: string | null;
  state: DeviceStateDto;
  createTime: string;
};

/** A gateway's MQTT credentials; the password is shown once and only its hash is kept. */
export type GatewayCredentials = {
  gatewayId: string;
  sn: string;
  username: string;
  password: string;
  clientId: string;
  topicPrefix: string;
};

export type CommandDto = {
  id: string;
  batchId: string | null;
  projectId: string;
  gatewayId: string;
  gatewaySn: string;
  deviceId: string | null;
  deviceAddress: string | null;
  cmd: string;
  params: Record<string, unknown>;
  status: CommandStatus;
  attempts: number;
  reason: string | null;
  result: Record<string, unknown> | null;
  createBy: string | null;
  createTime: string;
  ackTime: string | null;
};

export type SendCommandResult = {
  batchId: string;
  commands: Array<{ id: string; deviceId: string | null; gatewayId: string }>;
  /** Targets that were not sent to, with the reason key (not found, wrong kind). */
  rejected: Array<{ id: string; reason: string }>;
};

export type RawMessageDto = {
  seq: number;
  ts: number;
  direction: 'up' | 'down';
  topic: string;
  payload: string;
  /** Set when the message was dropped: the validation problem. */
  error?: string;
};

export type HistoryPoint = { ts: string; samples?: number } & Record<string, number | string | null>;

export type ImportResult = {
  total: number;
  imported: number;
  /** Rejected rows: sheet row number (the header is row 1), the column at fault when one is, the reason. */
  errors: Array<{ row: number; column?: string; message: string }>;
};

/** Where the caller's running .xlsx import stands: reading the file, then importing its rows. */
export type ImportProgress = {
  running: boolean;
  phase: 'reading' | 'importing' | null;
  /** Rows read from the file so far. */
  rows: number;
  /** Rows imported or refused so far, of `total`. */
  done: number;
  total: number | null;
};

export type DeviceEventDto = {
  id: string;
  projectId: string;
  gatewayId: string;
  deviceId: string | null;
  type: string;
  code: string | null;
  active: boolean | null;
  message: string | null;
  ts: string;
};

// ---- poles -------------------------------------------------------------------------------

const poles = crudRoutes<typeof poleCrudSchemas, DtoResults<PoleDto>>({
  base: '/lighting/pole',
  tag,
  marks: pole,
  name: ['a pole', 'poles'],
});

export const poleRoutes = {
  ...poles(crudOperations, {
    list: { summary: 'Poles of the caller’s projects' },
    delete: { summary: 'Delete a pole (its devices stay, unlinked)' },
  }),
  importExcel: defineRoute<ImportResult, typeof importBodySchema>({
    method: 'POST',
    path: '/lighting/pole/importExcel',
    access: mark(pole.import),
    summary: 'Import poles from .xlsx (code, name, longitude, latitude, road, height)',
    tag,
  }),
};

// ---- gateways ----------------------------------------------------------------------------

const gateways = crudRoutes<
  typeof gatewayCrudSchemas,
  DtoResults<GatewayDto> & { add: GatewayDto & { credentials: GatewayCredentials } }
>({ base: '/lighting/gateway', tag, marks: gateway, name: ['a gateway', 'gateways'] });

export const gatewayRoutes = {
  ...gateways(crudOperations, {
    list: { summary: 'Gateways of the caller’s projects' },
    add: { summary: 'Add a gateway; answers its MQTT credentials once' },
    delete: { summary: 'Delete a gateway and the devices behind it' },
  }),
  rotateCredentials: defineRoute<GatewayCredentials, typeof idQuerySchema>({
    method: 'POST',
    path: '/lighting/gateway/credentials',
    access: mark(gateway.credentials),
    summary: 'Issue new MQTT credentials (the old password stops working; shown once)',
    tag,
  }),
  importExcel: defineRoute<ImportResult, typeof importBodySchema>({
    method: 'POST',
    path: '/lighting/gateway/importExcel',
    access: mark(gateway.import),
    summary: 'Import gateways from .xlsx (sn, name, pole code, model); credentials are issued later',
    tag,
  }),
  events: defineRoute<Page<DeviceEventDto>, undefined, typeof eventListQuerySchema>({
    method: 'GET',
    path: '/lighting/gateway/events',
    access: mark(gateway.list),
    summary: 'Device events: online/offline, faults raised and cleared',
    tag,
  }),
};

// ---- devices behind gateways -------------------------------------------------------------

/**
 * Columns of the device import sheet (first row; English or Chinese headers). `kind` is one of
 * the child kinds; `gateway` is the sn of a gateway of the chosen project; `pole` a pole code.
 */
export const deviceImportColumns = {
  kind: ['kind', 'type', '类型', '设备类型'],
  address: ['address', 'code', 'dev', '地址', '编号', '设备地址', '设备编号'],
  name: ['name', '名称', '设备名称'],
  gateway: ['gateway', 'gateway sn', '网关', '网关序列号'],
  pole: ['pole', 'pole code', '灯杆', '灯杆编号'],
  model: ['model', '型号'],
} as const;

const listMarks: Record<ChildKind, Mark> = {
  lamp: marks.lighting.lamp.list,
  sensor: marks.env.sensor.list,
  screen: marks.led.screen.list,
  speaker: marks.radio.speaker.list,
  camera: marks.camera.camera.list,
};
const listPaths: Record<ChildKind, string> = {
  lamp: '/lighting/lamp/list',
  sensor: '/env/sensor/list',
  screen: '/led/screen/list',
  speaker: '/radio/speaker/list',
  camera: '/camera/camera/list',
};

/** One list route per device kind, each behind its module's view mark. */
export const deviceListRoutes = Object.fromEntries(
  childKinds.map((kind) => [
    kind,
    defineRoute<Page<DeviceDto>, undefined, typeof deviceListQuerySchema>({
      method: 'GET',
      path: listPaths[kind],
      access: mark(listMarks[kind]),
      summary: `Devices of kind ${kind} with their latest state`,
      tag,
    }),
  ]),
) as Record<
  ChildKind,
  ReturnType<typeof defineRoute<Page<DeviceDto>, undefined, typeof deviceListQuerySchema>>
>;

/** The lamp list as .xlsx with the live values (the list's filters), streamed. */
const lamps = crudRoutes<{ list: typeof deviceListQuerySchema }, CrudResults>({
  base: '/lighting/lamp',
  tag,
  marks: marks.lighting.lamp,
  name: ['a lamp', 'lamps'],
});

export const lampExportRoutes = lamps(['exportXls'], {
  exportXls: { summary: 'Lamps with their latest state as .xlsx (the list’s filters), streamed' },
});

/** Devices behind gateways are managed with their gateway's edit mark. */
const devices = crudRoutes<typeof deviceCrudSchemas, DtoResults<DeviceDto>>({
  base: '/lighting/device',
  tag,
  marks: writtenUnder(gateway.edit),
  name: ['a device', 'devices'],
});

export const deviceRoutes = {
  ...devices(['queryById', 'add', 'edit', 'delete'], {
    queryById: {
      // The lamp detail of the lamp list and the map; other kinds need their list mark too (checked by kind).
      access: mark(marks.lighting.lamp.list),
      summary: 'One device with its state (a device of the caller’s projects)',
    },
    add: { summary: 'Add a device behind a gateway (gateways also announce theirs in hello)' },
  }),
  importExcel: defineRoute<ImportResult, typeof importBodySchema>({
    method: 'POST',
    path: '/lighting/device/importExcel',
    access: mark(marks.lighting.device.import),
    summary:
      'Import devices behind gateways from .xlsx (kind, address, name, gateway sn, pole code, model); valid rows are added, the others reported',
    tag,
  }),
  importProgress: defineRoute<ImportProgress>({
    method: 'GET',
    path: '/lighting/import/progress',
    access: 'authenticated',
    summary: 'Progress of the caller’s running import (poles, gateways or devices); one runs at a time',
    tag,
  }),
};

// ---- history -----------------------------------------------------------------------------

export const historyRoutes = {
  lamp: defineRoute<HistoryPoint[], undefined, typeof historyQuerySchema>({
    method: 'GET',
    path: '/lighting/lamp/history',
    access: mark(marks.lighting.lamp.list),
    summary: 'Lamp readings or rollups (level, power, energy, voltage, current)',
    tag,
  }),
  sensor: defineRoute<HistoryPoint[], undefined, typeof historyQuerySchema>({
    method: 'GET',
    path: '/env/sensor/history',
    access: mark(marks.env.sensor.list),
    summary: 'Environment readings or rollups',
    tag,
  }),
};

// ---- commands ----------------------------------------------------------------------------

function commandRoute(path: string, markValue: Mark, summary: string) {
  return defineRoute<SendCommandResult, typeof commandBodySchema>({
    method: 'POST',
    path,
    access: mark(markValue),
    summary,
    tag,
  });
}

/**
 * Sending commands: one route per area, each behind its control mark and accepting only
 * the commands of its area (checked by the server); the test console may send any.
 */
/** The command log: what was sent, to what, and how it ended. */
const commandLog = crudRoutes<{ list: typeof commandListQuerySchema }, { list: Page<CommandDto> }>({
  base: '/lighting/command',
  tag,
  marks: marks.lighting.command,
  name: ['a command', 'commands'],
});

export const commandRoutes = {
  lamp: commandRoute(
    '/lighting/lamp/command',
    marks.lighting.lamp.control,
    'Lamp commands: lamp.*, gateway.fallback',
  ),
  gateway: commandRoute(
    '/lighting/gateway/command',
    gateway.reboot,
    'Gateway commands: device.reboot, device.clockSync',
  ),
  screen: commandRoute(
    '/led/screen/command',
    marks.led.screen.control,
    'LED screen commands: led.*, device.reboot',
  ),
  speaker: commandRoute(
    '/radio/speaker/command',
    marks.radio.speaker.control,
    'Speaker commands: speaker.*, device.reboot',
  ),
  test: commandRoute(
    '/test/device/command',
    marks.test.device.command,
    'Any protocol command (device test console)',
  ),
  ...commandLog(['list', 'exportXls'], {
    list: { summary: 'The command log: every command with its real outcome' },
    exportXls: { summary: 'The command log as .xlsx (the list’s filters), streamed' },
  }),
  status: defineRoute<CommandDto[], undefined, typeof commandStatusQuerySchema>({
    method: 'GET',
    path: '/lighting/command/status',
    access: mark(marks.lighting.command.list),
    summary: 'Current status of some commands (ids comma-separated)',
    tag,
  }),
};

/** The area route each command belongs to (the test console route accepts all). */
export const commandArea: Record<string, 'lamp' | 'gateway' | 'screen' | 'speaker'> = {
  'lamp.switch': 'lamp',
  'lamp.dim': 'lamp',
  'lamp.override': 'lamp',
  'lamp.schedule': 'lamp',
  'gateway.fallback': 'lamp',
  'circuit.switch': 'lamp',
  'led.power': 'screen',
  'led.brightness': 'screen',
  'led.program': 'screen',
  'speaker.volume': 'speaker',
  'speaker.play': 'speaker',
  'speaker.stop': 'speaker',
  'device.reboot': 'gateway',
  'device.clockSync': 'gateway',
};

// ---- device test console -----------------------------------------------------------------

export type DeviceSearchHit = {
  kind: DeviceKind;
  id: string;
  gatewayId: string;
  sn: string;
  address: string | null;
  name: string;
  projectId: string;
  online: boolean;
};
const testConsole = mark(marks.test.device.command);

export const testConsoleRoutes = {
  search: defineRoute<DeviceSearchHit[], undefined, typeof searchQuerySchema>({
    method: 'GET',
    path: '/test/device/search',
    access: testConsole,
    summary: 'Find gateways and devices by sn, address or name',
    tag,
  }),
  raw: defineRoute<{ messages: RawMessageDto[]; last: number }, undefined, typeof rawQuerySchema>({
    method: 'GET',
    path: '/test/device/raw',
    access: testConsole,
    summary:
      'Recent raw MQTT messages of a gateway, both directions (recording starts with the first poll; also pushed as live event device.raw)',
    tag,
  }),
  commandStatus: defineRoute<CommandDto[], undefined, typeof commandStatusQuerySchema>({
    method: 'GET',
    path: '/test/device/commandStatus',
    access: testConsole,
    summary: 'Status of commands sent from the test console',
    tag,
  }),
};

/** Events the device runtime publishes to consoles (through the realtime module). */
export type DeviceLiveEvent =
  | {
      kind: 'device.state';
      projectId: string;
      payload: { devices: Array<{ id: string; gatewayId: string } & Partial<DeviceStateDto>> };
    }
  | {
      kind: 'device.online';
      projectId: string;
      payload: { gatewayId: string; deviceId: string | null; online: boolean; ts: number };
    }
  | {
      kind: 'device.fault';
      projectId: string;
      payload: { gatewayId: string; deviceId: string | null; code: string; active: boolean; ts: number };
    }
  | { kind: 'device.command'; projectId: string; payload: CommandDto }
  | { kind: 'device.raw'; projectId: string; payload: RawMessageDto & { gatewayId: string } };

export type { DeviceKind };

/**
 * What an external broker's HTTP hooks hear back: `allow`, `deny` or `ignore` (leave it to the
 * broker's next authenticator); `is_superuser` exempts a client from authorisation. EMQX 5's
 * format: it reads the body only with HTTP 200.
 */
export type BrokerHookAnswer = { result: 'allow' | 'deny' | 'ignore'; is_superuser: boolean };

/**
 * Called by the external broker, not by users: EMQX's HTTP authenticator (may a client connect
 * with these credentials?) and HTTP authorizer (may it publish or subscribe to this topic?).
 * Public in the sense of the route table (no user token, no permission mark): the broker proves
 * itself with `Authorization: Bearer <EMQX_HOOK_SECRET>`; without that setting they answer 404.
 */
export const brokerHookRoutes = {
  emqxAuthn: defineRoute<BrokerHookAnswer, typeof brokerAuthnBodySchema>({
    method: 'POST',
    path: '/device/broker/emqx/authn',
    access: 'public',
    summary:
      'EMQX HTTP authentication: a gateway (username = sn, its platform password) or the platform itself',
    tag,
  }),
  emqxAuthz: defineRoute<BrokerHookAnswer, typeof brokerAuthzBodySchema>({
    method: 'POST',
    path: '/device/broker/emqx/authz',
    access: 'public',
    summary:
      'EMQX HTTP authorisation: a gateway publishes to its own up topics, subscribes to its own down topic',
    tag,
  }),
};
