import { z } from 'zod';
import { MAX_EPOCH_MS } from '../../calendar';
import { crudBindings } from '../../crud-routes';
import { zodShape } from '../../field-spec.schemas';
import { pageQuerySchema } from '../../page-query.schemas';
import { textInput } from '../../text-input.schemas';
import { gatewayFields, poleFields } from './device.fields';
import { type ChildKind, childKinds } from './protocol';
import { commandInputSchema } from './protocol.schemas';

const id = textInput().min(1).max(64);
const ids = textInput()
  .min(1)
  .max(40_000)
  .transform((s) => s.split(',').filter(Boolean));
const optionalText = (max: number) => textInput().trim().max(max).optional().nullable();
const dateish = z
  .union([z.coerce.number().int().min(0).max(MAX_EPOCH_MS), textInput().datetime({ offset: true })])
  .optional();

// ---- poles -------------------------------------------------------------------------------

export const poleListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  code: textInput().max(64).optional(),
  name: textInput().max(100).optional(),
  road: textInput().max(100).optional(),
});
export const poleBodySchema = z.object({
  ...zodShape(poleFields),
  road: optionalText(100),
  height: z.coerce.number().min(0).max(100).optional().nullable(),
});
export const poleEditSchema = poleBodySchema.partial().extend({ id });

export const idQuerySchema = z.object({ id });
export const idsQuerySchema = z.object({ ids });
/** The id queries of a device-side resource's standard operations (see `crudRoutes`). */
export const idQueries = { id: idQuerySchema, ids: idsQuerySchema };

export const importBodySchema = z.object({
  projectId: id,
  /** The .xlsx file, base64-encoded. */
  file: textInput()
    .min(1)
    .max(3_000_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'base64'),
});

// ---- gateways ----------------------------------------------------------------------------

export const gatewayListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  sn: textInput().max(64).optional(),
  name: textInput().max(100).optional(),
  online: z.enum(['0', '1']).optional(),
});
export const gatewayBodySchema = z.object({
  ...zodShape(gatewayFields),
  poleId: id.optional().nullable(),
  model: optionalText(64),
});
export const gatewayEditSchema = gatewayBodySchema.partial().omit({ sn: true }).extend({ id });

export const eventListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  gatewayId: id.optional(),
  deviceId: id.optional(),
  type: textInput().max(32).optional(),
});

// ---- devices behind gateways -------------------------------------------------------------

export const deviceListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  gatewayId: id.optional(),
  poleId: id.optional(),
  keyword: textInput().max(100).optional(),
  online: z.enum(['0', '1']).optional(),
  faulty: z.enum(['0', '1']).optional(),
  /** Lamps on poles of this road / area (see the lighting module's area tree). */
  roadId: id.optional(),
  areaId: id.optional(),
  /** Pole road text (poles without a road record). */
  road: textInput().max(100).optional(),
  /** Live state: on, off (online and dark), offline, fault (any active fault). */
  state: z.enum(['on', 'off', 'offline', 'fault']).optional(),
});
export const deviceBodySchema = z.object({
  gatewayId: id,
  kind: z.enum(childKinds),
  address: textInput()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'address'),
  name: textInput().trim().min(1).max(100),
  poleId: id.optional().nullable(),
  model: optionalText(64),
});
export const deviceEditSchema = deviceBodySchema
  .partial()
  .omit({ gatewayId: true, kind: true })
  .extend({ id });

// ---- history -----------------------------------------------------------------------------

export const historyQuerySchema = z.object({
  deviceId: id,
  from: dateish,
  to: dateish,
  /** raw readings, or the hourly/daily rollups. */
  interval: z.enum(['raw', 'hour', 'day']).default('hour'),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

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
  cmd: textInput().max(64).optional(),
  status: z.enum(['pending', 'acked', 'failed', 'timeout']).optional(),
  from: dateish,
  to: dateish,
});
export const commandStatusQuerySchema = z.object({ ids });

// ---- device test console -----------------------------------------------------------------

export const searchQuerySchema = z.object({
  keyword: textInput().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const rawQuerySchema = z.object({
  gatewayId: id,
  /** Only messages with a larger sequence number (poll with the last one seen). */
  after: z.coerce.number().int().min(0).default(0),
});

export const poleCrudSchemas = {
  ...idQueries,
  list: poleListQuerySchema,
  add: poleBodySchema,
  edit: poleEditSchema,
};
export const gatewayCrudSchemas = {
  ...idQueries,
  list: gatewayListQuerySchema,
  add: gatewayBodySchema,
  edit: gatewayEditSchema,
};
export const deviceCrudSchemas = { id: idQuerySchema, add: deviceBodySchema, edit: deviceEditSchema };

export const poleRouteSchemas = { ...crudBindings(poleCrudSchemas), importExcel: { body: importBodySchema } };
export const gatewayRouteSchemas = {
  ...crudBindings(gatewayCrudSchemas),
  rotateCredentials: { body: idQuerySchema },
  importExcel: { body: importBodySchema },
  events: { query: eventListQuerySchema },
};
export const deviceRouteSchemas = {
  ...crudBindings(deviceCrudSchemas),
  importExcel: { body: importBodySchema },
};
export const deviceListRouteSchemas = Object.fromEntries(
  childKinds.map((kind) => [kind, { query: deviceListQuerySchema }]),
) as Record<ChildKind, { query: typeof deviceListQuerySchema }>;
export const historyRouteSchemas = {
  lamp: { query: historyQuerySchema },
  sensor: { query: historyQuerySchema },
};
const sending = { body: commandBodySchema };
export const commandRouteSchemas = {
  lamp: sending,
  gateway: sending,
  screen: sending,
  speaker: sending,
  test: sending,
  list: { query: commandListQuerySchema },
  exportXls: { query: commandListQuerySchema },
  status: { query: commandStatusQuerySchema },
};
export const lampExportRouteSchemas = { exportXls: { query: deviceListQuerySchema } };
export const testConsoleRouteSchemas = {
  search: { query: searchQuerySchema },
  raw: { query: rawQuerySchema },
  commandStatus: { query: commandStatusQuerySchema },
};

// ---- the external broker's hooks (EMQX HTTP authentication and authorisation) ------------

// Plain strings, not `textInput`: client ids and passwords are whatever a device sent. Unknown
// fields (peerhost, qos, ...) are dropped, so operators may add them to the body templates.
export const brokerAuthnBodySchema = z.object({
  clientid: z.string().max(256),
  username: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
});
export const brokerAuthzBodySchema = z.object({
  clientid: z.string().max(256),
  username: z.string().max(256).default(''),
  topic: z.string().min(1).max(4096),
  action: z.enum(['publish', 'subscribe']),
});
export const brokerHookRouteSchemas = {
  emqxAuthn: { body: brokerAuthnBodySchema },
  emqxAuthz: { body: brokerAuthzBodySchema },
};
