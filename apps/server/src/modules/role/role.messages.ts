import { defineMessages } from '../../lib/messages';

export const roleMessages = defineMessages({
  zhCN: {
    'system.role.code_taken': '角色编码已存在',
    'system.role.admin_code': '管理员角色的编码不允许修改或删除',
  },
  enUS: {
    'system.role.code_taken': 'That role code exists already',
    'system.role.admin_code': 'The code of the administrator role cannot be changed or deleted',
  },
});
