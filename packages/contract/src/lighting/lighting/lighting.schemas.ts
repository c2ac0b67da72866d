import { z } from 'zod';
import { isCalendarDate, MAX_EPOCH_MS } from '../../calendar';
import { crudBindings } from '../../crud-routes';
import { zodOf } from '../../field-spec.schemas';
import { pageQuerySchema } from '../../page-query.schemas';
import { textInput } from '../../text-input.schemas';
import { idQueries, idQuerySchema } from '../device/device.schemas';
import {
  type ControlAction,
  cabinetFields,
  circuitFields,
  controlActions,
  controlScopes,
  groupFields,
  strategyFields,
  strategyTargetKinds,
} from './lighting.fields';

const id = textInput().min(1).max(64);
const optionalText = (max: number) => textInput().trim().max(max).optional().nullable();
/** Epoch ms or an ISO date-time with offset. */
const instant = z.union([
  z.coerce.number().int().min(0).max(MAX_EPOCH_MS),
  textInput().datetime({ offset: true }),
]);

export const areaBodySchema = z.object({
  projectId: id,
  name: textInput().trim().min(1).max(100),
  code: optionalText(64),
  sortNo: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const areaEditSchema = areaBodySchema.partial().omit({ projectId: true }).extend({ id });
export const roadBodySchema = z.object({
  areaId: id,
  name: textInput().trim().min(1).max(100),
  sortNo: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const roadEditSchema = roadBodySchema.partial().extend({ id });
export const areaTreeQuerySchema = z.object({ projectId: id.optional() });
export const roadListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  areaId: id.optional(),
});
/** Puts poles on a road (their `road` text follows the road's name); `roadId: null` takes them off. */
export const assignRoadBodySchema = z.object({
  poleIds: z.array(id).min(1).max(10_000),
  roadId: id.nullable(),
});

export const poleMapQuerySchema = z.object({ projectId: id.optional() });
/** One pole of the map by its place in the columns of `version`. */
export const poleMapPoleQuerySchema = z.object({
  projectId: id.optional(),
  version: textInput().min(1).max(64),
  index: z.coerce.number().int().min(0),
});

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

export const jobQuerySchema = z.object({
  id,
  /** Only outcomes with this status. */
  status: z.enum(['pending', 'acked', 'failed', 'timeout']).optional(),
  /** At most this many outcomes (0 = counts only). */
  limit: z.coerce.number().int().min(0).max(20_000).default(20_000),
});
export const jobListQuerySchema = pageQuerySchema.extend({ source: textInput().max(32).optional() });

export const groupListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  name: textInput().max(100).optional(),
});
export const groupBodySchema = z.object({
  projectId: zodOf(groupFields.projectId),
  name: zodOf(groupFields.name),
  remark: optionalText(500),
  /** Initial members. */
  lampIds: z.array(id).max(20_000).default([]),
});
export const groupEditSchema = z.object({
  id,
  name: zodOf(groupFields.name).optional(),
  remark: optionalText(500),
});
export const groupLampsBodySchema = z.object({ groupId: id, lampIds: z.array(id).min(1).max(20_000) });
export const groupLampsQuerySchema = pageQuerySchema.extend({ groupId: id });

export const cabinetListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  gatewayId: id.optional(),
  keyword: textInput().max(100).optional(),
});
export const cabinetBodySchema = z.object({
  projectId: zodOf(cabinetFields.projectId),
  code: zodOf(cabinetFields.code),
  name: zodOf(cabinetFields.name),
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
  channel: zodOf(circuitFields.channel),
  name: zodOf(circuitFields.name),
});
export const circuitEditSchema = z.object({
  id,
  channel: zodOf(circuitFields.channel).optional(),
  name: zodOf(circuitFields.name).optional(),
});
export const circuitLampsBodySchema = z.object({ circuitId: id, lampIds: z.array(id).min(1).max(20_000) });
export const circuitLampsQuerySchema = pageQuerySchema.extend({ circuitId: id });
export const circuitControlBodySchema = z.object({
  circuitIds: z.array(id).min(1).max(500),
  on: z.boolean(),
});

// ---- strategies -----------------------------------------------------------------------------

/** When an action happens: a local clock time, or sunrise/sunset at the lamp's pole with an offset. */
export const timeSpecSchema = z.union([
  z.object({ type: z.literal('clock'), time: textInput().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time') }),
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

export const strategyTargetSchema = z.object({ kind: z.enum(strategyTargetKinds), id });
export type StrategyTarget = z.output<typeof strategyTargetSchema>;

const dateOnly = textInput().refine(isCalendarDate, 'date');

const strategyShape = z.object({
  projectId: zodOf(strategyFields.projectId),
  name: zodOf(strategyFields.name),
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
export const strategyBodySchema = strategyShape.refine(dateRangeOk, dateRange);
export const strategyEditSchema = strategyShape.extend({ id }).refine(dateRangeOk, dateRange);
export type StrategyInput = z.output<typeof strategyBodySchema>;

export const strategyListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  name: textInput().max(100).optional(),
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
  draft: strategyShape.extend({ id: id.optional() }).refine(dateRangeOk, dateRange).optional(),
});
export const executionListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  strategyId: id.optional(),
  status: z.enum(['running', 'done', 'skipped', 'failed']).optional(),
});

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

export const overviewQuerySchema = z.object({ projectId: id.optional() });

export const areaCrudSchemas = { id: idQuerySchema, add: areaBodySchema, edit: areaEditSchema };
export const roadCrudSchemas = {
  list: roadListQuerySchema,
  id: idQuerySchema,
  add: roadBodySchema,
  edit: roadEditSchema,
};
export const groupCrudSchemas = {
  ...idQueries,
  list: groupListQuerySchema,
  add: groupBodySchema,
  edit: groupEditSchema,
};
export const cabinetCrudSchemas = {
  list: cabinetListQuerySchema,
  id: idQuerySchema,
  add: cabinetBodySchema,
  edit: cabinetEditSchema,
};
export const circuitCrudSchemas = { id: idQuerySchema, add: circuitBodySchema, edit: circuitEditSchema };
export const strategyCrudSchemas = {
  ...idQueries,
  list: strategyListQuerySchema,
  add: strategyBodySchema,
  edit: strategyEditSchema,
};

export const areaRouteSchemas = {
  ...crudBindings(areaCrudSchemas),
  ...crudBindings(roadCrudSchemas, 'road'),
  tree: { query: areaTreeQuerySchema },
  assignRoad: { body: assignRoadBodySchema },
  poleDetail: { query: idQuerySchema },
  poleMap: { query: poleMapQuerySchema },
  poleMapColumns: { query: poleMapQuerySchema },
  poleMapPole: { query: poleMapPoleQuerySchema },
  poleMapStates: { query: poleMapQuerySchema },
};
export const controlRouteSchemas = {
  send: { body: controlBodySchema },
  groupSend: { body: groupControlBodySchema },
  job: { query: jobQuerySchema },
  jobList: { query: jobListQuerySchema },
};
export const groupRouteSchemas = {
  ...crudBindings(groupCrudSchemas),
  lamps: { query: groupLampsQuerySchema },
  addLamps: { body: groupLampsBodySchema },
  removeLamps: { body: groupLampsBodySchema },
};
export const cabinetRouteSchemas = {
  ...crudBindings(cabinetCrudSchemas),
  ...crudBindings(circuitCrudSchemas, 'circuit'),
  circuitLamps: { query: circuitLampsQuerySchema },
  circuitAddLamps: { body: circuitLampsBodySchema },
  circuitRemoveLamps: { body: circuitLampsBodySchema },
  circuitControl: { body: circuitControlBodySchema },
};
export const strategyRouteSchemas = {
  ...crudBindings(strategyCrudSchemas),
  preview: { body: previewBodySchema },
  executions: { query: executionListQuerySchema },
  gatewaySchedules: { query: gatewayScheduleQuerySchema },
  push: { body: pushBodySchema },
};
export const statsRouteSchemas = { overview: { query: overviewQuerySchema } };
