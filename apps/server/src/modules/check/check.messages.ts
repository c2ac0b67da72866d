import { defineMessages } from '../../lib/messages';

export const checkMessages = defineMessages({
  zhCN: {
    'system.check_rule.code_taken': '规则编码已存在',
    'system.check_rule.not_found': '该编码不存在',
    'system.check_rule.failed': '{message}',
    'system.check_rule.passed': '校验通过',
    'system.duplicate.taken': '该值不可用，系统中已存在！',
    'system.duplicate.not_allowed': '不支持校验该表或字段',
  },
  enUS: {
    'system.check_rule.code_taken': 'That rule code exists already',
    'system.check_rule.not_found': 'No such rule code',
    'system.check_rule.failed': '{message}',
    'system.check_rule.passed': 'Check passed',
    'system.duplicate.taken': 'This value is not available: it exists already!',
    'system.duplicate.not_allowed': 'That table or field cannot be checked',
  },
});
