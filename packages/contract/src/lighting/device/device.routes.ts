import { z } from 'zod';
import { type Page, pageQuerySchema } from '../../envelope';
import { type Mark, marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import { type ChildKind, childKinds, commandInputSchema, type DeviceKind, gatewaySnSchema } from './protocol';

const tag = 'device';
const id = z.string().min(1).max(64);
const ids = z
  .string()
  .min(1)
  .max(40_000)
  .transform((s) => s.split(',').filter(Boolean));
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();
const dateish = z.union([z.coerce.number().int(), z.string().datetime({ offset: true })]).optional();

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

export const poleListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  code: z.string().max(64).optional(),
  name: z.string().max(100).optional(),
  road: z.string().max(100).optional(),
});
export const poleBodySchema = z.object({
  projectId: id,
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  longitude: z.coerce.number().min(-180).max(180),
  latitude: z.coerce.number().min(-90).max(90),
  road: optionalText(100),
  height: z.coerce.number().min(0).max(100).optional().nullable(),
});
export const poleEditSchema = poleBodySchema.partial().extend({ id });

export const idQuerySchema = z.object({ id });
export const idsQuerySchema = z.object({ ids });

export const importBodySchema = z.object({
  projectId: id,
  /** The .xlsx file, base64-encoded. */
  file: z
    .string()
    .min(1)
    .max(3_000_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'base64'),
});

export const poleRoutes = {
  list: defineRoute<Page<PoleDto>, undefined, typeof poleListQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/list',
    access: mark(marks.lighting.pole.list),
    summary: 'Poles of the caller’s projects',
    tag,
    query: poleListQuerySchema,
  }),
  queryById: defineRoute<PoleDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/pole/queryById',
    access: mark(marks.lighting.pole.list),
    summary: 'One pole',
    tag,
    query: idQuerySchema,
  }),
  add: defineRoute<PoleDto, typeof poleBodySchema>({
    method: 'POST',
    path: '/lighting/pole/add',
    access: mark(marks.lighting.pole.add),
    summary: 'Add a pole',
    tag,
    body: poleBodySchema,
  }),
  edit: defineRoute<PoleDto, typeof poleEditSchema>({
    method: 'PUT',
    path: '/lighting/pole/edit',
    alsoMethods: ['POST'],
    access: mark(marks.lighting.pole.edit),
    summary: 'Edit a pole',
    tag,
    body: poleEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/pole/delete',
    access: mark(marks.lighting.pole.delete),
    summary: 'Delete a pole (its devices stay, unlinked)',
    tag,
    query: idQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof idsQuerySchema>({
    method: 'DELETE',
    path: '/lighting/pole/deleteBatch',
    access: mark(marks.lighting.pole.delete),
    summary: 'Delete poles',
    tag,
    query: idsQuerySchema,
  }),
  importExcel: defineRoute<ImportResult, typeof importBodySchema>({
    method: 'POST',
    path: '/lighting/pole/importExcel',
    access: mark(marks.lighting.pole.import),
    summary: 'Import poles from .xlsx (code, name, longitude, latitude, road, height)',
    tag,
    body: importBodySchema,
  }),
};

// ---- gateways ----------------------------------------------------------------------------

export const gatewayListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  sn: z.string().max(64).optional(),
  name: z.string().max(100).optional(),
  online: z.enum(['0', '1']).optional(),
});
export const gatewayBodySchema = z.object({
  projectId: id,
  sn: gatewaySnSchema,
  name: z.string().trim().min(1).max(100),
  poleId: id.optional().nullable(),
  model: optionalText(64),
});
export const gatewayEditSchema = gatewayBodySchema.partial().omit({ sn: true }).extend({ id });

export const eventListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  gatewayId: id.optional(),
  deviceId: id.optional(),
  type: z.string().max(32).optional(),
});

export const gatewayRoutes = {
  list: defineRoute<Page<GatewayDto>, undefined, typeof gatewayListQuerySchema>({
    method: 'GET',
    path: '/lighting/gateway/list',
    access: mark(marks.lighting.gateway.list),
    summary: 'Gateways of the caller’s projects',
    tag,
    query: gatewayListQuerySchema,
  }),
  queryById: defineRoute<GatewayDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/gateway/queryById',
    access: mark(marks.lighting.gateway.list),
    summary: 'One gateway',
    tag,
    query: idQuerySchema,
  }),
  add: defineRoute<GatewayDto & { credentials: GatewayCredentials }, typeof gatewayBodySchema>({
    method: 'POST',
    path: '/lighting/gateway/add',
    access: mark(marks.lighting.gateway.add),
    summary: 'Add a gateway; answers its MQTT credentials once',
    tag,
    body: gatewayBodySchema,
  }),
  edit: defineRoute<GatewayDto, typeof gatewayEditSchema>({
    method: 'PUT',
    path: '/lighting/gateway/edit',
    alsoMethods: ['POST'],
    access: mark(marks.lighting.gateway.edit),
    summary: 'Edit a gateway',
    tag,
    body: gatewayEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/gateway/delete',
    access: mark(marks.lighting.gateway.delete),
    summary: 'Delete a gateway and the devices behind it',
    tag,
    query: idQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof idsQuerySchema>({
    method: 'DELETE',
    path: '/lighting/gateway/deleteBatch',
    access: mark(marks.lighting.gateway.delete),
    summary: 'Delete gateways',
    tag,
    query: idsQuerySchema,
  }),
  rotateCredentials: defineRoute<GatewayCredentials, typeof idQuerySchema>({
    method: 'POST',
    path: '/lighting/gateway/credentials',
    access: mark(marks.lighting.gateway.credentials),
    summary: 'Issue new MQTT credentials (the old password stops working; shown once)',
    tag,
    body: idQuerySchema,
  }),
  importExcel: defineRoute<ImportResult, typeof importBodySchema>({
    method: 'POST',
    path: '/lighting/gateway/importExcel',
    access: mark(marks.lighting.gateway.import),
    summary: 'Import gateways from .xlsx (sn, name, pole code, model); credentials are issued later',
    tag,
    body: importBodySchema,
  }),
  events: defineRoute<Page<DeviceEventDto>, undefined, typeof eventListQuerySchema>({
    method: 'GET',
    path: '/lighting/gateway/events',
    access: mark(marks.lighting.gateway.list),
    summary: 'Device events: online/offline, faults raised and cleared',
    tag,
    query: eventListQuerySchema,
  }),
};

// ---- devices behind gateways -------------------------------------------------------------

export const deviceListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  gatewayId: id.optional(),
  poleId: id.optional(),
  keyword: z.string().max(100).optional(),
  online: z.enum(['0', '1']).optional(),
  faulty: z.enum(['0', '1']).optional(),
  /** Lamps on poles of this road / area (see the lighting module's area tree). */
  roadId: id.optional(),
  areaId: id.optional(),
  /** Pole road text (poles without a road record). */
  road: z.string().max(100).optional(),
  /** Live state: on, off (online and dark), offline, fault (any active fault). */
  state: z.enum(['on', 'off', 'offline', 'fault']).optional(),
});
export const deviceBodySchema = z.object({
  gatewayId: id,
  kind: z.enum(childKinds),
  address: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'address'),
  name: z.string().trim().min(1).max(100),
  poleId: id.optional().nullable(),
  model: optionalText(64),
});
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

export const deviceEditSchema = deviceBodySchema
  .partial()
  .omit({ gatewayId: true, kind: true })
  .extend({ id });

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
      query: deviceListQuerySchema,
    }),
  ]),
) as Record<
  ChildKind,
  ReturnType<typeof defineRoute<Page<DeviceDto>, undefined, typeof deviceListQuerySchema>>
>;

export const deviceRoutes = {
  queryById: defineRoute<DeviceDto, undefined, typeof idQuerySchema>({
    method: 'GET',
    path: '/lighting/device/queryById',
    access: 'authenticated',
    summary: 'One device with its state (any device the caller’s projects include)',
    tag,
    query: idQuerySchema,
  }),
  add: defineRoute<DeviceDto, typeof deviceBodySchema>({
    method: 'POST',
    path: '/lighting/device/add',
    access: mark(marks.lighting.gateway.edit),
    summary: 'Add a device behind a gateway (gateways also announce theirs in hello)',
    tag,
    body: deviceBodySchema,
  }),
  importExcel: defineRoute<ImportResult, typeof importBodySchema>({
    method: 'POST',
    path: '/lighting/device/importExcel',
    access: mark(marks.lighting.device.import),
    summary:
      'Import devices behind gateways from .xlsx (kind, address, name, gateway sn, pole code, model); valid rows are added, the others reported',
    tag,
    body: importBodySchema,
  }),
  edit: defineRoute<DeviceDto, typeof deviceEditSchema>({
    method: 'PUT',
    path: '/lighting/device/edit',
    alsoMethods: ['POST'],
    access: mark(marks.lighting.gateway.edit),
    summary: 'Edit a device',
    tag,
    body: deviceEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof idQuerySchema>({
    method: 'DELETE',
    path: '/lighting/device/delete',
    access: mark(marks.lighting.gateway.edit),
    summary: 'Delete a device',
    tag,
    query: idQuerySchema,
  }),
};

// ---- history -----------------------------------------------------------------------------

export const historyQuerySchema = z.object({
  deviceId: id,
  from: dateish,
  to: dateish,
  /** raw readings, or the hourly/daily rollups. */
  interval: z.enum(['raw', 'hour', 'day']).default('hour'),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

export const historyRoutes = {
  lamp: defineRoute<HistoryPoint[], undefined, typeof historyQuerySchema>({
    method: 'GET',
    path: '/lighting/lamp/history',
    access: mark(marks.lighting.lamp.list),
    summary: 'Lamp readings or rollups (level, power, energy, voltage, current)',
    tag,
    query: historyQuerySchema,
  }),
  sensor: defineRoute<HistoryPoint[], undefined, typeof historyQuerySchema>({
    method: 'GET',
    path: '/env/sensor/history',
    access: mark(marks.env.sensor.list),
    summary: 'Environment readings or rollups',
    tag,
    query: historyQuerySchema,
  }),
};

// ---- commands ----------------------------------------------------------------------------

/** Targets of a command: devices behind gateways, or gateways themselves. */
export const commandBodySchema = z
  .object({
    deviceIds: z.array(id).max(20_000).default([]),
    gatewayIds: z.array(id).max(5_000).default([]),
    command: commandInputSchema,
  })
  .refine((b) => b.deviceIds.length + b.gatewayIds.length > 0, {
    message: 'targets',
    path: ['deviceIds'],
  });

export const commandListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  gatewayId: id.optional(),
  deviceId: id.optional(),
  batchId: id.optional(),
  cmd: z.string().max(64).optional(),
  status: z.enum(['pending', 'acked', 'failed', 'timeout']).optional(),
  from: dateish,
  to: dateish,
});
export const commandStatusQuerySchema = z.object({ ids });

function commandRoute(path: string, markValue: Mark, summary: string) {
  return defineRoute<SendCommandResult, typeof commandBodySchema>({
    method: 'POST',
    path,
    access: mark(markValue),
    summary,
    tag,
    body: commandBodySchema,
  });
}

/**
 * Sending commands: one route per area, each behind its control mark and accepting only
 * the commands of its area (checked by the server); the test console may send any.
 */
export const commandRoutes = {
  lamp: commandRoute(
    '/lighting/lamp/command',
    marks.lighting.lamp.control,
    'Lamp commands: lamp.*, gateway.fallback',
  ),
  gateway: commandRoute(
    '/lighting/gateway/command',
    marks.lighting.gateway.reboot,
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
  list: defineRoute<Page<CommandDto>, undefined, typeof commandListQuerySchema>({
    method: 'GET',
    path: '/lighting/command/list',
    access: mark(marks.lighting.command.list),
    summary: 'The command log: every command with its real outcome',
    tag,
    query: commandListQuerySchema,
  }),
  status: defineRoute<CommandDto[], undefined, typeof commandStatusQuerySchema>({
    method: 'GET',
    path: '/lighting/command/status',
    access: mark(marks.lighting.command.list),
    summary: 'Current status of some commands (ids comma-separated)',
    tag,
    query: commandStatusQuerySchema,
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

export const searchQuerySchema = z.object({
  keyword: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
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
export const rawQuerySchema = z.object({
  gatewayId: id,
  /** Only messages with a larger sequence number (poll with the last one seen). */
  after: z.coerce.number().int().min(0).default(0),
});

export const testConsoleRoutes = {
  search: defineRoute<DeviceSearchHit[], undefined, typeof searchQuerySchema>({
    method: 'GET',
    path: '/test/device/search',
    access: mark(marks.test.device.command),
    summary: 'Find gateways and devices by sn, address or name',
    tag,
    query: searchQuerySchema,
  }),
  raw: defineRoute<{ messages: RawMessageDto[]; last: number }, undefined, typeof rawQuerySchema>({
    method: 'GET',
    path: '/test/device/raw',
    access: mark(marks.test.device.command),
    summary:
      'Recent raw MQTT messages of a gateway, both directions (recording starts with the first poll; also pushed as live event device.raw)',
    tag,
    query: rawQuerySchema,
  }),
  commandStatus: defineRoute<CommandDto[], undefined, typeof commandStatusQuerySchema>({
    method: 'GET',
    path: '/test/device/commandStatus',
    access: mark(marks.test.device.command),
    summary: 'Status of commands sent from the test console',
    tag,
    query: commandStatusQuerySchema,
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
