/** Texts of the role pages (namespace `role`). en-US must satisfy this type. */
export const roleZhCN = {
  common: {
    createTime: '创建时间',
    description: '描述',
    saved: '保存成功',
  },
  dataRules: '数据规则',
  dataRulesTitle: '数据规则：{{name}}',
  dataRuleOption: '{{name}}（{{column}} {{condition}} {{value}}）',
  title: '角色管理',
  roleName: '角色名称',
  roleCode: '角色编码',
  addTitle: '新增角色',
  editTitle: '编辑角色',
  authorize: '授权',
  authorizeTitle: '角色权限配置：{{name}}',
  permissionsSaved: '授权已保存',
};
