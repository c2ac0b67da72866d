import { defineMessages } from '../../lib/messages';

export const userMessages = defineMessages({
  zhCN: {
    'system.admin_protected': '管理员账号不允许此操作！',
    'system.out_of_scope': '无权操作本部门以外的用户',
    'system.user.work_no_taken': '工号已存在',
    'system.user.available': '该值可用！',
    'system.user.managed_departs_required': '部门负责人须选择负责的部门',
  },
  enUS: {
    'system.admin_protected': 'Administrator accounts cannot be operated on!',
    'system.out_of_scope': 'You may only manage users of your own departments',
    'system.user.work_no_taken': 'That work number is taken',
    'system.user.available': 'This value is available!',
    'system.user.managed_departs_required': 'A department administrator needs the departments they manage',
  },
});
