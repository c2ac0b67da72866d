import { defineMessages } from '../../lib/messages';

/** Messages of system administration (users, roles, menus, departments, dictionaries, ...). */
const zhCN = {
  'system.permission.perms_taken': '授权标识已存在',
  'system.permission.has_children': '该菜单下还有子菜单或按钮，不能删除',
  'system.permission.bad_parent': '上级菜单无效',
  'system.depart.has_users': '部门“{name}”下还有用户，不能删除',
  'system.depart.has_children': '部门“{name}”下还有子部门，不能删除',
  'system.depart.bad_parent': '上级部门无效',
  'system.depart_role.code_taken': '部门角色编码已存在',
  'system.depart_role.permission_not_in_depart': '部门角色只能授予本部门拥有的权限',
  'system.depart_role.user_not_in_depart': '该用户不属于此部门',
  'system.depart.out_of_scope': '无权操作您负责的部门以外的部门',
  'system.depart.cycle': '不能把部门移动到它自己或它的下级部门之下',
  'system.depart.top_level_admin_only': '只有管理员可以新增或移动到顶级部门',
  'system.depart.permission_beyond_own': '不能授予您自己没有的权限',
  'system.data_rule.bad_column': '规则字段“{column}”不是该菜单列表的可筛选字段（可用：{allowed}）',
  'system.data_rule.bad_variable': '未知的系统变量：#{{name}}',
  'system.data_rule.bad_value': '规则值与字段“{column}”的类型不符',
  'system.data_rule.no_list': '该菜单没有可应用数据规则的列表',
  'system.data_rule.not_of_menu': '所选数据规则不属于该菜单',
  'system.project.code_taken': '项目编码已存在',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'system.permission.perms_taken': 'That authorisation mark exists already',
  'system.permission.has_children': 'This menu still has sub-menus or buttons and cannot be deleted',
  'system.permission.bad_parent': 'Invalid parent menu',
  'system.depart.has_users': 'Department "{name}" still has users and cannot be deleted',
  'system.depart.has_children': 'Department "{name}" still has sub-departments and cannot be deleted',
  'system.depart.bad_parent': 'Invalid parent department',
  'system.depart_role.code_taken': 'That department role code exists already',
  'system.depart_role.permission_not_in_depart':
    "A department role can only be granted the department's own permissions",
  'system.depart_role.user_not_in_depart': 'That user does not belong to this department',
  'system.depart.out_of_scope': 'You may only manage the departments you administer',
  'system.depart.cycle': 'A department cannot move below itself or one of its sub-departments',
  'system.depart.top_level_admin_only': 'Only an administrator may add or move a top-level department',
  'system.depart.permission_beyond_own': 'You cannot grant permissions you do not hold yourself',
  'system.data_rule.bad_column':
    'Rule field "{column}" is not a filterable field of this menu\'s list (allowed: {allowed})',
  'system.data_rule.bad_variable': 'Unknown system variable: #{{name}}',
  'system.data_rule.bad_value': 'The rule value does not fit the type of field "{column}"',
  'system.data_rule.no_list': 'This menu has no list that data rules can restrict',
  'system.data_rule.not_of_menu': 'The chosen data rules do not belong to this menu',
  'system.project.code_taken': 'That project code exists already',
};

export const systemMessages = defineMessages({ zhCN, enUS });
