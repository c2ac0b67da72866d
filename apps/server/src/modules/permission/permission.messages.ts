import { defineMessages } from '../../lib/messages';

export const permissionMessages = defineMessages({
  zhCN: {
    'system.permission.perms_taken': '授权标识已存在',
    'system.permission.has_children': '该菜单下还有子菜单或按钮，不能删除',
    'system.permission.bad_parent': '上级菜单无效',
    'system.depart.permission_beyond_own': '不能授予您自己没有的权限',
    'system.data_rule.bad_column': '规则字段“{column}”不是该菜单列表的可筛选字段（可用：{allowed}）',
    'system.data_rule.bad_variable': '未知的系统变量：#{{name}}',
    'system.data_rule.bad_value': '规则值与字段“{column}”的类型不符',
    'system.data_rule.no_list': '该菜单没有可应用数据规则的列表',
    'system.data_rule.not_of_menu': '所选数据规则不属于该菜单',
  },
  enUS: {
    'system.permission.perms_taken': 'That authorisation mark exists already',
    'system.permission.has_children': 'This menu still has sub-menus or buttons and cannot be deleted',
    'system.permission.bad_parent': 'Invalid parent menu',
    'system.depart.permission_beyond_own': 'You cannot grant permissions you do not hold yourself',
    'system.data_rule.bad_column':
      'Rule field "{column}" is not a filterable field of this menu\'s list (allowed: {allowed})',
    'system.data_rule.bad_variable': 'Unknown system variable: #{{name}}',
    'system.data_rule.bad_value': 'The rule value does not fit the type of field "{column}"',
    'system.data_rule.no_list': 'This menu has no list that data rules can restrict',
    'system.data_rule.not_of_menu': 'The chosen data rules do not belong to this menu',
  },
});
