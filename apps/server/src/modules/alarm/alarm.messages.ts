import { defineMessages } from '../../lib/messages';

/** Messages of the alarm module (alarms, rules, webhooks). */
const zhCN = {
  'alarm.not_found': '报警不存在或无权访问',
  'alarm.not_open': '所选报警均已确认或已处理',
  'alarm.already_resolved': '所选报警均已处理',
  'alarm.project_not_found': '项目不存在或无权访问',
  'alarm.rule_not_found': '报警规则不存在或无权访问',
  'alarm.rule_defaults_forbidden': '只有可管理全部项目的用户才能修改默认规则',
  'alarm.rule_metric_invalid': '阈值规则的监测指标无效',
  'alarm.rule_threshold_incomplete': '阈值规则需要比较方式和阈值',
  'alarm.rule_code_invalid': '该规则类型不支持此报警代码',
  'alarm.webhook_not_found': 'Webhook不存在或无权访问',
  'alarm.rule_role_not_found': '升级通知的角色不存在',
  'alarm.rule_user_not_found': '升级通知的用户不存在',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'alarm.not_found': 'Alarm not found or not yours',
  'alarm.not_open': 'The alarms chosen are acknowledged or resolved already',
  'alarm.already_resolved': 'The alarms chosen are resolved already',
  'alarm.project_not_found': 'Project not found or not yours',
  'alarm.rule_not_found': 'Alarm rule not found or not yours',
  'alarm.rule_defaults_forbidden': 'Only users who see every project may change the default rules',
  'alarm.rule_metric_invalid': 'The threshold rule’s metric is not one sensors report',
  'alarm.rule_threshold_incomplete': 'A threshold rule needs a comparison and a value',
  'alarm.rule_code_invalid': 'This rule type has no such alarm code',
  'alarm.webhook_not_found': 'Webhook not found or not yours',
  'alarm.rule_role_not_found': 'The escalation role does not exist',
  'alarm.rule_user_not_found': 'The escalation user does not exist',
};

export const alarmMessages = defineMessages({ zhCN, enUS });
