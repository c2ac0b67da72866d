import type { roleZhCN } from './zh-CN';

export const roleEnUS: typeof roleZhCN = {
  common: {
    createTime: 'Created',
    description: 'Description',
    saved: 'Saved',
  },
  dataRules: 'Data rules',
  dataRulesTitle: 'Data rules: {{name}}',
  dataRuleOption: '{{name}} ({{column}} {{condition}} {{value}})',
  title: 'Roles',
  roleName: 'Role name',
  roleCode: 'Role code',
  addTitle: 'Add role',
  editTitle: 'Edit role',
  authorize: 'Permissions',
  authorizeTitle: 'Permissions of role: {{name}}',
  permissionsSaved: 'Permissions saved',
};
