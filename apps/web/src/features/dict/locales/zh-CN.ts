/** Texts of the dictionary page (namespace `dict`). en-US must satisfy this type. */
export const dictZhCN = {
  common: {
    createTime: '创建时间',
    description: '描述',
    status: '状态',
    sortOrder: '排序',
    enabled: '启用',
    disabled: '停用',
  },
  title: '数据字典',
  dictName: '字典名称',
  dictCode: '字典编码',
  addTitle: '新增字典',
  editTitle: '编辑字典',
  items: '字典配置',
  itemsTitle: '字典项：{{name}}',
  itemText: '名称',
  itemValue: '数据值',
  addItemTitle: '新增字典项',
  editItemTitle: '编辑字典项',
  refreshCache: '刷新缓存',
};
