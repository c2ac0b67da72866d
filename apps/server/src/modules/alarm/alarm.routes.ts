import { type AlarmDto, alarmRoutes, alarmRuleRoutes, type Language, toPage } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { replyXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute } from '../../http/routes';
import type { AlarmFilter } from './alarm.repository';
import type { AlarmService } from './alarm.service';
import type { RuleService } from './rule.service';
import type { WebhookService } from './webhook.service';

export type AlarmServices = { alarms: AlarmService; rules: RuleService; webhooks: WebhookService };

const EXPORT_COLUMNS = {
  columns: {
    projectName: { column: 'projectName', title: ['项目', 'Project'] },
    sourceName: { column: 'sourceName', title: ['对象', 'Source'] },
    sourceKind: { column: 'sourceKind', title: ['对象类型', 'Source kind'] },
    type: { column: 'type', title: ['类型', 'Type'] },
    code: { column: 'code', title: ['代码', 'Code'] },
    severity: { column: 'severity', title: ['级别', 'Severity'] },
    status: { column: 'status', title: ['状态', 'Status'] },
    cleared: { column: 'cleared', title: ['已恢复', 'Cleared'] },
    count: { column: 'count', title: ['次数', 'Count'] },
    firstAt: { column: 'firstAt', title: ['首次发生', 'First'] },
    lastAt: { column: 'lastAt', title: ['最近发生', 'Last'] },
    ackBy: { column: 'ackBy', title: ['确认人', 'Acknowledged by'] },
    resolvedBy: { column: 'resolvedBy', title: ['处理人', 'Resolved by'] },
    childCount: { column: 'childCount', title: ['关联报警', 'Folded alarms'] },
    workOrderCode: { column: 'workOrderCode', title: ['工单', 'Work order'] },
  },
} as const;

const TEXTS: Record<string, [string, string]> = {
  critical: ['紧急', 'Critical'],
  major: ['重要', 'Major'],
  minor: ['次要', 'Minor'],
  warning: ['提示', 'Warning'],
  open: ['未确认', 'Open'],
  acknowledged: ['已确认', 'Acknowledged'],
  resolved: ['已处理', 'Resolved'],
  fault: ['设备故障', 'Fault'],
  offline: ['离线', 'Offline'],
  threshold: ['阈值越限', 'Threshold'],
  anomaly: ['运行异常', 'Anomaly'],
  supply: ['供电', 'Supply'],
};
const text = (lang: Language, v: string) => TEXTS[v]?.[lang === 'en-US' ? 1 : 0] ?? v;

function exportRow(a: AlarmDto, lang: Language): Record<string, unknown> {
  return {
    ...a,
    severity: text(lang, a.severity),
    status: text(lang, a.status),
    type: text(lang, a.type),
    cleared: lang === 'en-US' ? (a.cleared ? 'yes' : 'no') : a.cleared ? '是' : '否',
  };
}

function filterOf(q: AlarmFilter): AlarmFilter {
  const { projectId, severity, status, type, code, sourceKind, sourceId, deviceId, gatewayId, poleId } = q;
  const { parentId, keyword, from, to } = q;
  return {
    projectId,
    severity,
    status,
    type,
    code,
    sourceKind,
    sourceId,
    deviceId,
    gatewayId,
    poleId,
    parentId,
    keyword,
    from,
    to,
  };
}

/** Alarms (list, detail, counts, acknowledge, resolve, comment, export), rules and webhooks. */
export function registerAlarmRoutes(app: FastifyInstance, guard: AccessGuard, s: AlarmServices): void {
  addRoute(app, guard, alarmRoutes.list, ({ caller, query, lang }) =>
    s.alarms.list(caller!.userId, filterOf(query), query, lang),
  );
  addRoute(app, guard, alarmRoutes.queryById, ({ caller, query, lang }) =>
    s.alarms.get(caller!.userId, query.id, lang),
  );
  addRoute(app, guard, alarmRoutes.counts, ({ caller, query }) =>
    s.alarms.counts(caller!.userId, query.projectId),
  );
  addRoute(app, guard, alarmRoutes.poleCounts, ({ caller, query }) =>
    s.alarms.poleCounts(caller!.userId, query.projectId),
  );
  addRoute(app, guard, alarmRoutes.ack, ({ caller, body }) =>
    s.alarms.ack(caller!.userId, caller!.username, body.ids, body.comment),
  );
  addRoute(app, guard, alarmRoutes.resolve, ({ caller, body }) =>
    s.alarms.resolve(caller!.userId, caller!.username, body.ids, body.comment),
  );
  addRoute(app, guard, alarmRoutes.comment, ({ caller, body }) =>
    s.alarms.comment(caller!.userId, caller!.username, body.id, body.comment),
  );
  addRoute(app, guard, alarmRoutes.exportXls, async ({ caller, query, reply, lang }) => {
    const rows = await s.alarms.exportRows(caller!.userId, filterOf(query), query, lang);
    await replyXlsx(
      reply,
      lang,
      EXPORT_COLUMNS,
      rows.map((a) => exportRow(a, lang)),
      { 'zh-CN': '报警', 'en-US': 'alarms' },
    );
    return null;
  });

  addRoute(app, guard, alarmRuleRoutes.list, ({ caller, query }) =>
    s.rules.list(caller!.userId, query.projectId, query.type),
  );
  addRoute(app, guard, alarmRuleRoutes.save, ({ caller, body }) =>
    s.rules.save(caller!.userId, caller!.username, body),
  );
  addRoute(app, guard, alarmRuleRoutes.reset, async ({ caller, query }) => {
    await s.rules.reset(caller!.userId, query.id);
    return null;
  });
  addRoute(app, guard, alarmRuleRoutes.webhookList, ({ caller, query }) =>
    s.webhooks.list(caller!.userId, query.projectId),
  );
  addRoute(app, guard, alarmRuleRoutes.webhookAdd, ({ caller, body }) =>
    s.webhooks.add(caller!.userId, caller!.username, body),
  );
  addRoute(app, guard, alarmRuleRoutes.webhookEdit, ({ caller, body }) =>
    s.webhooks.edit(caller!.userId, body),
  );
  addRoute(app, guard, alarmRuleRoutes.webhookDelete, async ({ caller, query }) => {
    await s.webhooks.remove(caller!.userId, query.id);
    return null;
  });
  addRoute(app, guard, alarmRuleRoutes.webhookTest, ({ caller, body }) =>
    s.webhooks.test(caller!.userId, body.id),
  );
  addRoute(app, guard, alarmRuleRoutes.webhookDeliveries, async ({ caller, query }) => {
    const { rows, total } = await s.webhooks.deliveries(caller!.userId, query.webhookId, query);
    return toPage(rows, total, query.pageNo, query.pageSize);
  });
}
