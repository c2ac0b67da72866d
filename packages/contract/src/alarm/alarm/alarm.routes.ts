import { crudRoutes, writtenUnder } from '../../crud-routes';
import type { Page } from '../../envelope';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { AlarmSeverity, AlarmSourceKind, AlarmStatus, AlarmType } from './alarm.codes';
import type {
  alarmActionSchema,
  alarmCommentSchema,
  alarmCountsQuerySchema,
  alarmCrudSchemas,
  alarmIdQuerySchema,
  alarmRuleListQuerySchema,
  alarmRuleSaveSchema,
  webhookCrudSchemas,
  webhookDeliveryQuerySchema,
  webhookIdQuerySchema,
} from './alarm.schemas';

const tag = 'alarm';

/** One alarm: one active alarm per source and code; repeats raise its count and last time. */
export type AlarmDto = {
  id: string;
  projectId: string;
  projectName: string | null;
  sourceKind: AlarmSourceKind;
  sourceId: string;
  /** The source's name as the lists show it (lamp name, gateway sn, pole code, cabinet name). */
  sourceName: string | null;
  deviceId: string | null;
  gatewayId: string | null;
  poleId: string | null;
  cabinetId: string | null;
  type: AlarmType;
  code: string;
  severity: AlarmSeverity;
  status: AlarmStatus;
  /** The device no longer reports the condition. */
  cleared: boolean;
  /** Resolved and cleared: done. */
  closed: boolean;
  /** ISO 8601 times (the console shows them in the browser's zone). */
  firstAt: string;
  lastAt: string;
  clearedAt: string | null;
  count: number;
  /** The alarm this one is folded under (its gateway offline, its cabinet without supply). */
  parentId: string | null;
  /** Alarms folded under this one. */
  childCount: number;
  ackBy: string | null;
  ackAt: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  /** When it was escalated for staying unacknowledged. */
  escalatedAt: string | null;
  /** What the rule saw: the value and the limit of a threshold, the power and the band of an anomaly… */
  detail: Record<string, unknown>;
  /** The open work order that handles it (the latest, when several do). */
  workOrderId: string | null;
  /** That work order's number, e.g. WO-20261125-0007. */
  workOrderCode: string | null;
};

export const alarmActions = [
  'raised',
  'repeated',
  'acknowledged',
  'resolved',
  'cleared',
  'reopened',
  'escalated',
  'notified',
  'commented',
  'folded',
  'workorder',
] as const;
export type AlarmAction = (typeof alarmActions)[number];

/** One line of an alarm's timeline: who did what, when. */
export type AlarmEventDto = {
  id: string;
  alarmId: string;
  at: string;
  action: AlarmAction;
  /** Who (username); null when the platform did it. */
  actor: string | null;
  comment: string | null;
  detail: Record<string, unknown>;
};

export type AlarmDetail = AlarmDto & { events: AlarmEventDto[] };

/** Active alarms (not closed) by status and severity: the bell, the home page, the big screen. */
export type AlarmCounts = {
  open: number;
  acknowledged: number;
  /** Resolved but still reported by the device. */
  resolvedActive: number;
  bySeverity: Record<AlarmSeverity, number>;
};

/**
 * A pole with active alarms (its lamps', its gateway's or its own, folded alarms included): what
 * the map colours. The map names poles by their place in its columns, not by id, so the pole's
 * code and position come along to find it there.
 */
export type AlarmPoleDto = {
  poleId: string;
  code: string;
  lng: number;
  lat: number;
  /** The most severe of its active alarms (critical > major > minor > warning). */
  severity: AlarmSeverity;
  /** How many active (not closed) alarms it has. */
  count: number;
};

/** A rule as it applies to a project: the project's own, or the default it inherits. */
export type AlarmRuleDto = {
  id: string | null;
  /** null: the default every project inherits. */
  projectId: string | null;
  type: AlarmType;
  code: string;
  enabled: boolean;
  severity: AlarmSeverity;
  /**
   * What the rule type needs: `graceSeconds` (offline), `metric`, `comparison` (`gt`|`lt`),
   * `value`, `durationSeconds`, `hysteresis`, `sensorId` (threshold), `tolerancePercent`
   * (power deviation), `toleranceMinutes` (schedule mismatch, day burning).
   */
  params: Record<string, unknown>;
  /** Escalate an alarm left unacknowledged this long (minutes) to a role and/or a user. */
  escalateAfterMinutes: number | null;
  escalateRoleId: string | null;
  escalateUserId: string | null;
  /** Whether it is the default (not overridden by the project). */
  inherited: boolean;
};

/** A project's outgoing webhook: alarms are POSTed to `url` as signed JSON. */
export type WebhookDto = {
  id: string;
  projectId: string;
  url: string;
  enabled: boolean;
  /** Alarms at least this severe are sent. */
  minSeverity: AlarmSeverity;
  createTime: string;
};

/** A webhook as its list shows it: with how its latest delivery went. */
export type WebhookListItem = WebhookDto & {
  lastDelivery: Pick<WebhookDeliveryDto, 'status' | 'lastStatus' | 'createTime'> | null;
};

/** One delivery of an alarm event to a webhook, retried with back-off until delivered or given up. */
export type WebhookDeliveryDto = {
  id: string;
  webhookId: string;
  alarmId: string;
  event: AlarmAction;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The receiver's HTTP status of the last attempt. */
  lastStatus: number | null;
  lastError: string | null;
  nextAt: string | null;
  createTime: string;
  deliveredAt: string | null;
};

/** The body a webhook receives; `X-ICS-Signature: sha256=<hex HMAC of the body with the secret>`. */
export type WebhookPayload = { event: AlarmAction; at: string; alarm: AlarmDto };

const list = mark(marks.alarm.alarm.list);

const alarms = crudRoutes<typeof alarmCrudSchemas, { list: Page<AlarmDto>; queryById: AlarmDetail }>({
  base: '/alarm',
  tag,
  marks: marks.alarm.alarm,
  name: ['an alarm', 'alarms'],
});

export const alarmRoutes = {
  ...alarms(['list', 'queryById'], {
    list: {
      summary:
        'Alarms of the caller’s projects (filters: project, severity, status, type, code, source, time; top level by default; the total counts at most 10,000)',
    },
    queryById: { summary: 'One alarm with its timeline' },
  }),
  counts: defineRoute<AlarmCounts, undefined, typeof alarmCountsQuerySchema>({
    method: 'GET',
    path: '/alarm/counts',
    access: list,
    summary: 'Active alarms by status and severity',
    tag,
  }),
  poleCounts: defineRoute<AlarmPoleDto[], undefined, typeof alarmCountsQuerySchema>({
    method: 'GET',
    path: '/alarm/poleCounts',
    access: list,
    summary: 'Poles with active alarms: the most severe and how many (the map colours them)',
    tag,
  }),
  ack: defineRoute<{ count: number }, typeof alarmActionSchema>({
    method: 'POST',
    path: '/alarm/ack',
    access: mark(marks.alarm.alarm.ack),
    summary: 'Acknowledge alarms, with a comment',
    tag,
  }),
  resolve: defineRoute<{ count: number }, typeof alarmActionSchema>({
    method: 'POST',
    path: '/alarm/resolve',
    access: mark(marks.alarm.alarm.resolve),
    summary: 'Resolve alarms (and the alarms folded under them), with a comment',
    tag,
  }),
  comment: defineRoute<AlarmEventDto, typeof alarmCommentSchema>({
    method: 'POST',
    path: '/alarm/comment',
    access: mark(marks.alarm.alarm.ack),
    summary: 'Add a comment to an alarm’s timeline',
    tag,
  }),
  ...alarms(['exportXls'], { exportXls: { summary: 'Export alarms as .xlsx (the list’s filters)' } }),
} as const;

const rules = mark(marks.alarm.rule.list);
const editRules = mark(marks.alarm.rule.edit);

/** A project's webhooks are administered with its alarm rules. */
const webhooks = crudRoutes<
  typeof webhookCrudSchemas,
  { list: WebhookListItem[]; add: WebhookDto; edit: WebhookDto },
  'webhook'
>({
  base: '/alarm/webhook',
  tag,
  marks: writtenUnder(marks.alarm.rule.edit, marks.alarm.rule.list),
  name: ['a webhook', 'webhooks'],
  prefix: 'webhook',
});

export const alarmRuleRoutes = {
  list: defineRoute<AlarmRuleDto[], undefined, typeof alarmRuleListQuerySchema>({
    method: 'GET',
    path: '/alarm/rule/list',
    access: rules,
    summary: 'The rules of a project (its own and those it inherits), or the defaults',
    tag,
  }),
  save: defineRoute<AlarmRuleDto, typeof alarmRuleSaveSchema>({
    method: 'PUT',
    path: '/alarm/rule/save',
    access: editRules,
    summary: 'Set a rule for a project (or the default): enabled, severity, parameters, escalation',
    tag,
  }),
  reset: defineRoute<null, undefined, typeof alarmIdQuerySchema>({
    method: 'DELETE',
    path: '/alarm/rule/reset',
    access: editRules,
    summary: 'Drop a project’s own rule: it inherits the default again',
    tag,
  }),
  ...webhooks(['list', 'add', 'edit', 'delete'], {
    list: { summary: 'A project’s webhooks, each with its latest delivery' },
    add: { summary: 'Add a webhook (its secret signs each delivery)' },
    edit: { alsoMethods: [] },
  }),
  webhookTest: defineRoute<WebhookDeliveryDto, typeof webhookIdQuerySchema>({
    method: 'POST',
    path: '/alarm/webhook/test',
    access: editRules,
    summary: 'Send a test delivery now',
    tag,
  }),
  webhookDeliveries: defineRoute<Page<WebhookDeliveryDto>, undefined, typeof webhookDeliveryQuerySchema>({
    method: 'GET',
    path: '/alarm/webhook/deliveries',
    access: rules,
    summary: 'A webhook’s deliveries, newest first',
    tag,
  }),
} as const;
