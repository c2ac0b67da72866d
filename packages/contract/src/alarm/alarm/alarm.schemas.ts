import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodOf } from '../../field-spec.schemas';
import { pageQuerySchema } from '../../page-query.schemas';
import { textInput } from '../../text-input.schemas';
import { alarmSeverities, alarmSourceKinds, alarmStatuses, alarmTypes } from './alarm.codes';
import { webhookFields } from './webhook.fields';

const id = textInput().trim().min(1).max(64);
const time = textInput().datetime({ offset: true });
const comment = textInput().trim().max(500);

export const alarmListQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  severity: z.enum(alarmSeverities).optional(),
  /** `active`: not closed (default); `closed`: resolved and cleared; or one status. */
  status: z.enum([...alarmStatuses, 'active', 'closed', 'all']).default('active'),
  type: z.enum(alarmTypes).optional(),
  code: textInput().trim().max(64).optional(),
  sourceKind: z.enum(alarmSourceKinds).optional(),
  sourceId: id.optional(),
  deviceId: id.optional(),
  gatewayId: id.optional(),
  /** Every active alarm of a pole, folded ones included (the map's “N active alarms”). */
  poleId: id.optional(),
  /** Alarms folded under this one; without it (nor a source, device or pole) the list shows top-level alarms only. */
  parentId: id.optional(),
  /** Source name or code contains. */
  keyword: textInput().trim().max(100).optional(),
  /** Last occurrence at or after / before (ISO 8601). */
  from: time.optional(),
  to: time.optional(),
});

export const alarmIdQuerySchema = z.object({ id });
export const alarmCountsQuerySchema = z.object({ projectId: id.optional() });

export const alarmActionSchema = z.object({
  ids: z.array(id).min(1).max(1000),
  comment: comment.optional(),
});
export const alarmCommentSchema = z.object({ id, comment: comment.min(1, 'form.required') });

export const alarmRuleListQuerySchema = z.object({
  /** Without a project: the defaults. */
  projectId: id.optional(),
  type: z.enum(alarmTypes).optional(),
});

const ruleParams = z
  .object({
    graceSeconds: z.number().int().min(0).max(86_400).optional(),
    metric: textInput().max(32).optional(),
    comparison: z.enum(['gt', 'lt']).optional(),
    value: z.number().min(-1e9).max(1e9).optional(),
    durationSeconds: z.number().int().min(0).max(86_400).optional(),
    hysteresis: z.number().min(0).max(1e9).optional(),
    sensorId: id.optional(),
    tolerancePercent: z.number().min(0).max(100).optional(),
    toleranceMinutes: z.number().int().min(0).max(720).optional(),
  })
  .strict();

export const alarmRuleSaveSchema = z.object({
  projectId: id.nullable(),
  type: z.enum(alarmTypes),
  code: textInput().trim().min(1).max(64),
  enabled: z.boolean(),
  severity: z.enum(alarmSeverities),
  params: ruleParams.default({}),
  escalateAfterMinutes: z.number().int().min(1).max(10_080).nullable().default(null),
  escalateRoleId: id.nullable().default(null),
  escalateUserId: id.nullable().default(null),
});

const url = zodOf(webhookFields.url);
const secret = zodOf(webhookFields.secret);

export const webhookListQuerySchema = z.object({ projectId: id });
export const webhookIdQuerySchema = z.object({ id });
export const webhookAddSchema = z.object({
  projectId: id,
  url,
  secret,
  enabled: z.boolean().default(true),
  minSeverity: z.enum(alarmSeverities).default('warning'),
});
export const webhookEditSchema = z.object({
  id,
  url,
  /** Absent: the secret stays. */
  secret: secret.optional(),
  enabled: z.boolean(),
  minSeverity: z.enum(alarmSeverities),
});
export const webhookDeliveryQuerySchema = pageQuerySchema.extend({ webhookId: id });

export const alarmCrudSchemas = { list: alarmListQuerySchema, id: alarmIdQuerySchema };

export const alarmRouteSchemas = {
  ...crudBindings(alarmCrudSchemas),
  counts: { query: alarmCountsQuerySchema },
  poleCounts: { query: alarmCountsQuerySchema },
  ack: { body: alarmActionSchema },
  resolve: { body: alarmActionSchema },
  comment: { body: alarmCommentSchema },
};

export const webhookCrudSchemas = {
  list: webhookListQuerySchema,
  id: webhookIdQuerySchema,
  add: webhookAddSchema,
  edit: webhookEditSchema,
};

export const alarmRuleRouteSchemas = {
  ...crudBindings(webhookCrudSchemas, 'webhook'),
  list: { query: alarmRuleListQuerySchema },
  save: { body: alarmRuleSaveSchema },
  reset: { query: alarmIdQuerySchema },
  webhookTest: { body: webhookIdQuerySchema },
  webhookDeliveries: { query: webhookDeliveryQuerySchema },
};
