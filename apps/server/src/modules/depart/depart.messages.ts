import { defineMessages } from '../../lib/messages';

export const departMessages = defineMessages({
  zhCN: {
    'system.depart.has_users': '部门“{name}”下还有用户，不能删除',
    'system.depart.has_children': '部门“{name}”下还有子部门，不能删除',
    'system.depart.bad_parent': '上级部门无效',
    'system.depart.out_of_scope': '无权操作您负责的部门以外的部门',
    'system.depart.cycle': '不能把部门移动到它自己或它的下级部门之下',
    'system.depart.top_level_admin_only': '只有管理员可以新增或移动到顶级部门',
    'system.depart_role.code_taken': '部门角色编码已存在',
    'system.depart_role.permission_not_in_depart': '部门角色只能授予本部门拥有的权限',
    'system.depart_role.user_not_in_depart': '该用户不属于此部门',
  },
  enUS: {
    'system.depart.has_users': 'Department "{name}" still has users and cannot be deleted',
    'system.depart.has_children': 'Department "{name}" still has sub-departments and cannot be deleted',
    'system.depart.bad_parent': 'Invalid parent department',
    'system.depart.out_of_scope': 'You may only manage the departments you administer',
    'system.depart.cycle': 'A department cannot move below itself or one of its sub-departments',
    'system.depart.top_level_admin_only': 'Only an administrator may add or move a top-level department',
    'system.depart_role.code_taken': 'That department role code exists already',
    'system.depart_role.permission_not_in_depart':
      "A department role can only be granted the department's own permissions",
    'system.depart_role.user_not_in_depart': 'That user does not belong to this department',
  },
});
